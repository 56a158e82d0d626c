/**
 * A `<Files>` section inside a rewritten .htaccess, beside a `<Files>` section of the `<Directory>` of the same
 * directory. httpd merges the .htaccess's sections after the `<Directory>`'s, so the .htaccess's `<Files>` decides.
 * The prover's 2.4 model gave the rewritten .htaccess a copy while its `<Files>` section still named the .htaccess as
 * read, which the deciders did not find among the directories: they merged that `<Files>` first, answered 200 where
 * the rewritten tree answers 403, and refused the `<Directory>`'s `<Files>` rewrite over that false difference.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/migrate.js';
import { loadProject } from '../../src/project/load.js';
import { runBatch, WITHOUT_COMPAT, type BatchResult } from '../oracle/harness.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { tempDir } from '../helpers/tmp.js';

const oracle = requireHttpdOrSkip();

const access = (dir: string) => `<Directory "${dir}">
    AllowOverride All
    Order allow,deny
    Allow from all
</Directory>
<Directory "${dir}/sub">
    <Files x.inc>
        Order allow,deny
        Allow from all
    </Files>
</Directory>
`;

const htaccess = 'Order deny,allow\nDeny from 127.0.0.5\n<Files x.inc>\n    Order allow,deny\n    Deny from all\n</Files>\n';

function migrated(): { conf: string; htaccess: string; refusals: string[] } {
  const root = tempDir();
  const docroot = join(root, 'htdocs');
  mkdirSync(join(docroot, 'sub'), { recursive: true });
  writeFileSync(join(root, 'httpd.conf'), `ServerRoot "${root}"\nListen 127.0.0.1:18181\nDocumentRoot "${docroot}"\n${access(docroot)}`);
  writeFileSync(join(docroot, 'sub', '.htaccess'), htaccess);
  const result = migrate(loadProject([join(root, 'httpd.conf')], { cwd: root }));
  const out = (path: string) => result.files.find((f) => f.file.path === path)!;
  const conf = out(join(root, 'httpd.conf')).output;
  return {
    conf: conf.slice(conf.indexOf('<Directory')).replaceAll(docroot, '@DIR@'),
    htaccess: out(join(docroot, 'sub', '.htaccess')).output,
    refusals: result.files.flatMap((f) => f.remaining).filter((p) => p.ruleId === 'prefer-require').map((p) => p.message),
  };
}

describe('a <Files> section in a rewritten .htaccess and one in the <Directory> of the same directory', () => {
  it('are both rewritten: no request answers otherwise', () => {
    const m = migrated();
    expect(m.refusals).toEqual([]);
    expect(m.conf).toContain('<Files x.inc>\n        Require all granted\n    </Files>');
    expect(m.htaccess).toContain('<Files x.inc>\n    Require all denied\n</Files>');
    expect(m.htaccess).not.toMatch(/Order|Allow|Deny/);
  });
});

describe.skipIf(oracle.skip)('the rewritten tree on the real httpd 2.4 without mod_access_compat', () => {
  let result: BatchResult;
  beforeAll(async () => {
    const m = migrated();
    result = await runBatch({
      modules: WITHOUT_COMPAT,
      scenarios: [{
        config: m.conf,
        htaccess: { sub: m.htaccess },
        requests: [
          { path: '/sub/x.inc', from: '127.0.0.1' },
          { path: '/sub/y.html', from: '127.0.0.1' },
          { path: '/sub/y.html', from: '127.0.0.5' },
        ],
      }],
    });
  }, 120_000);

  it('answers as 2.2 did: the .htaccess\'s <Files> refuses x.inc, its host rule refuses 127.0.0.5', () => {
    expect(result.startError ?? '').toBe('');
    expect(result.scenarios[0]!.results.map((r) => r.status)).toEqual([403, 200, 403]);
  });
});
