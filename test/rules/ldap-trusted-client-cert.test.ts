import rule from '../../rules/ldap-trusted-client-cert.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    '<Location /x>\nAuthBasicProvider ldap\n</Location>\n',
    { code: 'LDAPTrustedClientCert CERT_BASE64 /c.pem\n', filename: '/srv/.htaccess' },
    '<VirtualHost *:81>\n<Location /y>\nLDAPTrustedClientCert CERT_BASE64 /c.pem\nAuthLDAPURL ldap://h/o\n</Location>\n</VirtualHost>\n',
  ],
  invalid: [
    {
      code: 'LDAPTrustedClientCert CERT_BASE64 /c.pem\n<Directory /srv>\n\tRequire ldap-user bob\n</Directory>\n',
      output: '<Directory /srv>\n\tLDAPTrustedClientCert CERT_BASE64 /c.pem\n\tRequire ldap-user bob\n</Directory>\n',
      errors: [
        /^In 2\.2, LDAPTrustedClientCert at server level .*<Directory> uses\..*Add inside <Directory>: LDAPTrustedClientCert CERT_BASE64 \/c\.pem$/,
        /^LDAPTrustedClientCert is per-directory only in 2\.4, and 2\.4 stops at this line \("LDAPTrustedClientCert not allowed here"\)\. Every directory context .* in this file, the other files of the configuration and its \.htaccess files, has its own copy, so the line goes: LDAPTrustedClientCert CERT_BASE64 \/c\.pem$/,
      ],
    },
    {
      name: 'removes a server-level line that every LDAP context already has, which 2.4 refuses',
      code: 'LDAPTrustedClientCert CERT_BASE64 /c.pem\n<Location /x>\n  LDAPTrustedClientCert CERT_BASE64 /c.pem\n  Require ldap-group cn=a\n</Location>\n',
      output: '<Location /x>\n  LDAPTrustedClientCert CERT_BASE64 /c.pem\n  Require ldap-group cn=a\n</Location>\n',
      errors: ['not allowed here'],
    },
    {
      name: 'keeps a server-level line until the last context that lacks it has its copy',
      code: 'LDAPTrustedClientCert CERT_BASE64 /c.pem\n<Location /a>\n  LDAPTrustedClientCert CERT_BASE64 /c.pem\n  AuthLDAPURL ldap://h/o\n</Location>\n<Location /b>\n  AuthLDAPURL ldap://h/o\n</Location>\n',
      output: '<Location /a>\n  LDAPTrustedClientCert CERT_BASE64 /c.pem\n  AuthLDAPURL ldap://h/o\n</Location>\n<Location /b>\n  LDAPTrustedClientCert CERT_BASE64 /c.pem\n  AuthLDAPURL ldap://h/o\n</Location>\n',
      errors: ['Add inside <Location>', 'so the line goes'],
    },
    {
      name: 'a virtual host gets the main server certificate and its own, in the innermost context',
      code: 'LDAPTrustedClientCert CERT_BASE64 /main.pem\r\n<VirtualHost *:443>\r\n  LDAPTrustedClientCert KEY_BASE64 /vh.key\r\n  <Directory /srv>\r\n    <Files admin.php>\r\n      <IfModule mod_authnz_ldap.c>\r\n        AuthBasicProvider file LDAP\r\n      </IfModule>\r\n    </Files>\r\n  </Directory>\r\n</VirtualHost>\r\n',
      output: '<VirtualHost *:443>\r\n  <Directory /srv>\r\n    <Files admin.php>\r\n        LDAPTrustedClientCert CERT_BASE64 /main.pem\r\n        LDAPTrustedClientCert KEY_BASE64 /vh.key\r\n      <IfModule mod_authnz_ldap.c>\r\n        AuthBasicProvider file LDAP\r\n      </IfModule>\r\n    </Files>\r\n  </Directory>\r\n</VirtualHost>\r\n',
      errors: ['<Files>', '("LDAPTrustedClientCert not allowed here")', '("LDAPTrustedClientCert not allowed in <VirtualHost> context")'],
    },
    {
      name: 'reports a certificate with no LDAP context in the file',
      code: 'LDAPTrustedClientCert CERT_BASE64 /c.pem\n',
      output: null,
      errors: [/no directory context of this server uses LDAP.*: LDAPTrustedClientCert CERT_BASE64 \/c\.pem$/],
    },
    {
      name: 'a virtual host certificate does not apply to the main server',
      code: '<VirtualHost *:80>\nLDAPTrustedClientCert CERT_BASE64 /c.pem\n</VirtualHost>\n<Location /x>\nAuthLDAPURL ldap://h/o\n</Location>\n',
      output: null,
      errors: ['no directory context of this server'],
    },
  ],
});

describe('ldap-trusted-client-cert and the other files of the project (bug hunt)', () => {
  const HT = 'AuthType Basic\nAuthName y\nAuthBasicProvider ldap\nAuthLDAPURL ldap://127.0.0.1/dc=x?uid\nRequire valid-user\n';
  const MAIN = 'LDAPTrustedClientCert CERT_BASE64 conf/client.pem\n<Location /a>\n  AuthLDAPURL ldap://h/o\n</Location>\n';
  const beside = (other: ConfigFile) => (file: ConfigFile) => projectOf([file, other].map((f) => ({
    path: f.path, display: f.path, kind: f.path.endsWith('.htaccess') ? 'htaccess' as const : 'conf' as const, ast: f,
  })));
  it('copies the main server line into a .htaccess that uses LDAP', () => {
    const main = parse(MAIN, '/srv/conf/httpd.conf');
    const r = runRule(rule, HT, '/srv/htdocs/h/.htaccess', {}, beside(main));
    expect(r.output).toBe(`AuthType Basic\nAuthName y\nLDAPTrustedClientCert CERT_BASE64 conf/client.pem\nAuthBasicProvider ldap\nAuthLDAPURL ldap://127.0.0.1/dc=x?uid\nRequire valid-user\n`);
    expect(r.applied.map((p) => p.message)).toEqual([expect.stringMatching(/including the one this \.htaccess uses\. .*AllowOverride AuthConfig.*Add to this \.htaccess: LDAPTrustedClientCert CERT_BASE64 conf\/client\.pem$/)]);
  });
  it('removes the main server line when only a .htaccess uses LDAP (it gets its copy there)', () => {
    const ht = parse(HT, '/srv/htdocs/h/.htaccess');
    const r = runRule(rule, 'LDAPTrustedClientCert CERT_BASE64 conf/client.pem\n', '/srv/conf/httpd.conf', {}, beside(ht));
    expect(r.output).toBe('');
  });
  it('keeps the main server line while a .htaccess that uses LDAP lies outside the tree (it gets no copy)', () => {
    const ht = parse(HT, '/srv/htdocs/h/.htaccess');
    const r = runRule(rule, 'LDAPTrustedClientCert CERT_BASE64 conf/client.pem\n', '/srv/conf/httpd.conf', {}, (f) => ({ ...beside(ht)(f), boundary: ['/srv/conf'] }));
    expect(r.output).toBe('LDAPTrustedClientCert CERT_BASE64 conf/client.pem\n');
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/\/srv\/htdocs\/h\/\.htaccess uses LDAP on this server but is outside the tree, so it gets no copy of the line and the line stays: add its directory with --root/)]);
  });
  it('keeps a virtual host line while a .htaccess may need it, and says so there', () => {
    const vhost = '<VirtualHost *:80>\nLDAPTrustedClientCert CERT_BASE64 /v.pem\n<Location /a>\nAuthLDAPURL ldap://h/o\n</Location>\n</VirtualHost>\n';
    const ht = parse(HT, '/srv/htdocs/h/.htaccess');
    const r = runRule(rule, vhost, '/srv/conf/httpd.conf', {}, beside(ht));
    expect(r.output).toBe('<VirtualHost *:80>\nLDAPTrustedClientCert CERT_BASE64 /v.pem\n<Location /a>\n    LDAPTrustedClientCert CERT_BASE64 /v.pem\nAuthLDAPURL ldap://h/o\n</Location>\n</VirtualHost>\n');
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/\/srv\/htdocs\/h\/\.htaccess use LDAP too, and may be served by this virtual host/)]);
    const h = runRule(rule, HT, '/srv/htdocs/h/.htaccess', {}, beside(parse(vhost, '/srv/conf/httpd.conf')));
    expect(h.output).toBe(HT);
    expect(h.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/A <VirtualHost> also had LDAPTrustedClientCert CERT_BASE64 \/v\.pem: if it serves this directory, add that here too\.$/)]);
  });
});
