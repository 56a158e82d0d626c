import { describe, expect, it } from 'vitest';
import rule from '../../rules/prefer-log-level-rewrite.js';
import { runOnTree } from '../helpers/include-tree.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

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
    // Found by a helper's bug hunt: both 2.2 and 2.4 replace ${NAME} before the directive reads the line, so the value is not decided on.
    {
      name: 'a ${NAME} level is reported, not read as "logged nothing"',
      code: 'RewriteEngine On\nRewriteLogLevel ${REWRITE_LEVEL}\n',
      output: null,
      errors: [/^RewriteLogLevel \$\{REWRITE_LEVEL\} set how much .*The level comes from \$\{REWRITE_LEVEL\}, known only when httpd starts: remove the line, and where it is 1 or more .*`LogLevel rewrite:traceN`/],
    },
  ],
});

describe('a plain LogLevel that another file resets the level with', () => {
  /** The tree of the bug report: the old lines before `Include conf.d/*.conf`, whose file holds `defaults`. */
  const tree = (defaults: string, around = (s: string) => s) => runOnTree(rule, {
    'httpd.conf': `ServerRoot "\${dir}"\nRewriteEngine On\nRewriteLog logs/rewrite.log\nRewriteLogLevel 3\n${around('Include conf.d/*.conf')}\n`,
    'conf.d/defaults.conf': defaults,
  });

  it('reports instead of fixing when the last reset of the same server is in an included file read later, naming its file and line', () => {
    const r = tree('# site defaults\nLogLevel warn\n');
    expect(r.applied).toEqual([]);
    expect(r.remaining.map((p) => p.message)).toEqual([
      expect.stringMatching(/^RewriteLog logs\/rewrite\.log wrote/),
      expect.stringMatching(/^RewriteLogLevel 3 set .*`LogLevel rewrite:trace3` must take its place, but the plain `LogLevel warn` that httpd reads later for the same server \(.*conf\.d\/defaults\.conf:2\) resets every module's level in 2\.4, so the trace would stay off: add ` rewrite:trace3` to that line/),
    ]);
  });

  it('fixes as before once that line sets the module again, or when the reset is for another server', () => {
    expect(tree('LogLevel warn rewrite:trace3\n').applied.map((p) => p.message)).toEqual([expect.stringContaining('write `LogLevel rewrite:trace3` in its place'), expect.stringContaining('RewriteLog logs')]);
    expect(tree('<VirtualHost *:80>\nLogLevel warn\n</VirtualHost>\n').applied).toHaveLength(2);
    expect(tree('LogLevel warn\n', (s) => `<VirtualHost *:80>\n${s}\n</VirtualHost>`).applied).toHaveLength(2);
  });
});

// Found by a helper's bug hunt on the real 2.4.71: `RewriteLogLevel 2` in a .htaccess was removed as "logged
// nothing", and the directory that 2.2 (and 2.4) answered 500 for ("not allowed here") was served with 200.
describe('RewriteLog and RewriteLogLevel in a .htaccess', () => {
  it('are reported, not removed: 2.2 refused them there and answered 500, as 2.4 does', () => {
    for (const code of ['RewriteEngine On\nRewriteLogLevel 2\n', 'RewriteLog logs/r\nRewriteLogLevel 0\n']) {
      const r = runRule(rule, code, '/srv/www/.htaccess');
      expect(r.output).toBe(code);
      expect(r.applied).toEqual([]);
      expect(r.remaining.length).toBeGreaterThan(0);
      for (const p of r.remaining) expect(p.message).toMatch(/is not allowed in \.htaccess: 2\.2 refused the line .*answered 500 .*2\.4, which has no RewriteLog(Level)?, answers 500 there too/);
    }
  });
});

describe('a virtual host in another file that inherits the main server\'s RewriteLog', () => {
  const tree = (main: string) => runOnTree(rule, {
    'httpd.conf': `ServerRoot "\${dir}"\n${main}Include conf.d/*.conf\n`,
    'conf.d/v.conf': '<VirtualHost *:80>\n  RewriteOptions Inherit\n  RewriteLogLevel 2\n</VirtualHost>\n',
  }, 'conf.d/v.conf');

  it('gets the trace where the main file names a RewriteLog, and loses the line where none does', () => {
    expect(tree('RewriteLog logs/r\n').output).toBe('<VirtualHost *:80>\n  RewriteOptions Inherit\n  LogLevel rewrite:trace2\n</VirtualHost>\n');
    expect(tree('').applied.map((p) => p.message)).toEqual([expect.stringContaining('No RewriteLog named a file for this server, so 2.2 logged nothing: remove the line.')]);
    // A RewriteLog of another virtual host is not the main server's.
    expect(tree('<VirtualHost *:81>\nRewriteLog logs/other\n</VirtualHost>\n').output).toBe('<VirtualHost *:80>\n  RewriteOptions Inherit\n</VirtualHost>\n');
  });
});
