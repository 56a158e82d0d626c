/** Probe locations for a context: each section's own path, a child, a look-alike sibling, with every file name and URL the sections name. */
import type { Model, Scope } from './model.js';
import { sampleFor } from './sample.js';

/** A probe location: the URL path and the file it maps to. */
export interface Probe { path: string; file: string }

function instance(pattern: string): string {
  return pattern.replace(/\*/g, 'x').replace(/\?/g, 'x').replace(/\[!?([^\]])[^\]]*\]/g, '$1');
}

/** URL and file for each section of a context: its own path, a child, a look-alike sibling; each with every file name. */
/** URL ↔ file mapping of a context: Alias lines first, then DocumentRoot. */
export function urlMapping(model: Model, vhost: string): { docroot: string; toUrl: (file: string) => string; toFile: (url: string) => string } {
  const docroot = model.docroots.get(vhost) ?? model.docroots.get('') ?? '/srv/htdocs';
  const aliases = [...(model.aliases.get(vhost) ?? []), ...(model.aliases.get('') ?? [])];
  const toUrl = (file: string): string => {
    for (const [url, dir] of aliases) if (file === dir || file.startsWith(dir + '/')) return url.replace(/\/$/, '') + file.slice(dir.length);
    if (file.startsWith(docroot + '/')) return file.slice(docroot.length);
    return '/__fs__' + file;
  };
  const toFile = (url: string): string => {
    for (const [prefix, dir] of aliases) if (url === prefix || url.startsWith(prefix.replace(/\/$/, '') + '/')) return dir + url.slice(prefix.replace(/\/$/, '').length);
    return docroot + url;
  };
  return { docroot, toUrl, toFile };
}

export function instanceOf(pattern: string): string {
  return instance(pattern);
}

export function probes(model: Model, vhost: string, scopes: readonly Scope[], gaps: string[]): Probe[] {
  const { docroot, toUrl, toFile } = urlMapping(model, vhost);
  const dirs = new Set<string>([docroot, '/__outside__']);
  // f.html, and a name that no <Files> section is likely to name, so that a directory is also probed outside its <Files>.
  const names = new Set<string>(['f.html', 'zz-unlisted.none']);
  const urls = new Set<string>(['/']);
  const proxied = new Set<string>();
  for (const s of scopes) {
    switch (s.kind) {
      case 'directory': case 'htaccess': {
        const d = instance(s.pattern).replace(/\/$/, '');
        dirs.add(d || '/'); dirs.add(`${d}/sub`); dirs.add(`${d}x`);
        break;
      }
      case 'directorymatch': {
        const d = s.regex && sampleFor(s.regex, '/');
        if (d) { dirs.add(d); dirs.add(`${d}/sub`); } else gaps.push(`no path matches <DirectoryMatch ${s.pattern}>`);
        break;
      }
      case 'files': names.add(instance(s.pattern) || 'f'); break;
      case 'filesmatch': {
        const n = s.regex && sampleFor(s.regex);
        if (n && !n.includes('/')) names.add(n); else gaps.push(`no file name matches <FilesMatch ${s.pattern}>`);
        break;
      }
      case 'location': {
        const u = instance(s.pattern);
        urls.add(u || '/'); urls.add(`${u.replace(/\/$/, '')}/sub/f.html`); urls.add(`${u.replace(/\/$/, '')}x`);
        break;
      }
      case 'locationmatch': {
        const u = s.regex && sampleFor(s.regex, '/');
        if (u) urls.add(u.startsWith('/') ? u : '/' + u); else gaps.push(`no URL matches <LocationMatch ${s.pattern}>`);
        break;
      }
      case 'proxy': proxied.add(instance(s.pattern === '*' ? 'http://backend/x' : s.pattern)); break;
    }
    if (s.within && s.within.kind === 'directory') dirs.add(instance(s.within.pattern));
  }
  const out = new Map<string, Probe>();
  const add = (p: Probe) => out.set(`${p.path}\0${p.file}`, p);
  for (const d of dirs) for (const n of names) { const file = `${d === '/' ? '' : d}/${n}`; add({ path: toUrl(file), file }); }
  for (const u of urls) {
    add({ path: u, file: toFile(u) });
    for (const n of names) if (u.endsWith('/')) add({ path: u + n, file: toFile(u + n) });
  }
  for (const p of proxied) add({ path: '/proxied', file: `proxy:${p}` });
  return [...out.values()];
}

