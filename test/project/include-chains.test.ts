import { describe, expect, it } from 'vitest';
import type { Directive } from '../../src/ast/nodes.js';
import { walk } from '../../src/ast/walk.js';
import { includeChains } from '../../src/project/include-chains.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

/** A project of in-memory files whose Include lines read the given files, as the loader records them. */
function project(files: Record<string, string>, reads: Record<string, string[]>): Project {
  const p = projectOf(Object.entries(files).map(([path, text]) => sourceFile(path, text)));
  p.entries.splice(0, p.entries.length, Object.keys(files)[0]!);
  for (const f of p.files) {
    const lines: Directive[] = [];
    walk(f.ast, { directive: (d) => { if (d.lname === 'include') lines.push(d); } });
    for (const d of lines) {
      const target = d.args[0]!.value;
      p.includes.push({ from: f.path, directive: d, optional: false, pattern: target, serverRoot: '/t', files: reads[target] ?? [], context: [] });
    }
  }
  return p;
}

const names = (chains: ReturnType<typeof includeChains>) => chains.map((c) => c.map((s) => `${s.name} ${s.args.map((a) => a.value).join(' ')}`));

describe('includeChains', () => {
  it('gives the sections around the Include line, through every level, outermost first', () => {
    const p = project({
      '/t/httpd.conf': '<IfModule mod_ssl.c>\nInclude conf/ssl.conf\n</IfModule>\nInclude conf/plain.conf\n',
      '/t/conf/ssl.conf': '<VirtualHost *:443>\nInclude conf/inner.conf\n</VirtualHost>\n',
      '/t/conf/plain.conf': 'Listen 80\n',
      '/t/conf/inner.conf': 'SSLEngine on\n',
    }, { 'conf/ssl.conf': ['/t/conf/ssl.conf'], 'conf/plain.conf': ['/t/conf/plain.conf'], 'conf/inner.conf': ['/t/conf/inner.conf'] });
    expect(names(includeChains(p, '/t/conf/ssl.conf'))).toEqual([['IfModule mod_ssl.c']]);
    expect(names(includeChains(p, '/t/conf/inner.conf'))).toEqual([['IfModule mod_ssl.c', 'VirtualHost *:443']]);
    expect(names(includeChains(p, '/t/conf/plain.conf'))).toEqual([[]]);
    expect(names(includeChains(p, '/t/httpd.conf'))).toEqual([[]]);
  });

  it('gives one list per Include line that reads the file, and none more for a cycle', () => {
    const p = project({
      '/t/httpd.conf': '<IfModule a>\nInclude x.conf\n</IfModule>\n<IfDefine B>\nInclude x.conf\n</IfDefine>\n',
      '/t/x.conf': 'Include x.conf\n',
    }, { 'x.conf': ['/t/x.conf'] });
    expect(names(includeChains(p, '/t/x.conf'))).toEqual([['IfModule a'], ['IfDefine B']]);
  });
});
