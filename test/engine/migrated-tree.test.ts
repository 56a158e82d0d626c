// Module lines follow the migrated tree: mod_access_compat is loaded only while some 2.2 access
// directive is left once every file of the tree is migrated, and a second run changes nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { migrate } from '../../src/migrate.js';
import { loadProject } from '../../src/project/load.js';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** A main file that loads modules and includes extra/*.conf, whose one <Directory> uses Order/Allow. */
function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'migrated-tree-'));
  dirs.push(root);
  mkdirSync(join(root, 'extra'));
  writeFileSync(join(root, 'httpd.conf'), [
    `ServerRoot "${root}"`, 'LoadModule mime_module modules/mod_mime.so', 'LoadModule dir_module modules/mod_dir.so',
    'LoadModule authz_host_module modules/mod_authz_host.so', 'Include extra/*.conf', '',
  ].join('\n'));
  writeFileSync(join(root, 'extra', 'site.conf'), '<Directory /srv/www>\n    Order allow,deny\n    Allow from all\n</Directory>\n');
  return root;
}

const outputOf = (root: string, rules = allRules) => {
  const result = migrate(loadProject([join(root, 'httpd.conf')], { cwd: root }), { rules });
  return Object.fromEntries(result.files.map((r) => [r.file.display, r.output]));
};

describe('module lines follow the migrated tree', () => {
  it('loads no mod_access_compat when every Order/Allow of the other files is rewritten', () => {
    const out = outputOf(tree());
    expect(out['extra/site.conf']).toContain('Require all granted');
    expect(out['httpd.conf']).toContain('LoadModule authz_core_module modules/mod_authz_core.so');
    expect(out['httpd.conf']).not.toContain('access_compat');
  });

  it('loads it while an Order/Allow is left (here: the access rewrite switched off)', () => {
    const out = outputOf(tree(), allRules.filter((r) => r.meta.id !== 'prefer-require'));
    expect(out['extra/site.conf']).toContain('Order allow,deny');
    expect(out['httpd.conf']).toContain('LoadModule access_compat_module modules/mod_access_compat.so');
  });

  it('drops a LoadModule access_compat_module line that nothing needs any more, and a second run changes nothing', () => {
    const root = tree();
    writeFileSync(join(root, 'extra', 'site.conf'), '<Directory /srv/www>\n    Require all granted\n</Directory>\n');
    writeFileSync(join(root, 'httpd.conf'), `${outputOf(tree(), allRules.filter((r) => r.meta.id !== 'prefer-require'))['httpd.conf']!.replaceAll(/ServerRoot "[^"]*"/g, `ServerRoot "${root}"`)}`);
    const once = outputOf(root);
    expect(once['httpd.conf']).not.toContain('access_compat');
    for (const [rel, text] of Object.entries(once)) writeFileSync(join(root, rel), text);
    const result = migrate(loadProject([join(root, 'httpd.conf')], { cwd: root }));
    expect(result.files.filter((r) => r.changed).map((r) => r.file.display)).toEqual([]);
  });
});
