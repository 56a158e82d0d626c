// Found by a helper's bug hunt: 2.2's mod_auth_basic has no merge function (mod_auth_basic.c: "dir merger --- default
// is to override"), so a <Directory /a/sub> holding only AuthBasicAuthoritative On had the default provider (file)
// although <Directory /a> said AuthBasicProvider dbm: alice (htpasswd) 200, dave (dbm) 401. The migrated tree on the
// real 2.4.71 merged the parent's dbm in: alice 401, dave 200. Likewise AuthName alone in a section gave it a fresh
// mod_auth_digest record in 2.2 (file provider); 2.4.71 with mod_authn_core loaded after mod_auth_digest kept the
// parent's AuthDigestProvider dbm, and a digest user of the file got 401 where 2.2 answered 200.
import { describe, expect, it } from 'vitest';
import rule from '../../rules/auth-defaults-reset.js';
import { runOnTree } from '../helpers/include-tree.js';
import { ruleTester } from '../helpers/rule-tester.js';

const DBM = '<Directory /a>\nAuthType Basic\nAuthName x\nAuthBasicProvider dbm\nAuthBasicAuthoritative On\nAuthDBMUserFile /u.dbm\nRequire valid-user\n</Directory>\n';

ruleTester(rule, {
  valid: [
    // Every section with a mod_auth_basic line states both.
    `${DBM}<Directory /a/sub>\nAuthBasicAuthoritative Off\nAuthBasicProvider file\n</Directory>\n`,
    // No other section sets another value than the default: the missing line would change nothing.
    '<Directory /a>\nAuthBasicProvider file\n</Directory>\n<Directory /a/sub>\nAuthBasicAuthoritative on\n</Directory>\n',
    '<Directory /a>\nAuthBasicProvider dbm\n</Directory>\n',
    // Lines 2.4 skips.
    `${DBM}<IfVersion < 2.4>\n<Directory /a/sub>\nAuthBasicAuthoritative On\n</Directory>\n</IfVersion>\n`,
    // A section with an AuthType of its own other than Digest never reads mod_auth_digest's record.
    '<Directory /n>\nAuthType Digest\nAuthName n\nAuthDigestProvider dbm\n</Directory>\n<Directory /n/b>\nAuthType Basic\nAuthName b\n</Directory>\n',
    // AuthName with no AuthDigest* line anywhere.
    '<Directory /n>\nAuthName n\n</Directory>\n<Directory /n/b>\nAuthName b\n</Directory>\n',
  ],
  invalid: [
    {
      name: 'a section with only AuthBasicAuthoritative, below one with AuthBasicProvider dbm',
      code: `${DBM}<Directory /a/sub>\n    AuthBasicAuthoritative On\n</Directory>\n`,
      output: `${DBM}<Directory /a/sub>\n    AuthBasicAuthoritative On\n    AuthBasicProvider file\n</Directory>\n`,
      errors: [/^In 2\.2 this section had AuthBasicProvider file \(the defaults\) whatever another section sets: 2\.2's mod_auth_basic has no merge function.*AuthBasicProvider file keeps 2\.2's answers/],
    },
    {
      name: 'a <Location> with only AuthBasicProvider where another section says AuthBasicAuthoritative Off',
      code: '<Directory /b>\nAuthBasicAuthoritative Off\nAuthBasicProvider file\n</Directory>\n<Location /b/new>\n\t<Limit GET>\n\tAuthBasicProvider file\n\t</Limit>\n</Location>\n',
      output: '<Directory /b>\nAuthBasicAuthoritative Off\nAuthBasicProvider file\n</Directory>\n<Location /b/new>\n\t<Limit GET>\n\tAuthBasicProvider file\n\tAuthBasicAuthoritative On\n\t</Limit>\n</Location>\n',
      errors: ['AuthBasicAuthoritative On keeps 2.2\'s answers'],
    },
    {
      name: 'both lines, once, after the section\'s first mod_auth_basic line',
      code: '<Directory /c>\nAuthBasicProvider ldap\nAuthBasicAuthoritative off\n</Directory>\n<Files x>\nAuthBasicProvider file\n</Files>\n<Files y>\nAuthBasicAuthoritative On\n</Files>\n<Files z>\nAuthBasicProvider file\nAuthBasicProvider file\n</Files>\n',
      output: '<Directory /c>\nAuthBasicProvider ldap\nAuthBasicAuthoritative off\n</Directory>\n<Files x>\nAuthBasicProvider file\nAuthBasicAuthoritative On\n</Files>\n<Files y>\nAuthBasicAuthoritative On\nAuthBasicProvider file\n</Files>\n<Files z>\nAuthBasicProvider file\nAuthBasicAuthoritative On\nAuthBasicProvider file\n</Files>\n',
      errors: ['AuthBasicAuthoritative On keeps', 'AuthBasicProvider file keeps', 'AuthBasicAuthoritative On keeps'],
    },
    {
      name: 'AuthName alone in a section below one with AuthDigestProvider dbm',
      code: '<Directory /n>\nAuthType Digest\nAuthName n\nAuthDigestProvider dbm\nAuthDBMUserFile /d.dbm\n</Directory>\n<Directory /n/sub>\n  AuthName "sub"\n</Directory>\n',
      output: '<Directory /n>\nAuthType Digest\nAuthName n\nAuthDigestProvider dbm\nAuthDBMUserFile /d.dbm\n</Directory>\n<Directory /n/sub>\n  AuthName "sub"\n  AuthDigestProvider file\n</Directory>\n',
      errors: [/2\.2's mod_auth_digest reads AuthName too.*AuthDigestProvider file keeps 2\.2's answers/],
    },
  ],
});

describe('.htaccess files, included files and the file provider', () => {
  const main = 'ServerRoot "${dir}"\nDocumentRoot "${dir}/htdocs"\n<Directory "${dir}/htdocs">\nAllowOverride AuthConfig\nAuthType Basic\nAuthName x\nAuthBasicProvider dbm\nAuthBasicAuthoritative On\nRequire valid-user\n</Directory>\n';

  it('a .htaccess with only AuthBasicAuthoritative', () => {
    const r = runOnTree(rule, { 'httpd.conf': main, 'htdocs/sub/.htaccess': 'AuthBasicAuthoritative On\n' }, 'htdocs/sub/.htaccess');
    expect(r.output).toBe('AuthBasicAuthoritative On\nAuthBasicProvider file\n');
    expect(r.applied.map((p) => p.message)).toEqual([expect.stringMatching(/^In 2\.2 this \.htaccess file had AuthBasicProvider file/)]);
  });

  it('a section whose lines come from a file it includes', () => {
    const r = runOnTree(rule, { 'httpd.conf': `${main}<Location /x>\nInclude auth.conf\n</Location>\n`, 'auth.conf': 'AuthBasicAuthoritative On\n' }, 'auth.conf');
    expect(r.output).toBe('AuthBasicAuthoritative On\nAuthBasicProvider file\n');
  });

  it('says so, and writes nothing, where the tree loads no mod_authn_file (AuthBasicProvider file would stop 2.4)', () => {
    const conf = `LoadModule auth_basic_module modules/mod_auth_basic.so\nLoadModule authn_dbm_module modules/mod_authn_dbm.so\n${main}<Directory "\${dir}/htdocs/sub">\nAuthBasicAuthoritative On\n</Directory>\n`;
    const r = runOnTree(rule, { 'httpd.conf': conf });
    expect(r.applied).toEqual([]);
    expect(r.remaining.map((p) => [p.severity, p.message])).toEqual([['warning', expect.stringMatching(/loads no mod_authn_file.*"Unknown Authn provider: file"/)]]);
  });
});
