// write removes the mods-enabled/ link of a module 2.4 no longer has (a2dismod authz_default). A finding in that link
// (build-notes', at the tree's first LoadModule line) is shown in the file it linked to, which write leaves: every
// path a write report names is there once it is written.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

interface Report { files: { path: string; findings: { path: string; ruleId: string; line: number }[] }[] }

describe('a finding in a mods-enabled/ link that write removes', () => {
  it('is shown in the mods-available/ file it linked to', async () => {
    const root = tempDir();
    for (const d of ['mods-available', 'mods-enabled', 'www']) mkdirSync(join(root, d));
    for (const m of ['authz_default', 'authz_host', 'mime']) {
      writeFileSync(join(root, 'mods-available', `${m}.load`), `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so\n`);
      symlinkSync(`../mods-available/${m}.load`, join(root, 'mods-enabled', `${m}.load`));
    }
    writeFileSync(join(root, 'apache2.conf'), `ServerRoot "${root}"\nInclude mods-enabled/*.load\nListen 80\nDocumentRoot ${root}/www\n`
      + `<Directory ${root}/www>\n    Order allow,deny\n    Allow from all\n</Directory>\n`);
    const checked = JSON.parse((await runCli(['check', '--format', 'json', 'apache2.conf'], { cwd: root })).stdout) as Report;
    const noteAt = (r: Report) => r.files.flatMap((f) => f.findings).filter((f) => f.ruleId === 'build-notes').map((f) => `${f.path}:${f.line}`);
    expect(noteAt(checked)).toEqual(['mods-enabled/authz_default.load:1']);
    const written = JSON.parse((await runCli(['write', '--format', 'json', 'apache2.conf'], { cwd: root })).stdout) as Report;
    expect(existsSync(join(root, 'mods-enabled/authz_default.load'))).toBe(false);
    expect(noteAt(written)).toEqual(['mods-available/authz_default.load:1']);
    for (const f of written.files) expect(existsSync(join(root, f.path)), f.path).toBe(true);
    for (const f of written.files.flatMap((x) => x.findings)) expect(existsSync(join(root, f.path)), f.path).toBe(true);
  });
});
