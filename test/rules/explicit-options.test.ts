import { describe, expect, it } from 'vitest';
import rule from '../../rules/explicit-options.js';
import { besideMain, ruleTester, runRule } from '../helpers/rule-tester.js';

ruleTester(rule, {
  project: besideMain,
  valid: [
    '<Directory />\n    Options FollowSymLinks\n</Directory>\n<Directory /var/www>\n    Order allow,deny\n</Directory>\n',
    'Options None\n<Directory /var/www>\n    AllowOverride None\n</Directory>\n',
    '<VirtualHost *:80>\n  Options -Indexes +FollowSymLinks Includes\n  <Directory /srv/a>\n  </Directory>\n</VirtualHost>\n',
    '<Directory /srv/b>\n  <IfModule mod_include.c>\n    Options Includes\n  </IfModule>\n</Directory>\n',
    '<IfVersion < 2.4>\n  <Directory /srv/c>\n  </Directory>\n</IfVersion>\n',
  ],
  invalid: [
    {
      name: 'an Options line of only +/- words still builds on the default',
      code: '<Directory /srv/d>\n\tOptions -Indexes\n</Directory>\n',
      output: '<Directory /srv/d>\n\tOptions All\n\tOptions -Indexes\n</Directory>\n',
      errors: [/^No Options line sets the options of <Directory \/srv\/d>: httpd 2\.2 defaulted to Options All \(Indexes Includes FollowSymLinks ExecCGI\), 2\.4 defaults to FollowSymLinks only.*"Options All".*usually unwanted/],
    },
    {
      name: 'offers the line only in the shallowest section, keeping CRLF',
      code: '<Directory "/srv/e">\r\n  DirectoryIndex index.html\r\n</Directory>\r\n<Directory "/srv/e/sub">\r\n</Directory>\r\n',
      output: '<Directory "/srv/e">\r\n  Options All\r\n  DirectoryIndex index.html\r\n</Directory>\r\n<Directory "/srv/e/sub">\r\n</Directory>\r\n',
      errors: ['<Directory "/srv/e">'],
    },
    {
      name: 'Options set in another virtual host do not count',
      code: '<VirtualHost a:80>\n  Options None\n</VirtualHost>\n<VirtualHost b:80>\n  <Directory /srv/f>\n  </Directory>\n</VirtualHost>\n',
      output: '<VirtualHost a:80>\n  Options None\n</VirtualHost>\n<VirtualHost b:80>\n  <Directory /srv/f>\n      Options All\n  </Directory>\n</VirtualHost>\n',
      errors: ['/srv/f'],
    },
    {
      name: 'handles a continued Options line of only relative words',
      code: '<Directory /srv/h>\n  Options -Indexes \\\n    +FollowSymLinks\n</Directory>\n',
      output: '<Directory /srv/h>\n  Options All\n  Options -Indexes \\\n    +FollowSymLinks\n</Directory>\n',
      errors: ['/srv/h'],
    },
  ],
});

describe('explicit-options without the main configuration', () => {
  it('reports without offering a line, since a <Directory /> may be out of sight', () => {
    const code = '<VirtualHost *:80>\n  <Directory /srv/site>\n  </Directory>\n</VirtualHost>\n';
    const r = runRule(rule, code, '/etc/apache2/sites-available/site');
    expect(r.output).toBe(code);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/^No Options line sets the options of <Directory \/srv\/site> in the files loaded \(the main configuration is not among them\).*if the main configuration sets no Options for it/)]);
    expect(r.remaining[0]!.suggestion).toBeUndefined();
  });
});
