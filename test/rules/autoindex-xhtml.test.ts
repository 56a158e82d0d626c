import rule from '../../rules/autoindex-xhtml.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['IndexOptions FancyIndexing\n', 'IndexOptions -ScanHTMLTitles\n', '# IndexOptions ScanHTMLTitles\n', 'IndexIgnore ScanHTMLTitles\n'],
  invalid: [
    {
      code: 'IndexOptions FancyIndexing scanhtmltitles\n',
      output: null,
      errors: [/^With IndexOptions ScanHTMLTitles, 2\.2's mod_autoindex read .*2\.4 also reads the titles of \.xhtml files.*AddDescription "XHTML document" \.xhtml$/],
    },
    { code: '<Directory /a>\r\n IndexOptions +ScanHTMLTitles\r\n</Directory>\r\n<Directory /b>\r\n IndexOptions ScanHTMLTitles\r\n</Directory>\r\n', output: null, errors: ['.xhtml', '.xhtml'] },
  ],
});
