import { describe, expect, it } from 'vitest';
import rule from '../../rules/explicit-allow-override.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { besideMain, checkCase, ruleTester, runRule } from '../helpers/rule-tester.js';


ruleTester(rule, {
  project: besideMain,
  valid: [
    '<Directory />\n    AllowOverride None\n</Directory>\n<Directory /var/www>\n    Options None\n</Directory>\n',
    '<Directory ~ "^/var/www">\n    Options None\n</Directory>\n<DirectoryMatch "^/srv">\n</DirectoryMatch>\n',
    '<IfVersion < 2.4>\n<Directory /var/www>\n</Directory>\n</IfVersion>\n',
    '<Directory /var/www>\n  <IfModule mod_rewrite.c>\n    AllowOverride FileInfo\n  </IfModule>\n</Directory>\n',
    '<Directory /var/www>\n  AllowOverride None\n</Directory>\n<Directory /var/www/>\n  Options None\n</Directory>\n',
  ],
  invalid: [
    {
      // No <Directory> covers /srv/my www, so 2.4 leaves AllowOverride unset there (see the describe below); a path with
      // a space is one the added <Directory> line would not name as directoryCovers reads it back, so it is reported.
      name: 'reports a .htaccess that no <Directory> covers, where it cannot add one',
      filename: '/srv/my www/.htaccess',
      code: 'Options -Indexes\n',
      output: null,
      errors: [/^No <Directory> of this configuration covers \/srv\/my www: .*\("Options not allowed here"\)/],
    },
    {
      // `<Directory "/srv/w*w">` would be a wildcard to httpd, covering /srv/wxw and others 2.2 read under other values.
      name: 'reports a .htaccess that no <Directory> covers, whose path httpd would read as a wildcard',
      filename: '/srv/w*w/.htaccess',
      code: 'Options -Indexes\n',
      output: null,
      errors: [/^No <Directory> of this configuration covers \/srv\/w\*w: /],
    },
    {
      // Found by a helper's bug hunt: written, AllowOverride All made the real 2.4 obey a .htaccess that
      // v.test's own <Directory> had turned off (GET /a/ with Host: v.test served another index).
      name: 'reports, and does not write, where a virtual host\'s own <Directory> above sets AllowOverride for its requests',
      code: '<Directory /srv/htdocs/a>\n    Options None\n</Directory>\n<VirtualHost *:80>\n    ServerName v.test\n    <Directory /srv/htdocs>\n        AllowOverride None\n    </Directory>\n</VirtualHost>\n',
      output: null,
      errors: [/^No AllowOverride applies to <Directory \/srv\/htdocs\/a> for the main server: .*<VirtualHost> v\.test sets AllowOverride in <Directory \/srv\/htdocs>/],
    },
    {
      name: 'writes AllowOverride All into the shallowest section only',
      code: '<Directory /var/www>\n    Options None\n</Directory>\n<Directory /var/www/html>\n    Options None\n</Directory>\n',
      output: '<Directory /var/www>\n    AllowOverride All\n    Options None\n</Directory>\n<Directory /var/www/html>\n    Options None\n</Directory>\n',
      errors: [/^No AllowOverride applies to <Directory \/var\/www>: httpd 2\.2 defaulted to AllowOverride All.*answers 500.*"AllowOverride All"/],
    },
    {
      name: 'keeps CRLF and the indentation of the section',
      code: '<VirtualHost *:80>\r\n\t<Directory "/srv/a">\r\n\t\tOrder allow,deny\r\n\t</Directory>\r\n</VirtualHost>\r\n',
      output: '<VirtualHost *:80>\r\n\t<Directory "/srv/a">\r\n\t\tAllowOverride All\r\n\t\tOrder allow,deny\r\n\t</Directory>\r\n</VirtualHost>\r\n',
      errors: ['<Directory "/srv/a">'],
    },
    {
      name: 'fills an empty section inside <IfModule>, with no final newline',
      code: '<IfModule mod_dir.c>\n  <Directory /srv/b>\n  </Directory>\n</IfModule>',
      output: '<IfModule mod_dir.c>\n  <Directory /srv/b>\n      AllowOverride All\n  </Directory>\n</IfModule>',
      errors: ['AllowOverride All'],
    },
    {
      name: 'a wildcard section covers the paths it matches',
      code: '<Directory /home/*/public_html>\n  Options None\n</Directory>\n<Directory /home/bob/public_html/cgi>\n  Options ExecCGI\n</Directory>\n',
      output: '<Directory /home/*/public_html>\n  AllowOverride All\n  Options None\n</Directory>\n<Directory /home/bob/public_html/cgi>\n  Options ExecCGI\n</Directory>\n',
      errors: ['/home/*/public_html'],
    },
    {
      name: 'the first of two sections of the same path gets it',
      code: '<Directory /srv/c>\n  Options None\n</Directory>\n<Directory /srv/c/>\n  DirectoryIndex index.php\n</Directory>\n',
      output: '<Directory /srv/c>\n  AllowOverride All\n  Options None\n</Directory>\n<Directory /srv/c/>\n  DirectoryIndex index.php\n</Directory>\n',
      errors: ['/srv/c'],
    },
    {
      name: 'an AllowOverride inside a nested <Files> does not count',
      code: '<Directory /srv/d>\n  <Files x>\n    AllowOverride None\n  </Files>\n</Directory>\n',
      output: '<Directory /srv/d>\n    AllowOverride All\n  <Files x>\n    AllowOverride None\n  </Files>\n</Directory>\n',
      errors: ['/srv/d'],
    },
    {
      name: 'a section of another virtual host does not cover this one',
      code: '<VirtualHost a:80>\n<Directory /srv>\nAllowOverride None\n</Directory>\n</VirtualHost>\n<VirtualHost b:80>\n<Directory /srv/e>\n</Directory>\n</VirtualHost>\n',
      output: '<VirtualHost a:80>\n<Directory /srv>\nAllowOverride None\n</Directory>\n</VirtualHost>\n<VirtualHost b:80>\n<Directory /srv/e>\n    AllowOverride All\n</Directory>\n</VirtualHost>\n',
      errors: ['/srv/e'],
    },
    {
      // Found by a tester: the main server's /d/x lost 2.2's default for every request not to that host.
      name: 'a section of a virtual host does not cover the main server\'s',
      code: '<VirtualHost *:80>\n<Directory /d>\nOptions None\n</Directory>\n</VirtualHost>\n<Directory /d/x>\nOptions None\n</Directory>\n',
      output: '<VirtualHost *:80>\n<Directory /d>\n    AllowOverride All\nOptions None\n</Directory>\n</VirtualHost>\n<Directory /d/x>\n    AllowOverride All\nOptions None\n</Directory>\n',
      errors: ['<Directory /d>', '<Directory /d/x>'],
    },
    {
      name: 'handles an opening line continued over two lines',
      code: '<Directory \\\n    "/srv/g">\n  Options None\n</Directory>\n',
      output: '<Directory \\\n    "/srv/g">\n  AllowOverride All\n  Options None\n</Directory>\n',
      errors: ['<Directory "/srv/g">'],
    },
  ],
});

describe('explicit-allow-override across a project', () => {
  const main = parse('ServerRoot /etc/httpd\n<Directory />\n    AllowOverride None\n</Directory>\nInclude conf.d/*.conf\n', '/etc/httpd/conf/httpd.conf');
  const site = '<Directory /var/www/site>\n    Options None\n</Directory>\n';
  const project = (f: import('../../src/ast/nodes.js').ConfigFile) => projectOf([
    { path: main.path, display: 'httpd.conf', kind: 'conf', ast: main },
    { path: f.path, display: 'site.conf', kind: 'conf', ast: f },
  ]);

  it('leaves a section alone when a <Directory /> in another file sets AllowOverride', () => {
    const r = runRule(rule, site, '/etc/httpd/conf.d/site.conf', {}, project);
    expect(r.applied).toEqual([]);
    expect(r.remaining).toEqual([]);
  });

  it('writes into the other file only when nothing covers its section', () => {
    const lone = parse('ServerRoot /etc/httpd\nInclude conf.d/*.conf\n', '/etc/httpd/conf/httpd.conf');
    const alone = (f: import('../../src/ast/nodes.js').ConfigFile) => projectOf([
      { path: lone.path, display: 'httpd.conf', kind: 'conf', ast: lone },
      { path: f.path, display: 'site.conf', kind: 'conf', ast: f },
    ]);
    checkCase(rule, site, '<Directory /var/www/site>\n    AllowOverride All\n    Options None\n</Directory>\n', '/etc/httpd/conf.d/site.conf', {}, alone);
  });
});

describe('explicit-allow-override without the main configuration', () => {
  it('reports without a fix, since a <Directory /> saying None may be out of sight', () => {
    const code = '<VirtualHost *:80>\n  <Directory /srv/site>\n  </Directory>\n</VirtualHost>\n';
    const r = runRule(rule, code, '/etc/apache2/sites-available/site');
    expect(r.output).toBe(code);
    expect(r.applied).toEqual([]);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/^No AllowOverride applies to <Directory \/srv\/site> in the files loaded \(the main configuration is not among them\).*if no enclosing <Directory> of the main configuration sets AllowOverride/)]);
  });
});

describe('a .htaccess that no <Directory> covers (found by a helper\'s bug hunt)', () => {
  // DocumentRoot with no <Directory> for it: 2.2 obeyed the file's DirectoryIndex under its default
  // AllowOverride All; the real 2.4 answered GET / with 500 ("DirectoryIndex not allowed here"), and
  // nothing was said, since the rule only writes into <Directory> sections that exist.
  const main = parse('ServerRoot /etc/httpd\nListen 80\nDocumentRoot /srv/htdocs\n<Directory /srv/other>\n    AllowOverride None\n</Directory>\n', '/etc/httpd/conf/httpd.conf');
  const project = (f: import('../../src/ast/nodes.js').ConfigFile) => projectOf([
    { path: main.path, display: 'httpd.conf', kind: 'conf', ast: main },
    { path: f.path, display: f.path, kind: 'htaccess', ast: f },
  ]);

  it('gets, at the end of the main configuration, a <Directory> with AllowOverride All, and the file itself no finding', () => {
    const htaccess = parse('DirectoryIndex other.html\n', '/srv/htdocs/.htaccess');
    const r = runRule(rule, main.text, main.path, {}, () => project(htaccess));
    expect(r.output).toBe(`${main.text}<Directory "/srv/htdocs">\n    AllowOverride All\n</Directory>\n`);
    expect(r.applied.map((p) => p.message)).toEqual(['No <Directory> of this configuration covers /srv/htdocs, where /srv/htdocs/.htaccess is: httpd 2.2 read it under its default AllowOverride All, and 2.4 leaves AllowOverride unset there, where it answers 500 to any directive in the file. Add at the end of this file <Directory "/srv/htdocs"> with AllowOverride All to keep the 2.2 behaviour.']);
    expect(runRule(rule, 'DirectoryIndex other.html\n', '/srv/htdocs/.htaccess', {}, project).remaining).toEqual([]);
  });

  it('adds one <Directory> for the topmost of several such directories, once', () => {
    // a-b sorts between a and a/b: it is a sibling of a, and a/b is still below a.
    const files = ['/srv/htdocs/a/.htaccess', '/srv/htdocs/a-b/.htaccess', '/srv/htdocs/a/b/.htaccess', '/srv/htdocs/c/.htaccess'].map((p) => parse('DirectoryIndex other.html\n', p));
    const tree = (m: import('../../src/ast/nodes.js').ConfigFile) => projectOf([{ path: m.path, display: 'httpd.conf', kind: 'conf', ast: m },
      ...files.map((f) => ({ path: f.path, display: f.path, kind: 'htaccess' as const, ast: f }))]);
    const r = runRule(rule, main.text, main.path, {}, tree);
    expect(r.output).toBe(`${main.text}<Directory "/srv/htdocs/a">\n    AllowOverride All\n</Directory>\n<Directory "/srv/htdocs/a-b">\n    AllowOverride All\n</Directory>\n<Directory "/srv/htdocs/c">\n    AllowOverride All\n</Directory>\n`);
    // Read back, the added sections cover the files: a second run adds nothing.
    expect(runRule(rule, r.output, main.path, {}, tree).output).toBe(r.output);
  });

  it('says nothing where a <Directory> covers it, or for Allow/Deny lines (allowoverride-authconfig\'s)', () => {
    expect(runRule(rule, 'DirectoryIndex other.html\n', '/srv/other/sub/.htaccess', {}, project).remaining).toEqual([]);
    expect(runRule(rule, 'Order deny,allow\nDeny from all\n', '/srv/htdocs/.htaccess', {}, project).remaining).toEqual([]);
  });
});

describe('a <Directory> that the migrated 2.4 tree does not read covers no .htaccess (found in review)', () => {
  // The sections were found by a text scan: one in a comment, or in a branch 2.4 skips, counted as covering the file,
  // so no <Directory> was added and 2.4 answered 500 below it.
  const covered = (conf: string) => {
    const main = parse(`ServerRoot /etc/httpd\nListen 80\nLoadModule authz_host_module modules/mod_authz_host.so\nLoadModule authz_default_module modules/mod_authz_default.so\nDocumentRoot /srv/htdocs\n${conf}`, '/etc/httpd/conf/httpd.conf');
    const htaccess = parse('DirectoryIndex other.html\n', '/srv/htdocs/.htaccess');
    const tree = () => projectOf([{ path: main.path, display: 'httpd.conf', kind: 'conf', ast: main }, { path: htaccess.path, display: htaccess.path, kind: 'htaccess', ast: htaccess }]);
    return !runRule(rule, main.text, main.path, {}, tree).output.includes('<Directory "/srv/htdocs">\n    AllowOverride All\n</Directory>\n');
  };

  it('adds the section where the only one is in a comment, in <IfModule !mod_authz_default.c> or in <IfVersion < 2.4>', () => {
    expect(covered('# <Directory /srv/htdocs>\n')).toBe(false);
    expect(covered('<IfModule !mod_authz_default.c>\n<Directory /srv/htdocs>\n    AllowOverride All\n</Directory>\n</IfModule>\n')).toBe(false);
    expect(covered('<IfVersion < 2.4>\n<Directory /srv>\n    AllowOverride All\n</Directory>\n</IfVersion>\n')).toBe(false);
  });

  it('counts one 2.4 reads, and one in an <IfDefine> (the server may be started with its name)', () => {
    expect(covered('<IfModule mod_authz_default.c>\n<Directory /srv/htdocs>\n    AllowOverride All\n</Directory>\n</IfModule>\n')).toBe(true);
    expect(covered('<IfDefine SSL>\n<Directory /srv>\n    AllowOverride All\n</Directory>\n</IfDefine>\n')).toBe(true);
  });
});
