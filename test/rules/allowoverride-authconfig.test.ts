import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/allowoverride-authconfig.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';
import { projectOf } from '../../src/project/project.js';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { sourceFile } from '../helpers/source-file.js';

/**
 * The file under test plus a .htaccess with Allow/Deny in /var/www/html/app (and one with only Require elsewhere),
 * and in /srv/pair one with Allow/Deny next to one with only Require.
 */
const project = (file: ConfigFile) => {
  const files = [
    { path: file.path, display: file.path, kind: file.path.endsWith('.htaccess') ? 'htaccess' as const : 'conf' as const, ast: file },
    ...(file.path.endsWith('.htaccess') ? [] : [sourceFile('/var/www/html/app/.htaccess', 'Order deny,allow\nDeny from all\n'), sourceFile('/srv/other/.htaccess', 'Require valid-user\n'), sourceFile('/srv/broken/.htaccess', 'Satisfy Any\nDeny from 10.1\n'),
      sourceFile('/srv/pair/limit/.htaccess', 'Deny from all\n'), sourceFile('/srv/pair/auth/.htaccess', 'Require valid-user\n'),
      sourceFile('/srv/anon/x/.htaccess', 'Order allow,deny\nAllow from 127.0.0.2\n'), sourceFile('/srv/anon/x/y/.htaccess', 'Anonymous_NoUserID on\n'),
      sourceFile('/srv/ssl/x/.htaccess', 'Deny from 10.1\n'), sourceFile('/srv/ssl/x/y/.htaccess', 'SSLRequireSSL\n')]),
  ];
  return projectOf(files);
};

ruleTester(rule, {
  project,
  valid: [
    '<Directory /var/www/html>\n  AllowOverride All\n</Directory>\n',
    '<Directory /var/www/html>\n  AllowOverride Limit AuthConfig\n</Directory>\n',
    '<Directory /srv/other>\n  AllowOverride Limit\n</Directory>\n',
    '<Directory /var/www/html>\n  AllowOverride FileInfo\n</Directory>\n',
  ],
  invalid: [
    {
      name: 'adds AuthConfig where a .htaccess below used Allow/Deny under Limit',
      code: '<Directory /var/www>\r\n\tAllowOverride FileInfo Limit\r\n</Directory>\r\n',
      output: '<Directory /var/www>\r\n\tAllowOverride FileInfo Limit AuthConfig\r\n</Directory>\r\n',
      errors: [/^AllowOverride FileInfo Limit let \/var\/www\/html\/app\/\.htaccess use Allow\/Deny .* Write: AllowOverride FileInfo Limit AuthConfig\.$/],
    },
    {
      name: 'leaves AllowOverride alone where a .htaccess already failed in 2.2 with an AuthConfig line',
      code: '<Directory /srv/broken>\n  AllowOverride Limit\n</Directory>\n',
      output: null,
      errors: [/^AllowOverride Limit does not grant AuthConfig, so 2\.2 answered 500 for \/srv\/broken\/\.htaccess/],
    },
    {
      name: 'leaves AllowOverride alone where a .htaccess beside the Allow/Deny one failed in 2.2 with only AuthConfig lines',
      code: '<Directory /srv/pair>\n  AllowOverride Limit\n</Directory>\n',
      output: null,
      errors: [/^AllowOverride Limit does not grant AuthConfig, so 2\.2 answered 500 for \/srv\/pair\/auth\/\.htaccess \(/],
    },
    {
      // Found by a helper's bug hunt: AuthConfig was told by name (Auth*, Require, Satisfy), so a file of
      // Anonymous_NoUserID that 2.2 answered 500 for under Limit started working in 2.4 (200 and 403).
      name: 'knows the AuthConfig lines that are not named Auth*: mod_authn_anon\'s and mod_ssl\'s',
      code: '<Directory /srv/anon>\n  AllowOverride Limit\n</Directory>\n<Directory /srv/ssl>\n  AllowOverride Limit\n</Directory>\n',
      output: null,
      errors: [
        /^AllowOverride Limit does not grant AuthConfig, so 2\.2 answered 500 for \/srv\/anon\/x\/y\/\.htaccess \(/,
        /^AllowOverride Limit does not grant AuthConfig, so 2\.2 answered 500 for \/srv\/ssl\/x\/y\/\.htaccess \(/,
      ],
    },
    {
      name: 'reports a .htaccess whose <Directory> is outside the tree',
      filename: '/var/www/html/app/.htaccess',
      code: 'Order deny,allow\nDeny from all\n',
      output: null,
      errors: ['The <Directory> that sets AllowOverride for /var/www/html/app is outside this tree'],
    },
  ],
});

describe('a deeper <Directory> that grants AuthConfig (found by a helper\'s bug hunt)', () => {
  // 2.2 read a/.htaccess (its own <Directory> grants AuthConfig): the rule called it refused, so it
  // offered no fix for sub/.htaccess, and the proof read 2.4 as refusing Require there (500).
  it('is not taken for a .htaccess 2.2 refused: the Limit section gets AuthConfig and sub/.htaccess its Require', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'htdocs/sub'), { recursive: true });
    mkdirSync(join(root, 'htdocs/a'), { recursive: true });
    writeFileSync(join(root, 'httpd.conf'), `DocumentRoot "${root}/htdocs"\n<Directory "${root}/htdocs">\n    AllowOverride Limit\n</Directory>\n<Directory "${root}/htdocs/a">\n    AllowOverride AuthConfig Limit\n</Directory>\n`);
    writeFileSync(join(root, 'htdocs/sub/.htaccess'), 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n');
    writeFileSync(join(root, 'htdocs/a/.htaccess'), 'AuthType Basic\nAuthName x\nAuthUserFile /dev/null\nRequire valid-user\nOrder allow,deny\nAllow from 127.0.0.2\nSatisfy any\n');
    await runCli(['write', 'httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toContain('    AllowOverride Limit AuthConfig\n');
    expect(readFileSync(join(root, 'htdocs/sub/.htaccess'), 'latin1')).toBe('Require ip 127.0.0.2\n');
  });

  // Found by a helper's bug hunt: with <Directory "T//htdocs"> the .htaccess was its own group, the Require
  // shipped without AuthConfig, and the real 2.4 answered 500 to every request.
  it.each(['//', '/./'])('reads a <Directory> and DocumentRoot written with %s as httpd does', async (sep) => {
    const root = tempDir();
    mkdirSync(join(root, 'htdocs/a'), { recursive: true });
    writeFileSync(join(root, 'httpd.conf'), `DocumentRoot "${root}${sep}htdocs"\n<Directory "${root}${sep}htdocs">\n    AllowOverride Limit\n</Directory>\n`);
    writeFileSync(join(root, 'htdocs/a/.htaccess'), 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n');
    await runCli(['write', 'httpd.conf'], { cwd: root });
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toContain('    AllowOverride Limit AuthConfig\n');
    expect(readFileSync(join(root, 'htdocs/a/.htaccess'), 'latin1')).toBe('Require ip 127.0.0.2\n');
  });
});

describe('an access file named by AccessFileName', () => {
  // The rule asked `.htaccess` of the file's name, so a `.acl` access file with Allow/Deny under a <Directory>
  // outside the tree got no finding, while the same lines in a .htaccess beside it did.
  it('is told, like a .htaccess, to get AuthConfig from the <Directory> outside the tree', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'www'), { recursive: true });
    writeFileSync(join(root, 'httpd.conf'), 'AccessFileName .acl\nDocumentRoot www\n');
    writeFileSync(join(root, 'www/.acl'), 'Order deny,allow\nDeny from all\nAllow from 127.0.0.2\n');
    const r = await runCli(['check', '--format', 'json', 'httpd.conf'], { cwd: root });
    const found = JSON.parse(r.stdout).files.flatMap((f: { path: string; findings: { ruleId: string }[] }) => f.findings.map((x) => [f.path, x.ruleId]));
    expect(found).toContainEqual(['www/.acl', 'allowoverride-authconfig']);
  });
});
