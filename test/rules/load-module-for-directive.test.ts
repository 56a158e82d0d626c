import { describe, expect, it } from 'vitest';
import rule from '../../rules/load-module-for-directive.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

const LOADS = 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule mime_module modules/mod_mime.so\n';

ruleTester(rule, {
  valid: [
    // No LoadModule lines: a fragment or a static build, nothing to say.
    'Header set X-A b\nRewriteEngine On\n',
    'ServerRoot /etc/httpd\nHeader set X-A b\n',
    // A conf.d file with one LoadModule of its own relies on the main file for the rest.
    'LoadModule ssl_module modules/mod_ssl.so\nListen 443\nSetEnvIf User-Agent ".*MSIE.*" nokeepalive\n',
    // Loaded, built in (CustomLog: mod_log_config is compiled into Debian's 2.4), or core.
    `${LOADS}LoadModule headers_module modules/mod_headers.so\nHeader set X-A b\nCustomLog logs/access_log combined\nDocumentRoot /srv\n`,
    // Inside <IfModule> of the same module: skipped by httpd when the module is missing.
    `${LOADS}<IfModule mod_rewrite.c>\n  RewriteEngine On\n</IfModule>\n<IfModule headers_module>\n  Header set X-A b\n</IfModule>\n`,
    // Inside <IfDirective> of the directive itself, and <IfModule !x> when x is loaded.
    `${LOADS}<IfDirective RewriteEngine>\n  RewriteEngine On\n</IfDirective>\n<IfModule !mime_module>\n  Header set X-A b\n</IfModule>\n`,
    // Directives another rule (load-implicit-modules) adds the module for.
    `${LOADS}<Directory />\n  Order allow,deny\n  Require all granted\n</Directory>\nAddOutputFilterByType DEFLATE text/html\n`,
    // Unknown (third-party or 2.2-only) directives are not this rule's business.
    `${LOADS}PHPIniDir /etc\nSomethingMadeUp 1\n`,
    // Either of mod_cgi and mod_cgid provides ScriptLog.
    `${LOADS}LoadModule cgid_module modules/mod_cgid.so\nScriptLog logs/cgi_log\n`,
    // A renamed 2.2 module counts as its 2.4 self (prefer-mod-cache-disk renames the line).
    `${LOADS}LoadModule cache_module modules/mod_cache.so\nLoadModule disk_cache_module modules/mod_disk_cache.so\nCacheRoot /var/cache\n`,
  ],
  invalid: [
    {
      code: `${LOADS}RewriteEngine On\n`,
      output: `${LOADS}LoadModule rewrite_module modules/mod_rewrite.so\nRewriteEngine On\n`,
      errors: [/^Invalid command 'RewriteEngine' at start-up: 2\.4 needs `LoadModule rewrite_module modules\/mod_rewrite\.so`\. RewriteEngine is provided by mod_rewrite/],
    },
    {
      name: 'one finding per module, at its first use; dependencies loaded first; sections count',
      code: `${LOADS}<Proxy *>\n  ProxyHTMLEnable On\n</Proxy>\nProxyPass /a http://b/\nProxyFCGIBackendType GENERIC\n`,
      output: `${LOADS}LoadModule proxy_module modules/mod_proxy.so\nLoadModule proxy_html_module modules/mod_proxy_html.so\nLoadModule proxy_http_module modules/mod_proxy_http.so\nLoadModule proxy_fcgi_module modules/mod_proxy_fcgi.so\n`
        + '<Proxy *>\n  ProxyHTMLEnable On\n</Proxy>\nProxyPass /a http://b/\nProxyFCGIBackendType GENERIC\n',
      errors: ["Invalid command '<Proxy'", "Invalid command 'ProxyHTMLEnable'", "(scheme 'http')", "Invalid command 'ProxyFCGIBackendType'"],
    },
    {
      name: 'a negated <IfModule> of a missing module is read',
      code: `${LOADS}<IfModule !mod_expires.c>\n  ExpiresActive Off\n</IfModule>\r\n`,
      output: `${LOADS}LoadModule expires_module modules/mod_expires.so\n<IfModule !mod_expires.c>\n  ExpiresActive Off\n</IfModule>\r\n`,
      errors: ["Invalid command 'ExpiresActive'"],
    },
    {
      name: 'takes the module directory from a line of a standard module, not from a third-party module of its own directory',
      code: `${LOADS}LoadModule passenger_module /opt/gems/passenger/ext/apache2/mod_passenger.so\nExpiresActive On\n`,
      output: `${LOADS}LoadModule passenger_module /opt/gems/passenger/ext/apache2/mod_passenger.so\nLoadModule expires_module modules/mod_expires.so\nExpiresActive On\n`,
      errors: ['needs `LoadModule expires_module modules/mod_expires.so`'],
    },
    {
      name: 'writes every module in one edit: one write reaches the fixed point',
      code: `${LOADS}Header set X-A 1\nExpiresActive On\nSetEnvIf Request_URI x y\nRewriteEngine On\nAlias /a/ /srv/\nAction text/x-foo /cgi-bin/foo\nUserDir public_html\n`
        + 'CheckSpelling On\nImapMenu formatted\nIndexOptions FancyIndexing\nLanguagePriority en\nDirectoryIndex index.html\n',
      output: `${LOADS}${['headers', 'expires', 'setenvif', 'rewrite', 'alias', 'actions', 'userdir', 'speling', 'imagemap', 'autoindex', 'negotiation', 'dir'].map((m) => `LoadModule ${m}_module modules/mod_${m}.so\n`).join('')}`
        + 'Header set X-A 1\nExpiresActive On\nSetEnvIf Request_URI x y\nRewriteEngine On\nAlias /a/ /srv/\nAction text/x-foo /cgi-bin/foo\nUserDir public_html\n'
        + 'CheckSpelling On\nImapMenu formatted\nIndexOptions FancyIndexing\nLanguagePriority en\nDirectoryIndex index.html\n',
      errors: ['Header', 'ExpiresActive', 'SetEnvIf', 'RewriteEngine', 'Alias', 'Action', 'UserDir', 'CheckSpelling', 'ImapMenu', 'IndexOptions', 'LanguagePriority', 'DirectoryIndex'],
    },
    {
      name: 'loads the module before an <IfModule> test of it that comes before a later LoadModule line',
      code: 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\n<IfModule mod_headers.c>\n  Header set X-Early yes\n</IfModule>\nLoadModule mime_module modules/mod_mime.so\nHeader set X-Late yes\n',
      output: 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule headers_module modules/mod_headers.so\n<IfModule mod_headers.c>\n  Header set X-Early yes\n</IfModule>\nLoadModule mime_module modules/mod_mime.so\nHeader set X-Late yes\n',
      errors: ["Invalid command 'Header'"],
    },
    {
      name: 'loads the authorization and authentication providers the values name (2.4: "Unknown Authz provider: valid-user")',
      code: `${LOADS}<Location /private>\n  AuthType Basic\n  AuthName "P"\n  AuthUserFile /etc/htpasswd\n  AuthGroupFile /etc/groups\n  Require valid-user\n  Require group admins\n</Location>\n`,
      output: `${LOADS}LoadModule auth_basic_module modules/mod_auth_basic.so\nLoadModule authn_file_module modules/mod_authn_file.so\nLoadModule authz_groupfile_module modules/mod_authz_groupfile.so\nLoadModule authz_user_module modules/mod_authz_user.so\n`
        + '<Location /private>\n  AuthType Basic\n  AuthName "P"\n  AuthUserFile /etc/htpasswd\n  AuthGroupFile /etc/groups\n  Require valid-user\n  Require group admins\n</Location>\n',
      errors: ['`AuthType Basic`: 2.4 says "AuthType Basic configured without corresponding module" (every request there then gets a 500)', "Invalid command 'AuthUserFile'", "Invalid command 'AuthGroupFile'", '`Require valid-user`: 2.4 says "Unknown Authz provider: valid-user" (at start-up)'],
    },
    {
      // Real 2.4.71 with authnz_ldap alone passes -t but refuses to start: "AH01749: Module mod_ldap missing. Mod_ldap
      // (aka. util_ldap) must be loaded in order for mod_authnz_ldap to function properly" (found by a helper's bug hunt).
      name: 'loads mod_ldap before mod_authnz_ldap, which does not start without it',
      code: `${LOADS}LoadModule auth_basic_module modules/mod_auth_basic.so\nLoadModule authn_file_module modules/mod_authn_file.so\n<Location /private>\n  AuthType Basic\n  AuthName "P"\n  AuthUserFile /etc/htpasswd\n  Require ldap-user alice\n</Location>\n`,
      output: `${LOADS}LoadModule auth_basic_module modules/mod_auth_basic.so\nLoadModule authn_file_module modules/mod_authn_file.so\nLoadModule ldap_module modules/mod_ldap.so\nLoadModule authnz_ldap_module modules/mod_authnz_ldap.so\n`
        + '<Location /private>\n  AuthType Basic\n  AuthName "P"\n  AuthUserFile /etc/htpasswd\n  Require ldap-user alice\n</Location>\n',
      errors: ['`Require ldap-user`: 2.4 says "Unknown Authz provider: ldap-user" (at start-up); it needs `LoadModule ldap_module modules/mod_ldap.so` and `LoadModule authnz_ldap_module modules/mod_authnz_ldap.so`'],
    },
    {
      name: 'loads mod_dav_fs for Dav On, its default filesystem provider',
      code: `${LOADS}<Directory /srv/dav>\n  Dav On\n</Directory>\n`,
      output: `${LOADS}LoadModule dav_module modules/mod_dav.so\nLoadModule dav_fs_module modules/mod_dav_fs.so\n<Directory /srv/dav>\n  Dav On\n</Directory>\n`,
      errors: ["Invalid command 'Dav'", '"Unknown DAV provider: filesystem"'],
    },
    {
      // Found by a helper's bug hunt: mod_proxy alone answered every proxied request with 500 (AH01144) on the real 2.4.71.
      name: 'loads the proxy module of each URL scheme the tree forwards to (ProxyPass, BalancerMember, RewriteRule [P])',
      code: `${LOADS}ProxyPass /app http://127.0.0.1:8080/\nProxyPass /bal balancer://c/\n<Proxy balancer://c>\n  BalancerMember balancer://c ajp://127.0.0.1:8009\n</Proxy>\nRewriteEngine On\nRewriteRule ^/f/(.*) ftp://files.example.test/$1 [L,P]\nProxyPass /x !\n`,
      output: `${LOADS}LoadModule proxy_module modules/mod_proxy.so\nLoadModule proxy_http_module modules/mod_proxy_http.so\nLoadModule proxy_balancer_module modules/mod_proxy_balancer.so\n`
        + 'LoadModule proxy_ajp_module modules/mod_proxy_ajp.so\nLoadModule rewrite_module modules/mod_rewrite.so\nLoadModule proxy_ftp_module modules/mod_proxy_ftp.so\n'
        + 'ProxyPass /app http://127.0.0.1:8080/\nProxyPass /bal balancer://c/\n<Proxy balancer://c>\n  BalancerMember balancer://c ajp://127.0.0.1:8009\n</Proxy>\nRewriteEngine On\nRewriteRule ^/f/(.*) ftp://files.example.test/$1 [L,P]\nProxyPass /x !\n',
      errors: [
        "Invalid command 'ProxyPass'",
        /^`ProxyPass \/app http:\/\/127\.0\.0\.1:8080\/`: 2\.4 says "No protocol handler was valid for the URL … \(scheme 'http'\)" \(every request there then gets a 500\); it needs `LoadModule proxy_module modules\/mod_proxy\.so` and `LoadModule proxy_http_module modules\/mod_proxy_http\.so`/,
        "(scheme 'balancer')", "(scheme 'ajp')", "Invalid command 'RewriteEngine'", "`RewriteRule ^/f/(.*) ftp://files.example.test/$1`",
      ],
    },
    {
      name: 'a directive with several providers names the others',
      code: `${LOADS}ScriptLog logs/cgi_log\n`,
      output: `${LOADS}LoadModule cgi_module modules/mod_cgi.so\nScriptLog logs/cgi_log\n`,
      errors: ['needs `LoadModule cgi_module modules/mod_cgi.so` (or mod_cgid)'],
    },
  ],
});

describe('load-module-for-directive across files', () => {
  const main = parse(`${LOADS}Include conf.d/*.conf\n`, '/t/httpd.conf');
  const inc = parse('# vhost\n\nHeader set X-A b\n', '/t/conf.d/a.conf');
  const htaccess = parse('RewriteEngine On\n', '/t/www/.htaccess');
  const project = () => projectOf([
    { path: '/t/httpd.conf', display: 'httpd.conf', kind: 'conf', ast: main },
    { path: '/t/conf.d/a.conf', display: 'conf.d/a.conf', kind: 'conf', ast: inc },
    { path: '/t/www/.htaccess', display: 'www/.htaccess', kind: 'htaccess', ast: htaccess },
  ]);

  it('fixes the file with the LoadModule lines and names the first use in another file', () => {
    const r = runRule(rule, main.text, '/t/httpd.conf', {}, project);
    expect(r.output).toBe(`${LOADS}LoadModule headers_module modules/mod_headers.so\nLoadModule rewrite_module modules/mod_rewrite.so\nInclude conf.d/*.conf\n`);
    const messages = r.applied.map((p) => p.message);
    expect(messages).toHaveLength(2);
    expect(messages.find((m) => m.includes('Header'))).toContain('first used at conf.d/a.conf:3');
    expect(messages.find((m) => m.includes('RewriteEngine'))).toContain('in .htaccess, where every request then gets a 500');
  });

  it('reports nothing in the included file itself', () => {
    const r = runRule(rule, inc.text, '/t/conf.d/a.conf', {}, project);
    expect([...r.applied, ...r.remaining]).toEqual([]);
  });

  it('leaves out a file read only through an Include inside a false <IfModule>, and counts it inside a true one', () => {
    const text = `${LOADS}<IfModule mod_ssl.c>\nInclude conf/ssl.conf\n</IfModule>\n<IfModule mime_module>\nInclude conf/mime.conf\n</IfModule>\n`;
    const top = parse(text, '/u/httpd.conf');
    const ssl = parse('Listen 443\nSSLEngine on\n', '/u/conf/ssl.conf');
    const mime = parse('Header set X-A b\n', '/u/conf/mime.conf');
    const conditional = () => {
      const p = projectOf([
        { path: '/u/httpd.conf', display: 'httpd.conf', kind: 'conf', ast: top },
        { path: '/u/conf/ssl.conf', display: 'conf/ssl.conf', kind: 'conf', ast: ssl },
        { path: '/u/conf/mime.conf', display: 'conf/mime.conf', kind: 'conf', ast: mime },
      ]);
      p.entries.splice(0, p.entries.length, '/u/httpd.conf');
      const [sslLine, mimeLine] = top.children.filter((n) => n.type === 'section').map((s) => s.children.find((c) => c.type === 'directive')!);
      for (const [d, file] of [[sslLine, '/u/conf/ssl.conf'], [mimeLine, '/u/conf/mime.conf']] as const) {
        if (d?.type !== 'directive') throw new Error('no Include line');
        p.includes.push({ from: '/u/httpd.conf', directive: d, optional: false, pattern: file, serverRoot: '/u', files: [file], context: ['ifmodule'] });
      }
      return p;
    };
    const r = runRule(rule, text, '/u/httpd.conf', {}, conditional);
    // httpd 2.4 never reads ssl.conf without mod_ssl: loading mod_ssl for it would turn that block on.
    expect(r.applied.map((p) => p.message)).toEqual([expect.stringContaining("Invalid command 'Header'")]);
    expect(r.output).toBe(text.replace('mod_mime.so\n', 'mod_mime.so\nLoadModule headers_module modules/mod_headers.so\n'));
  });

  it('writes the lines into the main file, not after a LoadModule line read only inside <IfDefine SSL> of an included file', () => {
    const top = parse(`${LOADS}Include modules.d/*.conf\nHeader set X-Frame-Options SAMEORIGIN\n`, '/g/httpd.conf');
    const ssl = parse('<IfDefine SSL>\n<IfModule !mod_ssl.c>\nLoadModule ssl_module modules/mod_ssl.so\n</IfModule>\n</IfDefine>\n', '/g/modules.d/40_mod_ssl.conf');
    const gentoo = () => {
      const p = projectOf([
        { path: '/g/httpd.conf', display: 'httpd.conf', kind: 'conf', ast: top },
        { path: '/g/modules.d/40_mod_ssl.conf', display: 'modules.d/40_mod_ssl.conf', kind: 'conf', ast: ssl },
      ]);
      p.entries.splice(0, p.entries.length, '/g/httpd.conf');
      const d = top.children.find((n) => n.type === 'directive' && n.lname === 'include');
      if (d?.type !== 'directive') throw new Error('no Include line');
      p.includes.push({ from: '/g/httpd.conf', directive: d, optional: false, pattern: '/g/modules.d/*.conf', serverRoot: '/g', files: ['/g/modules.d/40_mod_ssl.conf'], context: [] });
      return p;
    };
    expect(runRule(rule, ssl.text, '/g/modules.d/40_mod_ssl.conf', {}, gentoo).output).toBe(ssl.text);
    expect(runRule(rule, top.text, '/g/httpd.conf', {}, gentoo).output).toBe(top.text.replace('mod_mime.so\n', 'mod_mime.so\nLoadModule headers_module modules/mod_headers.so\n'));
  });

  it('reports, without writing, when every LoadModule line sits inside <IfDefine>', () => {
    const text = 'ServerRoot /srv\n<IfDefine !MINIMAL>\nLoadModule mime_module modules/mod_mime.so\nLoadModule dir_module modules/mod_dir.so\nLoadModule headers_module modules/mod_headers.so\n</IfDefine>\nExpiresActive On\n';
    const r = runRule(rule, text, '/m/httpd.conf');
    expect(r.output).toBe(text);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringContaining('write it at the top level of the main configuration, before this line')]);
    expect(r.remaining[0]!.message).toContain('`LoadModule expires_module modules/mod_expires.so`');
  });

  it('gives the a2enmod command in a Debian tree, at the use, without a fix', () => {
    const deb = parse('ServerRoot /etc/apache2\nIncludeOptional mods-enabled/*.load\nLoadModule mime_module /usr/lib/apache2/modules/mod_mime.so\nHeader set X-A b\n', '/e/apache2.conf');
    const r = runRule(rule, deb.text, '/e/apache2.conf');
    expect(r.output).toBe(deb.text);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringContaining('needs `a2enmod headers`')]);
    expect(r.remaining[0]!.line).toBe(4);
  });
});
