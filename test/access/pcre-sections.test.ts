/**
 * Regex sections read with PCRE's syntax (src/apache/pcre.ts): a leading (?i) or a POSIX class
 * is matched as httpd matches it, a regex PCRE refuses stops the server, and one this tool cannot
 * evaluate leaves the rewrites it could affect unproven, with that reason. Before, any regex
 * JavaScript refused counted as a start-up error, so a valid `(?i)` left every access section of
 * the tree unmigrated, and `[[:digit:]]` was read as a set of letters.
 */
import { describe, expect, it } from 'vitest';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { proveProject, type Verdict } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { m22, m24, req } from './helpers.js';

function verdictsOf(text: string): Verdict[] {
  return [...proveProject(projectOf([sourceFile('/etc/httpd.conf', `DocumentRoot /srv/htdocs\n${text}`)])).verdicts.values()];
}

const DENY = '    Order deny,allow\n    Deny from all\n';
const PLAIN = `<Directory /srv/htdocs/private>\n${DENY}</Directory>\n`;

describe('regex sections in the access model', () => {
  it('matches a leading (?i) case-insensitively, in both versions', () => {
    const text = `<LocationMatch "(?i)^/admin">\n${DENY}</LocationMatch>\n`;
    for (const m of [m22(text), m24(text)]) {
      expect(m.errors).toEqual([]);
      const decide = m.version === '2.2' ? decide22 : decide24;
      expect(decide(m, req({ path: '/ADMIN/x.html' })).status).toBe(403);
      expect(decide(m, req({ path: '/public/admin.html' })).status).toBe(200);
    }
  });

  it('matches a POSIX class as the class, not as its letters', () => {
    const m = m22(`<LocationMatch "^/x[[:digit:]]+">\n${DENY}</LocationMatch>\n`);
    expect(decide22(m, req({ path: '/x12' })).status).toBe(403);
    expect(decide22(m, req({ path: '/xd' })).status).toBe(200);
  });

  it('counts a regex PCRE refuses as a start-up error', () => {
    expect(m22(`<DirectoryMatch "^/srv/(a|b">\n${DENY}</DirectoryMatch>\n`).errors.join()).toContain('Regular expression could not be compiled: ^/srv/(a|b (missing closing parenthesis');
  });
});

describe('proofs with regex sections', () => {
  it('proves the rewrite of a (?i) section and of the sections beside it', () => {
    const vs = verdictsOf(`<FilesMatch "(?i)\\.(inc|bak)$">\n${DENY}</FilesMatch>\n${PLAIN}`);
    expect(vs.map((v) => [v.scope.kind, v.status])).toEqual([['filesmatch', 'rewrite'], ['directory', 'rewrite']]);
  });

  it('leaves a section with a regex this tool cannot evaluate, and the sections it could affect, unproven, and says why', () => {
    const vs = verdictsOf(`<LocationMatch "^/(?>adm)in">\n${DENY}</LocationMatch>\n${PLAIN}`);
    expect(vs.map((v) => v.status)).toEqual(['refused', 'refused']);
    for (const v of vs) if (v.status === 'refused') expect(v.reason).toContain('this tool cannot evaluate the regex of <');
    expect(vs[0]!.status === 'refused' && vs[0]!.reason).toContain('(the group (?>a…)');
  });
});
