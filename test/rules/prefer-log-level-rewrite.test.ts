import rule from '../../rules/prefer-log-level-rewrite.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['LogLevel warn rewrite:trace3\n', '<IfVersion < 2.3.6>\n  RewriteLog logs/r\n  RewriteLogLevel 9\n</IfVersion>\n', '# RewriteLog logs/rewrite_log\nRewriteEngine On\n'],
  invalid: [
    {
      code: 'RewriteLog logs/rewrite_log\nRewriteLogLevel 2\n',
      output: 'LogLevel rewrite:trace2\n',
      errors: [/^RewriteLogLevel 2 set .* For the same trace, write `LogLevel rewrite:trace2` in its place\.$/, /^RewriteLog logs\/rewrite_log wrote .*Remove the line and read the error log instead\.$/],
    },
    { code: 'RewriteLogLevel 0\n', output: '', errors: ['Level 0 logged nothing'] },
    { name: 'drops a level no RewriteLog used', code: 'RewriteEngine On\nRewriteLogLevel 5\n', output: 'RewriteEngine On\n', errors: ['No RewriteLog named a file for this server'] },
    {
      name: 'merges into a later LogLevel of the same section',
      code: 'RewriteLog logs/r\nRewriteLogLevel 4\nLogLevel debug\n',
      output: 'LogLevel debug rewrite:trace4\n',
      errors: ['append ` rewrite:trace4` to the LogLevel line of the same section (line 3)', 'RewriteLog logs/r'],
    },
    {
      name: 'repeats the level after a later plain LogLevel outside its <IfModule>',
      code: '<IfModule mod_rewrite.c>\n  RewriteLog logs/r\n  RewriteLogLevel 2\n</IfModule>\nLogLevel warn\n',
      output: '<IfModule mod_rewrite.c>\n  LogLevel rewrite:trace2\n</IfModule>\nLogLevel warn\n<IfModule mod_rewrite.c>\n    LogLevel rewrite:trace2\n</IfModule>\n',
      errors: ['and again after the later LogLevel on line 5, which would reset it', 'RewriteLog'],
    },
    {
      name: 'uses the main RewriteLog for a virtual host that inherits it',
      code: '<VirtualHost *:80>\n  RewriteOptions Inherit\n  RewriteLogLevel 1\n</VirtualHost>\nRewriteLog logs/r\n',
      output: '<VirtualHost *:80>\n  RewriteOptions Inherit\n  LogLevel rewrite:trace1\n</VirtualHost>\n',
      errors: ['write `LogLevel rewrite:trace1`', 'RewriteLog'],
    },
    {
      name: 'ignores the main RewriteLog for a virtual host that does not inherit',
      code: '<VirtualHost *:80>\n  RewriteLogLevel 1\n</VirtualHost>\nRewriteLog logs/r\n',
      output: '<VirtualHost *:80>\n</VirtualHost>\n',
      errors: ['No RewriteLog named a file', 'RewriteLog'],
    },
    { name: 'caps level 9', code: 'RewriteLog \\\r\n  logs/r\r\nRewriteLogLevel 9\r\n', output: 'LogLevel rewrite:trace8\r\n', errors: ['level 9 is capped', 'RewriteLog'] },
  ],
});
