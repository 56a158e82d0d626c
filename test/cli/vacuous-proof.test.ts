/**
 * The fuzz case behind the vacuous-proof fix: after the first write rewrote a sibling
 * .htaccess to `Require host`, the second write read the tree as 2.4, where that sibling
 * answers 500 to every request, and "proved" `Deny from all` -> `Require all granted`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const DENY_HT = '<Files ~ "^\\.ht">\n    Order allow,deny\n    Deny from all\n    Satisfy all\n</Files>\n';

describe('write twice next to a .htaccess that fails every request', () => {
  it('never turns Deny from all into Require all granted', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'www'));
    writeFileSync(join(cwd, 'site.conf'), `DocumentRoot ${cwd}\n`);
    writeFileSync(join(cwd, 'www/f004.htaccess'), `AccessFileName .htaccess\n\n${DENY_HT}`);
    writeFileSync(join(cwd, 'www/f092.htaccess'), '<Location /server-info>\n    Order deny,allow\n    Deny from all\n    Allow from .example.com\n</Location>\n');
    const args = ['write', '--no-follow-includes', '--no-htaccess', 'site.conf', 'www/f004.htaccess', 'www/f092.htaccess'];
    await runCli(args, { cwd });
    const first = readFileSync(join(cwd, 'www/f004.htaccess'), 'latin1');
    const second = await runCli(args, { cwd });
    const after = readFileSync(join(cwd, 'www/f004.htaccess'), 'latin1');
    for (const text of [first, after]) {
      expect(text).not.toMatch(/Require all granted/);
      expect(text).toMatch(/Deny from all|Require all denied/);
    }
    expect(after).toBe(first);
    expect(second.stderr).toBe('');
  });
});
