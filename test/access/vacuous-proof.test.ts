/**
 * A rewrite is proven only on requests where the section decides: when httpd
 * answers 500 to every request of a section (a broken .htaccess next to it),
 * both readings agree whatever the section says, so such a "proof" must be
 * refused. Found by a fuzz run: a .htaccess `Deny from all` became
 * `Require all granted` on the second write.
 */
import { describe, expect, it } from 'vitest';
import { proveProject, type Verdict } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

const DENY_HT = '<Files ~ "^\\.ht">\n    Order allow,deny\n    Deny from all\n    Satisfy all\n</Files>\n';
/** The same without Satisfy, which AllowOverride Limit does not allow. */
const DENY_HT_LIMIT = '<Files ~ "^\\.ht">\n    Order allow,deny\n    Deny from all\n</Files>\n';

function verdictsOf(files: Record<string, string>): Verdict[] {
  const project = projectOf(Object.entries(files).map(([path, text]) => sourceFile(path, text)));
  return [...proveProject(project).verdicts.values()];
}

function filesVerdict(vs: Verdict[]): Verdict {
  const v = vs.find((x) => x.scope.kind === 'filesmatch');
  expect(v).toBeDefined();
  return v!;
}

describe('no rewrite is proven on requests that all answer 500', () => {
  it('refuses a .htaccess section of a tree already mixing 2.4 syntax whose sibling .htaccess fails every request', () => {
    // The fuzz case after its first write: the sibling already says `Require host`, so the tree is read as
    // 2.4, where no <Directory> sets AllowOverride and the sibling answers 500 to every request.
    const v = filesVerdict(verdictsOf({
      '/etc/httpd.conf': 'DocumentRoot /srv\n',
      '/srv/www/f004.htaccess': DENY_HT,
      '/srv/www/f092.htaccess': '<Location /server-info>\n    Require host .example.com\n</Location>\n',
    }));
    expect(v.status, JSON.stringify((v as {reason?: string}).reason ?? (v as {lines?: string[]}).lines)).toBe('refused');
    if (v.status === 'refused') expect(v.reason).toMatch(/answers 500 .*cannot be proven/);
  });

  it('refuses a .htaccess section of a 2.2 tree whose sibling .htaccess uses a directive its AllowOverride forbids', () => {
    const v = filesVerdict(verdictsOf({
      '/etc/httpd.conf': 'DocumentRoot /srv/www\n<Directory /srv/www>\n    AllowOverride Limit\n</Directory>\n',
      '/srv/www/a.htaccess': DENY_HT_LIMIT,
      '/srv/www/b.htaccess': 'AuthType Basic\nAuthName x\n',
    }));
    expect(v.status, JSON.stringify((v as {reason?: string}).reason ?? (v as {lines?: string[]}).lines)).toBe('refused');
    if (v.status === 'refused') expect(v.reason).toMatch(/answers? 500 .*cannot be proven/);
  });

  it('still rewrites the same section when its sibling is well-formed', () => {
    const v = filesVerdict(verdictsOf({
      '/etc/httpd.conf': 'DocumentRoot /srv/www\n<Directory /srv/www>\n    AllowOverride Limit\n</Directory>\n',
      '/srv/www/a.htaccess': DENY_HT_LIMIT,
      '/srv/www/b.htaccess': 'Order deny,allow\nAllow from all\n',
    }));
    expect(v.status, JSON.stringify((v as {reason?: string}).reason)).toBe('rewrite');
    if (v.status === 'rewrite') expect(v.lines.join('\n')).toBe('Require all denied');
  });
});

describe('a tree httpd does not start on', () => {
  it('names where the start-up error is: in the section left as it is, not in the rewritten one with the same line', () => {
    // Both sections hold an inline comment 2.4 refuses. The first is rewritten without it; the second, whose Require
    // group no 2.2 module owns, is kept, so 2.4 stops at its line 7, and the first rewrite is refused naming that line.
    const vs = verdictsOf({ '/etc/httpd.conf': '<Directory /srv/a>\n    Order allow,deny\n    Allow from 10.0.0.1 # office\n</Directory>\n'
      + '<Directory /srv/b>\n    Order allow,deny\n    Allow from 10.0.0.1 # office\n    AuthType Basic\n    AuthName x\n    AuthUserFile /srv/pw\n    Require group admins\n</Directory>\n' });
    const a = vs.find((x) => x.scope.pattern === '/srv/a');
    expect(a?.status).toBe('refused');
    if (a?.status === 'refused') expect(a.reason).toMatch(/startup: No comments are allowed here at \/etc\/httpd\.conf:7 after/);
  });

  it('refuses the rewrite and names the start-up error to fix first', () => {
    const vs = verdictsOf({ '/etc/httpd.conf': '<Directory /srv>\n    Order allow,deny\n    Allow from all\n</Directory>\n<VirtualHost *:80>\n    Deny from all\n</VirtualHost>\n' });
    const v = vs.find((x) => x.scope.kind === 'directory');
    expect(v?.status).toBe('refused');
    if (v?.status === 'refused') expect(v.reason).toBe("httpd refuses to start on this tree (Deny not allowed here at /etc/httpd.conf:6), so no request shows what the section's lines do and the rewrite cannot be proven; fix that error first");
  });
});
