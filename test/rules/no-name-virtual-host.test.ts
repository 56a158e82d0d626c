import rule from '../../rules/no-name-virtual-host.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['<VirtualHost *:80>\nServerName a\n</VirtualHost>\n', '#NameVirtualHost *:80\n'],
  invalid: [
    { code: 'Listen 80\nNameVirtualHost *:80\n', output: 'Listen 80\n', errors: ['NameVirtualHost *:80 is removed'] },
    { name: 'removes a last line that has no line ending', code: 'Listen 80\r\nnamevirtualhost 10.0.0.1:443', output: 'Listen 80', errors: ['ignores it (AH00548)'] },
    { name: 'removes a continued line whole', code: 'NameVirtualHost \\\n *:80\nListen 80\n', output: 'Listen 80\n', errors: ['NameVirtualHost *:80'] },
    { name: 'removes it inside a conditional section', code: '<IfModule mod_ssl.c>\n  NameVirtualHost *:443\n  Listen 443\n</IfModule>\n', output: '<IfModule mod_ssl.c>\n  Listen 443\n</IfModule>\n', errors: ['*:443'] },
  ],
});
