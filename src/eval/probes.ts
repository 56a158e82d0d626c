/** Probe locations for a context: each section's own path, a child, a look-alike sibling, with every file name and URL the sections name. */
import type { Model, Scope } from './model.js';
import { samplesFor } from './sample.js';

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

/** The file-name words of the sections' patterns (`html` of `\.html$`), a few at most. */
function wordsOf(scopes: readonly Scope[]): string[] {
  const out = new Set<string>();
  for (const s of scopes) {
    if (s.kind !== 'files' && s.kind !== 'filesmatch' && s.kind !== 'locationmatch') continue;
    for (const w of s.pattern.match(/[A-Za-z0-9_-]+/g) ?? []) if (out.size < 8) out.add(w);
  }
  return [...out];
}

export function probes(model: Model, vhost: string, scopes: readonly Scope[], gaps: string[]): Probe[] {
  const { docroot, toUrl, toFile } = urlMapping(model, vhost);
  const dirs = new Set<string>([docroot, '/__outside__']);
  // f.html, and a name that no <Files> section is likely to name, so that a directory is also probed outside its <Files>.
  const names = new Set<string>(['f.html', 'zz-unlisted.none']);
  const urls = new Set<string>(['/']);
  const proxied = new Set<string>();
  const words = wordsOf(scopes);
  for (const s of scopes) {
    switch (s.kind) {
      case 'directory': case 'htaccess': {
        const d = instance(s.pattern).replace(/\/$/, '');
        dirs.add(d || '/'); dirs.add(`${d}/sub`); dirs.add(`${d}x`);
        break;
      }
      case 'directorymatch': {
        const ds = s.regex ? samplesFor(s.regex, '/') : [];
        for (const d of ds) { dirs.add(d); dirs.add(`${d}/sub`); }
        if (!ds.length) gaps.push(`no path matches <DirectoryMatch ${s.pattern}>`);
        break;
      }
      case 'files': {
        names.add(instance(s.pattern) || 'f');
        // A wildcard also filled with the words of the other sections (x.* and \.html$ meet at x.html).
        if (/[*?]/.test(s.pattern)) for (const w of words) names.add(s.pattern.replace(/\*/g, w).replace(/\?/g, 'x'));
        break;
      }
      case 'filesmatch': {
        const ns = s.regex ? samplesFor(s.regex).filter((n) => !n.includes('/')) : [];
        for (const n of ns) names.add(n);
        if (!ns.length) gaps.push(`no file name matches <FilesMatch ${s.pattern}>`);
        break;
      }
      case 'location': {
        const u = instance(s.pattern);
        urls.add(u || '/'); urls.add(`${u.replace(/\/$/, '')}/sub/f.html`); urls.add(`${u.replace(/\/$/, '')}x`);
        break;
      }
      case 'locationmatch': {
        const us = s.regex ? samplesFor(s.regex, '/') : [];
        for (const u of us) {
          urls.add(u.startsWith('/') ? u : '/' + u);
          // Its last segment as a file name too: the URL pattern then meets every directory's sections.
          const base = u.slice(u.lastIndexOf('/') + 1);
          if (base) names.add(base);
        }
        if (!us.length) gaps.push(`no URL matches <LocationMatch ${s.pattern}>`);
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
    // Every file name below every URL too: a <Files> section meets a <Location> there (semantics §4.5).
    for (const n of names) { const f = `${u.replace(/\/$/, '')}/${n}`; add({ path: f, file: toFile(f) }); }
  }
  for (const p of proxied) add({ path: '/proxied', file: `proxy:${p}` });
  return [...out.values()];
}

