import rule from '../../rules/no-debug-level-option.js';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { fixFile } from '../../src/engine/fix-loop.js';
import { runOnTree } from '../helpers/include-tree.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['CharsetOptions ImplicitAdd\nExtFilterOptions LogStderr\n', 'LogLevel debug\nSetOutputFilter DebugLevel=1\n'],
  invalid: [
    {
      code: 'LogLevel debug\nCharsetOptions DebugLevel=4\n',
      output: 'LogLevel debug charset_lite:trace4\n',
      errors: [/^CharsetOptions DebugLevel=4 made mod_charset_lite log .* Remove the line \(it has no other option\)\. For the same detail, append ` charset_lite:trace4` to the LogLevel line of the same section \(line 1\)\.$/],
    },
    { name: 'drops the option when the server hid debug messages', code: 'ExtFilterOptions NoLogStderr DebugLevel=9\n', output: 'ExtFilterOptions NoLogStderr\n', errors: ["The server's LogLevel warn hid debug messages"] },
    { name: 'drops level 0', code: 'LogLevel debug\nExtFilterOptions DebugLevel=0 LogStderr\n', output: 'LogLevel debug\nExtFilterOptions LogStderr\n', errors: ['Level 0 logged nothing'] },
    {
      name: 'inserts a LogLevel inside the same <IfModule> and keeps CRLF',
      code: 'LogLevel debug\r\n<IfModule mod_ext_filter.c>\r\n  ExtFilterOptions \\\r\n    "DebugLevel=2" LogStderr\r\n</IfModule>\r\n',
      output: 'LogLevel debug\r\n<IfModule mod_ext_filter.c>\r\n  LogLevel ext_filter:trace2\r\n  ExtFilterOptions \\\r\n    LogStderr\r\n</IfModule>\r\n',
      errors: ['Remove `"DebugLevel=2"`. For the same detail, write `LogLevel ext_filter:trace2` just before it.'],
    },
    {
      name: 'does not put LogLevel in .htaccess',
      filename: '/var/www/.htaccess',
      code: 'CharsetOptions DebugLevel=3 ImplicitAdd\n',
      output: 'CharsetOptions ImplicitAdd\n',
      options: {},
      errors: ["The server's LogLevel warn hid debug messages"],
    },
    // Found by a helper's bug hunt: both 2.2 and 2.4 replace ${NAME} before the directive reads the line, so the value is not decided on.
    {
      name: 'a ${NAME} level is reported, not removed as "Level 0 logged nothing"',
      code: 'CharsetOptions DebugLevel=${CS_DEBUG}\nExtFilterOptions LogStderr DebugLevel=${EF_DEBUG}\n',
      output: null,
      errors: [
        /^CharsetOptions DebugLevel=\$\{CS_DEBUG\} made .* Remove the line \(it has no other option\)\. The level comes from \$\{CS_DEBUG\}, known only when httpd starts: where it is 1 or more .*`LogLevel charset_lite:traceN`/,
        /Remove `DebugLevel=\$\{EF_DEBUG\}`\. The level comes from \$\{EF_DEBUG\}/,
      ],
    },
  ],
});

describe('no-debug-level-option in .htaccess', () => {
  it('names the LogLevel line for the server configuration instead of writing it', () => {
    const main = parse('LogLevel debug\nAccessFileName .htaccess\n', '/etc/httpd/httpd.conf');
    const ht = parse('CharsetOptions DebugLevel=3 ImplicitAdd\n', '/var/www/.htaccess');
    const project = projectOf([
      { path: main.path, display: main.path, kind: 'conf', ast: main },
      { path: ht.path, display: ht.path, kind: 'htaccess', ast: ht },
    ]);
    const r = fixFile(ht, [rule], project);
    expect(r.output).toBe('CharsetOptions ImplicitAdd\n');
    expect(r.applied.map((p) => p.message)).toEqual([expect.stringContaining('LogLevel cannot go in .htaccess: write `LogLevel charset_lite:trace3` in the matching <Directory>')]);
  });
});

describe('no-debug-level-option with a plain LogLevel of an included file read later', () => {
  it('names that line in a finding instead of a fix that it would undo', () => {
    const r = runOnTree(rule, {
      'httpd.conf': 'ServerRoot "${dir}"\nLogLevel debug\nCharsetOptions DebugLevel=4\nInclude conf.d/*.conf\n',
      'conf.d/defaults.conf': 'LogLevel debug\n',
    });
    expect(r.applied).toEqual([]);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/write `LogLevel charset_lite:trace4`, but the plain `LogLevel debug` that httpd reads later for the same server \(conf\.d\/defaults\.conf:1\) resets/)]);
  });
});
