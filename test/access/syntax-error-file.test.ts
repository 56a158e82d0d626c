/**
 * A file with syntax errors is not rewritten (httpd cannot read it as written), so its access lines
 * stay: the other files' rewrites must be proven with those lines as they are, not as the prover
 * would have rewritten them. Here the <Location> of the broken file kept `Order allow,deny` /
 * `Allow from all` while the <Directory> above was rewritten to `Require ip 10.0.0.0/8`: under 2.4
 * the inherited Require then refused /a (403), which 2.2's Location host rules had allowed (200).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('a file with syntax errors next to rewritten sections', () => {
  it('keeps its lines, and the rewrites of the other files are proven with them as they are', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'conf.d'));
    mkdirSync(join(root, 'htdocs/a'), { recursive: true });
    const main = `DocumentRoot ${root}/htdocs\n<Directory ${root}/htdocs>\n    AllowOverride None\n    Order deny,allow\n    Deny from all\n    Allow from 10.0.0.0/8\n</Directory>\nInclude conf.d/*.conf\n`;
    writeFileSync(join(root, 'httpd.conf'), main);
    writeFileSync(join(root, 'conf.d/a.conf'), '<Location /a>\n    Order allow,deny\n    Allow from all\n</Location>\n<Directory /nowhere>\n');
    const r = await runCli(['diff', '--no-color', '--server-root', '.', 'httpd.conf'], { cwd: root });
    expect(r.stdout).not.toContain('Require ip 10.0.0.0/8');
    const said = r.stderr.replace(/\s+/g, ' ');
    expect(said).toMatch(/<Directory \S+> is left with its 2\.2 Order\/Deny\/Allow lines prefer-require the rewrite would change an outcome: - GET \/a from [\d.]+, no credentials: 200 before, 403 after/);
    expect(said).toContain('<Location /a> is left with its 2.2 Order/Allow lines prefer-require the file has syntax errors, so it is not rewritten and its lines stay as they are');
    expect(readFileSync(join(root, 'httpd.conf'), 'latin1')).toBe(main);
  });
});
