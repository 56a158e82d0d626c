import rule from '../../rules/prefer-log-level-dumpio.js';
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
  ],
});
