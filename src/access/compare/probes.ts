/** Probe locations for a context: each section's own path, a child, a look-alike sibling, with every file name and URL the sections name. */
import { mainServerLeftOut, type Model, type Request, type Scope, unfollowedIn } from '../model/index.js';
import { PROXIED } from '../../apache/url-mappings.js';
import { endsInDollar, hasWild } from '../decide/index.js';
import { cacheSlot } from '../../project/run-cache.js';
import { sampleFor, samplesFor } from './sample.js';

/**
 * A probe location: the URL path and the file it maps to; `docroot` names the DocumentRoot the
 * mapping assumed when the files loaded set none for the context.
 */
export interface Probe {
  path: string;
  file: string;
  docroot?: string;
  /** The path as a regular file the walk does not take for a directory (Request.plainFile). */
  plainFile?: true;
  /** The path as a directory, where it is probed as a file too (Request.directory). */
  directory?: true;
}

/** The URL prefix of a probe for a file no URL maps to: the file's path follows it. */
const FS_PREFIX = '/__fs__';

/** The probes' stand-in for a directory no section names. */
const OUTSIDE_DIR = '/__outside__';

/**
 * A request's path as users read it, in every output: the URL path; for a file no URL maps to (a
 * FS_PREFIX probe), `file` and the file, with the stand-in for a directory no section names said in words.
 */
export function describePath(r: Pick<Request, 'path' | 'file'>): string {
  if (r.path !== FS_PREFIX + r.file) return r.path;
  // A sample of an unanchored <DirectoryMatch> is relative (`x./f.html`): a file below any directory so named.
  return `file ${r.file.startsWith('/') ? r.file.replace(OUTSIDE_PREFIX, '(a directory no section names)/') : `(any directory)/${r.file}`}`;
}

const OUTSIDE_PREFIX = new RegExp(`^${OUTSIDE_DIR}/`);

/** The DocumentRoot assumed for a context when the files loaded set none (nor the main server). */
export const DEFAULT_DOCROOT = '/srv/htdocs';

// The regexes used per section live here, not as literals in the functions: a literal makes a new RegExp object each time it is evaluated.
const WILD_CHAR = /[*?]/g;
const CHAR_CLASS = /\[!?([^\]])[^\]]*\]/g;
const TRAILING_SLASH = /\/$/;
const TRAILING_SLASHES = /\/+$/;
const noSlash = (p: string) => p.replace(TRAILING_SLASH, '');

function instance(pattern: string): string {
  return pattern.replace(WILD_CHAR, 'x').replace(CHAR_CLASS, '$1');
}

/** The DocumentRoot the files loaded set for a context (its own, else the main server's), if any. */
export function knownDocroot(model: Model, vhost: string): string | undefined {
  return model.docroots.get(vhost) ?? model.docroots.get('');
}

/** The Alias lines (URL, directory) in force in a context: its own, then the main server's. */
function aliasesOf(model: Model, vhost: string): [string, string][] {
  return [...(model.aliases.get(vhost) ?? []), ...(model.aliases.get('') ?? [])];
}

/**
 * URL ↔ file mapping of a context: Alias lines first, then DocumentRoot (`docroot` when given: one candidate of an unknown one).
 * `toUrl` gives one URL of a file, `toUrls` every URL that serves it: an Alias of a directory under the DocumentRoot
 * (`Alias /static /var/www/html/assets`: /static/a.css and /assets/a.css) serves its files under both URLs, and sections of either URL meet them.
 */
export function urlMapping(model: Model, vhost: string, assumed?: string): { docroot: string; toUrl: (file: string) => string; toUrls: (file: string) => string[]; toFile: (url: string) => string } {
  const docroot = knownDocroot(model, vhost) ?? assumed ?? DEFAULT_DOCROOT;
  const aliases = aliasesOf(model, vhost);
  const toUrl = (file: string): string => {
    for (const [url, dir] of aliases) if (file === dir || file.startsWith(dir + '/')) return noSlash(url) + file.slice(dir.length);
    if (file.startsWith(docroot + '/')) return file.slice(docroot.length);
    return FS_PREFIX + file;
  };
  const toFile = (url: string): string => {
    for (const [prefix, dir] of aliases) if (url === prefix || url.startsWith(noSlash(prefix) + '/')) return dir + url.slice(noSlash(prefix).length);
    return docroot + url;
  };
  const toUrls = (file: string): string[] => {
    const first = toUrl(file);
    if (!aliases.length) return [first];
    const out = new Set<string>();
    for (const [url, dir] of aliases) if (file === dir || file.startsWith(dir + '/')) out.add(noSlash(url) + file.slice(dir.length));
    if (file.startsWith(docroot + '/')) out.add(file.slice(docroot.length));
    // Only the URLs that map back to the file: a longer Alias may take a URL from under a shorter one, or from the DocumentRoot.
    const served = [...out].filter((u) => u !== first && toFile(u) === file);
    return [first, ...served];
  };
  return { docroot, toUrl, toUrls, toFile };
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

/** The file name every directory and URL is probed with. */
const PLAIN_NAME = 'f.html';
/** A name that no `<Files>` section is likely to name, so that a directory is also probed outside its `<Files>`. */
const UNLISTED_NAME = 'zz-unlisted.none';

const lastSegment = (p: string) => { const q = p.replace(TRAILING_SLASHES, ''); return q.slice(q.lastIndexOf('/') + 1); };

/**
 * True when no section of the context can tell a file named PLAIN_NAME from one named
 * UNLISTED_NAME in the same directory: only literal `<Directory>`, .htaccess and `<Location>`
 * sections, none of them (nor an Alias) ending in either name. Such sections test the directory
 * and the URL up to a slash (match.ts: dirCovers, locationCovers), or the whole path for
 * equality, so both names meet the same sections and the second adds no class.
 */
function nameBlind(model: Model, vhost: string, scopes: readonly Scope[]): boolean {
  const main = mainNameBlind(model, scopes);
  if (!main.blind) return false;
  for (let i = main.count; i < scopes.length; i++) if (!blindScope(scopes[i]!)) return false;
  for (const [url, dir] of aliasesOf(model, vhost)) if (named(url) || named(dir)) return false;
  return true;
}

const named = (p: string) => { const last = lastSegment(p); return last === PLAIN_NAME || last === UNLISTED_NAME; };

/** A section that tests a path up to a slash or whole, and ends in neither probe name. */
const blindScope = (s: Scope) => (s.kind === 'directory' || s.kind === 'htaccess' || s.kind === 'location') && !s.regex && !hasWild(s.pattern) && !named(s.pattern);

const MAIN_NAME_BLIND = cacheSlot('whether the main server\'s sections tell file names apart, per model', () => new WeakMap<Model, { blind: boolean; count: number }>());

/** nameBlind's verdict on the main server's scopes (the first ones of every context's list), made once per model, and how many there are. */
function mainNameBlind(model: Model, scopes: readonly Scope[]): { blind: boolean; count: number } {
  const byModel = model.cache.get(MAIN_NAME_BLIND);
  let v = byModel.get(model);
  if (!v) {
    let count = 0;
    while (count < scopes.length && scopes[count]!.vhost === '') count++;
    v = { blind: scopes.slice(0, count).every(blindScope), count };
    byModel.set(model, v);
  }
  return v;
}

/**
 * The roots a virtual host's URLs reach (its DocumentRoot and the Aliases), or null when they reach
 * everything (unknown, or '/'). Where the main server's context is left out (model/main-server.ts),
 * it no longer probes the directories the mappings the prover does not follow reach (UserDir,
 * AliasMatch…): the host then counts their targets too, and reaches everything when one may map anywhere.
 */
function reachRoots(model: Model, vhost: string, known: string | undefined): string[] | null {
  if (vhost === '' || known === undefined) return null;
  const roots = [known, ...aliasesOf(model, vhost).map(([, dir]) => dir)].map(noSlash);
  if (mainServerLeftOut([model])) {
    for (const m of unfollowedIn(model, vhost)) {
      if (m.target === PROXIED) continue;
      // A literal beginning that ends inside a name (`/srv/man` of `/srv/man$1`) reaches its whole parent directory.
      const t = m.target;
      roots.push(!t.startsWith('/') ? '' : t.endsWith('/') ? noSlash(t) : t.slice(0, t.lastIndexOf('/')));
    }
  }
  return roots.some((r) => r === '') ? null : roots;
}

const under = (dir: string, root: string) => dir === root || dir.startsWith(`${root}/`);

/** Whether `dir` is one of `roots` or below one: under() for a set of roots, one lookup per component of `dir`. */
function underAny(dir: string, roots: ReadonlySet<string>): boolean {
  if (roots.has(dir)) return true;
  for (let i = dir.indexOf('/'); i >= 0; i = dir.indexOf('/', i + 1)) if (roots.has(dir.slice(0, i))) return true;
  return false;
}

const HOSTS_REACH = cacheSlot('the roots every virtual host reaches, per model', () => new WeakMap<Model, Set<string> | null>());

/**
 * The roots the virtual hosts' URLs reach, all hosts together (reachRoots), or null when one reaches everything.
 * A set, looked up by underAny: each host tested each directory against every host's roots, which made a
 * tree of N hosts with a .htaccess file each cost N³ (250 hosts: 6 s of 46).
 */
function hostsReach(model: Model): Set<string> | null {
  const byModel = model.cache.get(HOSTS_REACH);
  if (byModel.has(model)) return byModel.get(model)!;
  let all: Set<string> | null = new Set();
  for (const v of model.vhosts) {
    const r = reachRoots(model, v, knownDocroot(model, v));
    if (!r) { all = null; break; }
    for (const root of r) all.add(root);
  }
  byModel.set(model, all);
  return all;
}

/** A main-server directory probe: the directory, its scope's place among the main server's scopes, and which of the three it is. */
interface MainDir { dir: string; at: number; k: number }

/**
 * The probe directories of the main server's `<Directory>` and .htaccess scopes, sorted by path,
 * made once per model; null when other main-server scopes add directories too (DirectoryMatch, a
 * section inside a `<Directory>`), whose order among them this list would not keep.
 */
const MAIN_DIRS = cacheSlot('main-server probe directories, per model', () => new WeakMap<Model, MainDir[] | null>());

function mainDirs(model: Model, scopes: readonly Scope[]): MainDir[] | null {
  const byModel = model.cache.get(MAIN_DIRS);
  if (byModel.has(model)) return byModel.get(model)!;
  let list: MainDir[] | null = [];
  for (const [at, s] of scopes.entries()) {
    if (s.vhost !== '') break;
    if (s.kind === 'directorymatch' || s.within?.kind === 'directory') { list = null; break; }
    if (s.kind !== 'directory' && s.kind !== 'htaccess') continue;
    const d = noSlash(instance(s.pattern));
    list.push({ dir: d || '/', at, k: 0 }, { dir: `${d}/sub`, at, k: 1 }, { dir: `${d}x`, at, k: 2 });
  }
  list?.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  byModel.set(model, list);
  return list;
}

/** The main-server probe directories under the roots, in the order the scopes give them. */
function reachableMainDirs(list: readonly MainDir[], roots: readonly string[]): string[] {
  const found: MainDir[] = [];
  for (const root of roots) {
    let lo = 0, hi = list.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid]!.dir < root) lo = mid + 1; else hi = mid; }
    for (let i = lo; i < list.length && list[i]!.dir.startsWith(root); i++) if (under(list[i]!.dir, root)) found.push(list[i]!);
  }
  return found.sort((a, b) => a.at - b.at || a.k - b.k).map((m) => m.dir);
}

/** A regex section this tool cannot evaluate, in words (`section`: how to name its kind). */
export function unevaluableRegex(s: Scope, section: string): string {
  return `this tool cannot evaluate the regex of <${section} ${s.pattern}> (${s.unevaluable})`;
}

/** Why no probe meets a regex section: its regex matches nothing found, or this tool cannot evaluate it. */
function unmatched(s: Scope, what: string, section: string): string {
  return s.unevaluable ? unevaluableRegex(s, section) : `no ${what} matches <${section} ${s.pattern}>`;
}

export function probes(model: Model, vhost: string, scopes: readonly Scope[], gaps: string[]): Probe[] {
  const known = knownDocroot(model, vhost);
  const roots = known !== undefined ? [known] : docrootCandidates(scopes);
  const dirs = new Set<string>([...roots.map((r) => r || '/'), OUTSIDE_DIR]);
  // In a virtual host whose DocumentRoot is known, the main server's directories its URLs cannot
  // reach are not probed: no URL of that host reaches them, and the main server's context probes
  // them (a hosting tree's .htaccess of every site would otherwise be probed in every site). Where
  // that context is left out (model/main-server.ts), every host probes those no host reaches.
  const reach = reachRoots(model, vhost, known);
  const everyHost = reach !== null && mainServerLeftOut([model]) ? hostsReach(model) : null;
  const unreached = (d: string) => everyHost !== null && !underAny(d, everyHost);
  const addDir = (s: Scope, d: string) => { if (s.vhost !== '' || !reach || reach.some((r) => under(d, r)) || unreached(d)) dirs.add(d); };
  // The main server's plain directories, looked up by path instead of tested one by one per host.
  const indexed = reach && everyHost === null ? mainDirs(model, scopes) : null;
  if (indexed) for (const d of reachableMainDirs(indexed, reach!)) dirs.add(d);
  const names = new Set<string>(nameBlind(model, vhost, scopes) ? [PLAIN_NAME] : [PLAIN_NAME, UNLISTED_NAME]);
  const urls = new Set<string>(['/']);
  /** File paths asked for as they are (a regex directory section's own path). */
  const exact = new Set<string>();
  const proxied = new Set<string>();
  const words = wordsOf(scopes);
  for (const s of scopes) {
    switch (s.kind) {
      case 'directory': case 'htaccess': {
        if (indexed && s.vhost === '') break;
        const d = noSlash(instance(s.pattern));
        addDir(s, d || '/'); addDir(s, `${d}/sub`); addDir(s, `${d}x`);
        // A wildcard's instance as a file too: the walk matches <Directory "/d/?ub"> against /d/xub itself (match.ts).
        if (s.kind === 'directory' && hasWild(s.pattern) && d) exact.add(d);
        break;
      }
      case 'directorymatch': {
        const ds = s.regex ? samplesFor(s.regex, '/') : [];
        for (const d of ds) { addDir(s, d); addDir(s, `${d}/sub`); }
        // A regex not anchored with `^` matches below every root too (`/a/` meets <DocumentRoot>/a/): there a host's
        // own sections meet it. Found by a helper's hunt of whole trees: the main server's <Directory ~ "/a/"> was
        // probed only at /a/, which a virtual host's URLs do not reach, and its rewrite to Require all granted
        // replaced, under the host's DocumentRoot, the Require valid-user 2.2 had asked for (401 before, 200 after).
        // So does one whose `.*` may stand for a root (`^/srv/.*/pub` meets <DocumentRoot>/pub): its last segment is tried
        // below each root too (found by the same hunt: such a section's Satisfy Any was rewritten from what it met at
        // /srv/x/pub, Require all denied, and GET /pub/f.html of a host went from 200 to 403).
        if (s.regex) {
          const re = s.regex;
          for (const d of ds) {
            for (const root of [...roots, ...(reach ?? [])]) {
              const below = [`${noSlash(root)}/${lastSegment(d)}`];
              if (!re.source.startsWith('^')) below.push(placedBelow(root, d));
              for (const p of below) if (re.test(p)) { addDir(s, noSlash(p) || '/'); addDir(s, `${noSlash(p)}/sub`); }
            }
          }
        }
        // The path itself too, as a file and as a directory (`/d/`, `/d`): a regex that ends in `$`
        // matches only there in 2.4, and nowhere in 2.2, which tested it with REG_NOTEOL.
        for (const d of ds) if (d !== '/' && (s.vhost !== '' || !reach || reach.some((r) => under(d, r)) || unreached(d))) { exact.add(noSlash(d)); exact.add(`${noSlash(d)}/`); }
        if (!ds.length) gaps.push(unmatched(s, 'path', 'DirectoryMatch'));
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
        if (!ns.length) gaps.push(unmatched(s, 'file name', 'FilesMatch'));
        break;
      }
      case 'location': {
        const u = instance(s.pattern);
        urls.add(u || '/'); urls.add(`${noSlash(u)}/sub/f.html`); urls.add(`${noSlash(u)}x`);
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
        if (!us.length) gaps.push(unmatched(s, 'URL', 'LocationMatch'));
        break;
      }
      case 'proxy':
        if (s.unevaluable) gaps.push(unmatched(s, 'URL', 'ProxyMatch'));
        else proxied.add(instance(s.pattern === '*' ? 'http://backend/x' : s.pattern));
        break;
    }
    if (s.within && s.within.kind === 'directory') addDir(s, instance(s.within.pattern));
  }
  unanchoredUrls(scopes, urls, aliasesOf(model, vhost).map(([u]) => u));
  overlappingDirs(scopes, [...dirs], addDir);
  namesBothMatch(scopes, names);
  endAnchoredPaths(scopes, dirs, [...roots, ...(reach ?? [])], exact);
  const out = new Map<string, Probe>();
  const below = roots.length > 1 ? dirsBelow([...dirs]) : null;
  for (const [i, root] of roots.entries()) {
    const { toUrls, toFile } = urlMapping(model, vhost, root);
    // Named only when it is one of several (the counterexample then depends on it).
    const docroot = roots.length > 1 ? root : undefined;
    const add = (p: Probe) => { const k = `${p.path}\0${p.file}`; if (!out.has(k)) out.set(k, docroot === undefined ? p : { ...p, docroot }); };
    // A directory outside a later root maps as it did under the first (an Alias, or /__fs__): only those below it give new probes.
    for (const d of i === 0 || !below ? dirs : below(root)) for (const n of names) { const file = `${d === '/' ? '' : d}/${n}`; for (const path of toUrls(file)) add({ path, file }); }
    for (const file of exact) for (const path of toUrls(file)) add({ path, file });
    for (const u of urls) {
      add({ path: u, file: toFile(u) });
      // Every file name below every URL too: a <Files> section meets a <Location> there (semantics §4.5).
      for (const n of names) { const f = `${noSlash(u)}/${n}`; add({ path: f, file: toFile(f) }); }
    }
  }
  for (const p of proxied) out.set(`/proxied\0proxy:${p}`, { path: '/proxied', file: `proxy:${p}` });
  return [...out.values()];
}

/** A regex's sample placed below a root directory or URL (`/srv/www` and `/a/` give `/srv/www/a/`). */
function placedBelow(root: string, sample: string): string {
  return `${noSlash(root)}${sample.startsWith('/') ? '' : '/'}${sample}`;
}

/**
 * A URL regex not anchored with `^` (`<LocationMatch "/a/c/">`) matches below every URL too: its samples are also asked
 * for below each <Location> and Alias URL, where those sections meet it. Found by a helper's hunt of whole trees: it was
 * probed at /a/c/ only, not below <Location /ext/> whose Satisfy any let everyone in, and its rewrite to Require
 * valid-user made GET /ext/a/c/secret.html go from 200 (2.2) to 401.
 */
function unanchoredUrls(scopes: readonly Scope[], urls: Set<string>, aliasUrls: readonly string[]): void {
  const regexes = scopes.filter((s) => s.kind === 'locationmatch' && s.regex && !s.regex.source.startsWith('^')).map((s) => s.regex!);
  if (!regexes.length) return;
  const prefixes = [...new Set([...scopes.filter((s) => s.kind === 'location').map((s) => noSlash(instance(s.pattern))), ...aliasUrls.map(noSlash)])].filter(Boolean);
  for (const re of regexes) {
    for (const sample of samplesFor(re, '/')) {
      for (const prefix of prefixes) {
        const u = placedBelow(prefix, sample);
        if (re.test(u)) urls.add(u);
      }
    }
  }
}

/**
 * A directory regex not anchored with `^` may match across a directory's own name: `docs/a/c` meets /srv/v4docs/a/c,
 * which is neither a sample placed below the root (/srv/v4docs/docs/a/c) nor its last segment there. So wherever a probe
 * directory ends with the start of a sample (`…docs/a`), the rest of the sample is asked for below it. Found by a helper's
 * hunt of whole trees: such a section's Satisfy Any was rewritten to Require all granted, which does not lift a Deny from
 * all kept under mod_access_compat, and POST /a/c/x.php as alice went from 200 (2.2) to 403.
 */
function overlappingDirs(scopes: readonly Scope[], dirs: readonly string[], add: (s: Scope, d: string) => void): void {
  for (const s of scopes) {
    if (s.kind !== 'directorymatch' || !s.regex || s.regex.source.startsWith('^')) continue;
    for (const sample of samplesFor(s.regex, '/')) {
      const core = sample.replace(/^\/+/, '');
      for (let k = core.indexOf('/'); k > 0; k = core.indexOf('/', k + 1)) {
        const start = core.slice(0, k), rest = core.slice(k);
        for (const d of dirs) {
          if (!d.endsWith(start) || !s.regex.test(d + rest)) continue;
          add(s, d + rest); add(s, `${d}${rest}/sub`);
        }
      }
    }
  }
}

/**
 * File names two `<FilesMatch>` regexes both match, where neither one's own sample is one (`^(f|g)\.` and `\.(txt|php)$` meet
 * at g.txt): a sample of each joined to one of the other, overlapping where one ends with the start of the other (`g.` and
 * `.txt` give g.txt). A few at most. Found by a helper's hunt of whole trees: the first, Order mutual-failure, was rewritten
 * to Require all denied, proven only at f. and g.; at g.txt, where the second set the AuthGroupFile, a <Location>'s Require
 * group admins replaces it in 2.4, and GET /ext/priv/g.txt as bob went from 403 (2.2, refused by host first) to 200.
 * A `<LocationMatch>` takes part with the last segment of its samples, a name its URL may end in (`^/scn/.*\.html$` and a
 * `<FilesMatch "^g\.">` meet at g.html): found by the differential's extended scenarios, where a <FilesMatch>'s Deny
 * from env= was rewritten unseen under a <LocationMatch>'s Require user alice, which replaces it in 2.4 (403 before, 200 after).
 */
function namesBothMatch(scopes: readonly Scope[], names: Set<string>): void {
  const parts: { test: (name: string) => boolean; samples: string[]; files: boolean }[] = [];
  for (const s of scopes) {
    if (!s.regex) continue;
    const re = s.regex;
    if (s.kind === 'filesmatch') parts.push({ test: (n) => re.test(n), samples: samplesFor(re).filter((n) => n && !n.includes('/')), files: true });
    else if (s.kind === 'locationmatch') {
      const urls = samplesFor(re, '/');
      const dirs = [...new Set(urls.map((u) => u.slice(0, u.lastIndexOf('/') + 1)))];
      parts.push({ test: (n) => dirs.some((d) => re.test(d + n)), samples: [...new Set(urls.map((u) => u.slice(u.lastIndexOf('/') + 1)).filter(Boolean))], files: false });
    }
  }
  if (parts.filter((p) => p.files).length === 0 || parts.length < 2) return;
  let added = 0;
  for (let i = 0; i < parts.length; i++) {
    for (let j = 0; j < parts.length; j++) {
      if (i === j || (!parts[i]!.files && !parts[j]!.files)) continue;
      for (const a of parts[i]!.samples) {
        for (const b of parts[j]!.samples) {
          let k = Math.min(a.length, b.length);
          while (k > 0 && !a.endsWith(b.slice(0, k))) k--;
          for (const name of new Set([a + b.slice(k), a + b])) {
            if (added >= MAX_JOINED_NAMES) return;
            if (!names.has(name) && parts[i]!.test(name) && parts[j]!.test(name)) { names.add(name); added++; }
          }
        }
      }
    }
  }
}

/** How many file names joined from two <FilesMatch> samples a context gets (a bot list has hundreds of sections). */
const MAX_JOINED_NAMES = 16;

/**
 * The paths where a directory regex ending in `$` applies in 2.4 (2.2 tested it with REG_NOTEOL, so it
 * applied nowhere): each probe directory it matches, and its samples placed under each root, for a regex
 * not anchored with `^` (`/secret\.txt$` meets `<DocumentRoot>/secret.txt`). Asked for as a file and as a
 * directory. Found by a helper's bug hunt: only the sample itself was asked for, a path no URL reaches,
 * and such a section was rewritten to Require all granted where 2.2 answered 403.
 */
function endAnchoredPaths(scopes: readonly Scope[], dirs: ReadonlySet<string>, roots: readonly string[], exact: Set<string>): void {
  const regexes = scopes.filter(endsInDollar).map((s) => s.regex!);
  if (!regexes.length) return;
  const add = (p: string) => { exact.add(noSlash(p) || '/'); exact.add(`${noSlash(p)}/`); };
  for (const re of regexes) {
    for (const d of dirs) if (re.test(d) || re.test(`${noSlash(d)}/`)) add(d);
    for (const sample of samplesFor(re, '/')) {
      for (const root of roots) {
        const p = placedBelow(root, sample);
        if (re.test(p)) add(p);
      }
    }
  }
}

/**
 * The directories at or below a root, in the order given: looked up in the sorted list, so that a
 * fragment with thousands of <Directory> sections (each one a DocumentRoot candidate) stays near linear.
 */
function dirsBelow(dirs: readonly string[]): (root: string) => string[] {
  const sorted = dirs.map((d, at) => ({ d, at })).sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0));
  const from = (key: string) => {
    let lo = 0, hi = sorted.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (sorted[mid]!.d < key) lo = mid + 1; else hi = mid; }
    return lo;
  };
  return (root) => {
    // The root itself, then everything that starts with root + '/' ('/' + 1 is '0').
    const hits: { d: string; at: number }[] = [];
    for (let i = from(root); i < sorted.length && sorted[i]!.d === root; i++) hits.push(sorted[i]!);
    const prefix = root === '/' ? '/' : `${root}/`;
    for (let i = from(prefix); i < sorted.length && sorted[i]!.d.startsWith(prefix); i++) hits.push(sorted[i]!);
    return hits.sort((a, b) => a.at - b.at).map((h) => h.d);
  };
}

/**
 * The DocumentRoots a context may have when the files loaded set none (a conf.d file or a
 * virtual host checked alone: the main configuration may well set one). The default, each
 * directory a file-system section names (every URL then lies under it, so every <Location>
 * meets every <Directory>), and each place where a <Location> would map exactly onto a
 * <Directory> (/srv/www for <Directory /srv/www/sub> and <Location /sub>).
 */
function docrootCandidates(scopes: readonly Scope[]): string[] {
  const named = new Set<string>();
  const locations = new Set<string>();
  for (const s of scopes) {
    if (s.kind === 'directory' || s.kind === 'htaccess') named.add(noSlash(instance(s.pattern)));
    else if (s.kind === 'directorymatch' && s.regex) for (const d of samplesFor(s.regex, '/')) named.add(noSlash(d));
    else if (s.kind === 'location') locations.add(noSlash(instance(s.pattern)));
    if (s.within && s.within.kind === 'directory') named.add(noSlash(instance(s.within.pattern)));
  }
  const out = new Set<string>([DEFAULT_DOCROOT]);
  for (const d of named) {
    out.add(d);
    for (const u of locations) if (u && d.endsWith(u) && d.length > u.length) out.add(d.slice(0, -u.length));
  }
  return [...out];
}

/** A request for a section's own location (its directory, file name or URL). */
export function ownRequest(model: Model, s: Scope): Request | null {
  const { docroot, toUrl, toFile } = urlMapping(model, s.vhost);
  const base = { vhost: s.vhost, method: 'GET', ip: '10.0.0.1', host: null, env: [], credentials: null };
  const fileReq = (file: string): Request => ({ ...base, path: toUrl(file), file });
  const urlReq = (url: string): Request => ({ ...base, path: url, file: toFile(url) });
  switch (s.kind) {
    case 'directory': case 'htaccess': return fileReq(`${noSlash(instanceOf(s.pattern))}/f.html`);
    case 'directorymatch': {
      const d = s.regex && sampleFor(s.regex, '/');
      if (!d) return null;
      // A regex that ends in `$` (`^/srv/sub/?$`) meets no file below the directory, only its own path.
      const inside = `${noSlash(d)}/f.html`;
      return fileReq(!s.regex!.test(inside) && s.regex!.test(d) ? d : inside);
    }
    case 'files': case 'filesmatch': {
      const name = s.regex ? sampleFor(s.regex) : instanceOf(s.pattern);
      const dir = s.within ? instanceOf(s.within.pattern) : docroot;
      return name && !name.includes('/') ? fileReq(`${dir}/${name}`) : null;
    }
    case 'location': return urlReq(instanceOf(s.pattern) || '/');
    case 'locationmatch': { const u = s.regex && sampleFor(s.regex, '/'); return u ? urlReq(u.startsWith('/') ? u : `/${u}`) : null; }
    case 'proxy': return { ...base, path: '/proxied', file: `proxy:${instanceOf(s.pattern === '*' ? 'http://backend/x' : s.pattern)}` };
  }
}
