import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { loadProject } from '../../src/project/load.js';
import { gather } from '../../src/rules-kit/project-facts.js';
import { firstNeed, firstNeedIn, type NeedAt } from '../../src/rules-kit/module-place.js';
import { firstUsesOf } from '../../src/rules-kit/implicit-modules.js';
import { tempDir } from '../helpers/tmp.js';

/** Lines that need mod_rewrite or mod_headers, test for them, or neither. */
const LINES = ['RewriteRule ^/a /b', 'Header set X-A a', '<IfModule mod_rewrite.c>\nRewriteEngine On\n</IfModule>', '<IfModule !mod_headers.c>\n</IfModule>', 'ServerSignature Off', 'Options -Indexes'];

const text = (picks: readonly number[]) => picks.map((p) => `${LINES[p % LINES.length]}\n`).join('');

/** A main file that includes conf.d/*.conf (one file each), and a .htaccess per site directory, each with the picked lines. */
function tree(confs: number[][], htaccess: number[][]): string {
  const dir = tempDir();
  const files: Record<string, string> = {
    'httpd.conf': `ServerRoot "${dir}"\nLoadModule authz_host_module modules/mod_authz_host.so\nDocumentRoot "${dir}/htdocs"\n`
      + `<Directory "${dir}/htdocs">\nAllowOverride All\n</Directory>\nInclude conf.d/*.conf\n`,
  };
  confs.forEach((c, i) => { files[`conf.d/site${i}.conf`] = text(c); });
  htaccess.forEach((h, i) => { files[`htdocs/d${i}/.htaccess`] = text(h); });
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return join(dir, 'httpd.conf');
}

const where = (n: NeedAt | null) => (n ? `${n.file.path}@${n.node.start}` : null);
const picks = fc.array(fc.array(fc.nat(LINES.length * 2), { maxLength: 4 }), { minLength: 1, maxLength: 4 });

describe('firstNeedIn: the first line that needs or tests a module, found without comparing every file\'s lines for each file', () => {
  it('is firstNeed over the gathered lines, for each own tree, a re-parse of each file and a file not in the project', () => {
    fc.assert(fc.property(picks, picks, fc.array(fc.nat(LINES.length * 2), { maxLength: 4 }), (confs, htaccess, edit) => {
      const project = loadProject([tree(confs, htaccess)], { htaccess: true });
      const names = new Set(['rewrite', 'headers']);
      const usesOf = (f: ConfigFile) => firstUsesOf([f], names);
      const currents: ConfigFile[] = [...project.files.map((f) => f.ast), parse('RewriteRule ^/x /y\n', '/elsewhere/x.conf')];
      // A later pass's re-parse of every file, its lines edited (the main file keeps its Include line).
      for (const f of project.files) currents.push(parse(f.kind === 'htaccess' || !f.ast.text.includes('Include') ? text(edit) : f.ast.text + text(edit), f.path));
      for (const current of currents) {
        expect(where(firstNeedIn(project, current, names, 'test:uses', usesOf))).toBe(where(firstNeed(project, current, names, gather(project, current, 'test:uses-reference', usesOf))));
      }
    }), { numRuns: 60 });
  });
});
