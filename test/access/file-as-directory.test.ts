/**
 * The directory walk takes an existing file for one more directory only under FollowSymLinks without
 * SymLinksIfOwnerMatch (request.c's "first optimization"; decide/file-as-directory.ts). The answers below are
 * those of the real httpd 2.4.68 on this layout (each directory holding f.html; a .htaccess in h/ and j/;
 * AllowOverride Options on the document root): a, j and k 403, the others 200. The evaluator read the
 * default options everywhere and answered 403 for all of them.
 */
import { describe, expect, it } from 'vitest';
import { buildModel, moduleSet, type Model, type Request } from '../../src/access/model/index.js';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { eachRepresentative } from '../../src/access/compare/index.js';
import { describeRequest } from '../../src/access/compare/equivalence.js';
import { parse } from '../../src/parse/parser.js';

const ROOT = '/srv/htdocs';
const CONF = `DocumentRoot ${ROOT}
<Directory ${ROOT}>
  AllowOverride Options
  Require all granted
</Directory>
<Directory ${ROOT}/*/*>
  Require all denied
</Directory>
<Directory ${ROOT}/b>
  Options SymLinksIfOwnerMatch
</Directory>
<Directory ${ROOT}/c>
  Options -FollowSymLinks
</Directory>
<Directory ${ROOT}/e>
  Options +SymLinksIfOwnerMatch
</Directory>
<Directory ${ROOT}/g>
  Options None
</Directory>
<Directory ${ROOT}/i>
  Options Indexes
</Directory>
<Directory ${ROOT}/j>
  Options None
</Directory>
<Directory ${ROOT}/k/f.html>
  Options -FollowSymLinks
</Directory>
`;

function model24(conf: string, htaccess: Record<string, string> = {}): Model {
  const inputs = [
    { file: parse(conf, '/etc/apache2/test.conf', { version: '2.4' }), kind: 'conf' as const },
    ...Object.entries(htaccess).map(([dir, text]) => ({ file: parse(text, `${ROOT}/${dir}/.htaccess`, { version: '2.4' }), kind: 'htaccess' as const, dir: `${ROOT}/${dir}` })),
  ];
  return buildModel(inputs, { version: '2.4', modules: moduleSet([], '2.4', false) });
}

const get = (dir: string, plainFile: boolean): Request => ({
  vhost: '', path: `/${dir}/f.html`, file: `${ROOT}/${dir}/f.html`, method: 'GET', ip: '127.0.0.1', host: null, env: [], credentials: null,
  ...(plainFile ? { plainFile: true as const } : {}),
});

describe('a file the directory walk takes for a directory', () => {
  const m = model24(CONF, { h: 'Options -FollowSymLinks\n', j: 'Options +FollowSymLinks\n' });
  it('meets a <Directory> one component below its directory only where the options in force let the walk take it for one', () => {
    const real: Record<string, number> = { a: 403, b: 200, c: 200, e: 200, g: 200, h: 200, i: 200, j: 403, k: 403 };
    for (const [dir, status] of Object.entries(real)) expect([dir, decide24(m, get(dir, true)).status]).toEqual([dir, status]);
  });
  it('still meets it where the path is a directory (no plainFile), whatever the options', () => {
    for (const dir of ['a', 'b', 'c', 'g', 'h']) expect([dir, decide24(m, get(dir, false)).status]).toEqual([dir, 403]);
  });
  it('reads a .htaccess Options line only where AllowOverride grants Options', () => {
    const none = model24(CONF.replace('AllowOverride Options', 'AllowOverride AuthConfig'), { h: 'Options -FollowSymLinks\n' });
    // The .htaccess of h/ is then refused (500), whatever the walk does.
    expect(decide24(none, get('h', true)).status).toBe(500);
    const ignored = model24(CONF.replace('AllowOverride Options', 'AllowOverride None'), { h: 'Options -FollowSymLinks\n' });
    expect(decide24(ignored, get('h', true)).status).toBe(403);
  });
  it('takes the server\'s own Options lines and a virtual host\'s merged onto them', () => {
    const plain = `DocumentRoot ${ROOT}\n<Directory ${ROOT}/*/*>\n  Require all denied\n</Directory>\n`;
    expect(decide24(model24(`Options SymLinksIfOwnerMatch\n${plain}`), get('a', true)).status).toBe(200);
    expect(decide24(model24(`Options -Indexes\n${plain}`), get('a', true)).status).toBe(403);
    const vhost = `Options None\n${plain}<VirtualHost *:80>\n  Options +FollowSymLinks\n</VirtualHost>\n`;
    const mv = model24(vhost);
    expect(decide24(mv, get('a', true)).status).toBe(200);
    expect(decide24(mv, { ...get('a', true), vhost: mv.vhosts[0]! }).status).toBe(403);
  });
  it('marks a tree only where some Options line may turn the walk\'s FollowSymLinks off', () => {
    const marked = (line: string) => model24(`<Directory ${ROOT}>\n  ${line}\n</Directory>\n`).symlinkOptions === true;
    for (const line of ['Options FollowSymLinks', 'Options Indexes FollowSymLinks', 'Options +FollowSymLinks', 'Options -Indexes', 'Options All']) expect([line, marked(line)]).toEqual([line, false]);
    for (const line of ['Options None', 'Options Indexes', 'Options SymLinksIfOwnerMatch', 'Options -FollowSymLinks', 'Options +SymLinksIfOwnerMatch', 'Options FollowSymLinks SymLinksIfOwnerMatch']) expect([line, marked(line)]).toEqual([line, true]);
  });
  it('reads 2.2\'s removal carried past a plain FollowSymLinks to a deeper section with signed words only', () => {
    const conf = `DocumentRoot ${ROOT}\n<Directory ${ROOT}>\n  Options -FollowSymLinks Indexes FollowSymLinks\n  Order allow,deny\n  Allow from all\n</Directory>\n`
      + `<Directory ${ROOT}/b>\n  Options +ExecCGI\n</Directory>\n<Directory ${ROOT}/*/*>\n  Order deny,allow\n  Deny from all\n</Directory>\n`;
    const m22 = buildModel([{ file: parse(conf, '/etc/httpd/test.conf', { version: '2.2' }), kind: 'conf' as const }], { version: '2.2', modules: moduleSet([], '2.2', true) });
    expect(m22.symlinkOptions).toBe(true);
    expect(decide22(m22, get('b', true)).status).toBe(200);
    expect(decide22(m22, get('a', true)).status).toBe(403);
  });
  it('probes such a path both as a file and as a directory', () => {
    const seen = new Set<string>();
    const said = new Set<string>();
    eachRepresentative([m], undefined, (r) => {
      if (r.file !== `${ROOT}/b/f.html`) return;
      seen.add(`${r.plainFile ? 'file' : 'path'} ${decide24(m, r).status}`);
      said.add(describeRequest(r).replace(/^.*no credentials/, '').replace(/ \(with .*/, ''));
    });
    expect([...seen].sort()).toEqual(['file 200', 'path 403']);
    // A counterexample says which of the two it is.
    expect([...said].sort()).toEqual([', the path being a directory', ', the path being a file']);
    const defaults = model24(CONF.replace(/^ *Options .*\n/gm, ''));
    eachRepresentative([defaults], undefined, (r) => { expect(r.plainFile).toBeUndefined(); });
  });
});
