import rule from '../../rules/double-backslash-eol.js';
import { ruleTester } from '../helpers/rule-tester.js';

// Found by a helper's bug hunt: kept for mod_access_compat, the Deny below such a comment was part of
// the comment for the real 2.4, which then let every client in.
ruleTester(rule, {
  valid: [
    'DocumentRoot /srv\n',
    '# a path\\ \nDeny from all\n',
    'Alias /a \\\n    /srv/a\n',
  ],
  invalid: [
    {
      name: 'ends a comment line in \\\\ with a backslash and a space',
      code: '# share is \\\\server\\www\\\\\nDeny from all\n',
      output: '# share is \\\\server\\www\\ \nDeny from all\n',
      errors: [/^This line ends in \\\\: 2\.2 read an escaped backslash/],
    },
    {
      name: 'keeps CRLF',
      code: 'Alias /a C:\\\\\r\nDeny from all\r\n',
      output: 'Alias /a C:\\ \r\nDeny from all\r\n',
      errors: ['2.4 reads a continuation'],
    },
  ],
});
