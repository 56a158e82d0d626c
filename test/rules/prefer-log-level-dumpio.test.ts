import { describe, expect, it } from 'vitest';
import rule from '../../rules/prefer-log-level-dumpio.js';
import { runOnTree } from '../helpers/include-tree.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['DumpIOInput On\nLogLevel warn dumpio:trace7\n', '# DumpIOLogLevel debug\n'],
  invalid: [
    {
      code: 'LogLevel info\nDumpIOLogLevel notice\n',
      output: 'LogLevel info dumpio:trace7\n',
      errors: [/^DumpIOLogLevel notice chose .* To keep logging the data, append ` dumpio:trace7` to the LogLevel line of the same section \(line 1\)\.$/],
    },
    { name: 'drops a level that the server LogLevel hid', code: 'DumpIOLogLevel debug\n', output: '', errors: ["The server's LogLevel warn hid that level, so 2.2 logged nothing: remove the line."] },
    {
      name: 'reads the LogLevel of the enclosing virtual host',
      code: 'LogLevel warn\r\n<VirtualHost *:80>\r\n\tLogLevel debug\r\n\t<IfModule dumpio_module>\r\n\t\tDumpIOLogLevel \\\r\n DEBUG\r\n\t</IfModule>\r\n</VirtualHost>\r\n',
      output: 'LogLevel warn\r\n<VirtualHost *:80>\r\n\tLogLevel debug\r\n\t<IfModule dumpio_module>\r\n\t\tLogLevel dumpio:trace7\r\n\t</IfModule>\r\n</VirtualHost>\r\n',
      errors: ['write `LogLevel dumpio:trace7` in its place'],
    },
    { name: 'reports a value that is no level', code: 'DumpIOLogLevel 7\n', output: null, errors: ['`7` is not a level'] },
    // Found by a helper's bug hunt: both 2.2 and 2.4 replace ${NAME} before the directive reads the line, so the value is not decided on.
    { name: 'a ${NAME} level is reported as such', code: 'DumpIOLogLevel ${DUMP_LEVEL}\n', output: null, errors: [/The level comes from \$\{DUMP_LEVEL\}, known only when httpd starts: remove the line, and write `LogLevel dumpio:trace7` if/] },
  ],
});

describe('a plain LogLevel of an included file read later', () => {
  it('is named in a finding instead of a fix that it would undo', () => {
    const tree = (defaults: string) => runOnTree(rule, {
      'httpd.conf': 'ServerRoot "${dir}"\nLogLevel debug\nDumpIOLogLevel debug\nInclude conf.d/*.conf\n',
      'conf.d/defaults.conf': defaults,
    });
    const r = tree('LogLevel debug\n');
    expect(r.applied).toEqual([]);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/`LogLevel dumpio:trace7` must take its place, but the plain `LogLevel debug` that httpd reads later for the same server \(conf\.d\/defaults\.conf:1\) resets every module's level/)]);
    const fixed = tree('LogLevel debug dumpio:trace7\n');
    expect(fixed.applied).toHaveLength(1);
    expect(fixed.output).toMatch(/\nLogLevel debug dumpio:trace7\nInclude conf\.d\/\*\.conf\n$/);
  });
});
