/**
 * A `#` inside a host word. 2.2 took `Allow from office.example.test#x` as one host name, which no
 * client's name matches; 2.4 (2.4.32 and later) reads the text of `Require host` only up to its first
 * `#`, wherever it is. On the real 2.4.71, `Require host office.example.test#x` granted the client
 * named office.example.test, and `Require host evil.example.test office.example.test#x partner.example.org`
 * refused partner.example.org. `write` copied the word into `Require host` (2.2: 403, after: 200) and
 * `verify` called that pair equivalent. Found by a helper's bug hunt.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/access/compare/index.js';
import { verifyProjects } from '../../src/access/compare/index.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';
import { m22, m24, req } from './helpers.js';

const project = (text: string, version: '2.2' | '2.4'): Project =>
  projectOf([sourceFile('/etc/httpd/httpd.conf', text, { version, display: 'httpd.conf' })]);

const office = req({ ip: '127.0.0.2', host: 'office.example.test' });
const partner = req({ ip: '127.0.0.6', host: 'partner.example.org' });

describe('a # inside a host word', () => {
  it('2.4 Require host tests only the text before the first #', () => {
    const m = m24('<Directory /srv/htdocs>\nRequire host evil.example.test office.example.test#x partner.example.org\n</Directory>\n', false);
    expect(decide(m, office).status).toBe(200);
    expect(decide(m, partner).status).toBe(403);
  });

  it('2.2 Allow from takes the whole word as a name no client has', () => {
    const m = m22('<Directory /srv/htdocs>\nOrder deny,allow\nDeny from all\nAllow from evil.example.test office.example.test#x partner.example.org\n</Directory>\n');
    expect(decide(m, office).status).toBe(403);
    expect(decide(m, partner).status).toBe(200);
  });

  it('verify reports the client the # lets in', () => {
    const old = 'DocumentRoot /srv/htdocs\n<Directory /srv/htdocs/a>\nOrder deny,allow\nDeny from all\nAllow from office.example.test#x\n</Directory>\n';
    const neu = 'DocumentRoot /srv/htdocs\n<Directory /srv/htdocs/a>\nRequire host office.example.test#x\n</Directory>\n';
    const r = verifyProjects(project(old, '2.2'), project(neu, '2.4'));
    expect(r.rows.some((row) => row.before.startsWith('403') && row.after.startsWith('200'))).toBe(true);
  });

  it('the rewrite drops the word, which never matched, and keeps the names after it', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.conf'), '<Directory "/srv/x">\n    Order deny,allow\n    Deny from all\n    Allow from evil.example.test office.example.test#x partner.example.org\n</Directory>\n');
    const r = await runCli(['check', '--no-color', '--no-follow-includes', '--only', 'prefer-require', 'a.conf'], { cwd });
    expect(r.stdout).toContain('Write instead: Require host evil.example.test partner.example.org.');
  });
});
