#!/usr/bin/env node
/**
 * Generates src/apache/directive-data.generated.ts: which module provides each directive of httpd 2.4,
 * measured on the real binary (Debian's apache2-bin), never written by hand.
 *
 *   node scripts/gen-directive-table.mjs [--httpd /usr/sbin/apache2] [--modules /usr/lib/apache2/modules]
 *
 * Method, per shared module M (every mod_*.so of the modules directory):
 *  1. find the modules M needs loaded first, by trial: load M alone; when the dynamic linker
 *     reports `undefined symbol: S`, add the module whose .so defines S (`nm -D`) and retry; when
 *     `-t` passes but a real start fails naming a module (`Module mod_ldap missing`), add it and retry;
 *  2. run `httpd -L` (which lists the directives of every loaded module, with the module's
 *     source name, once the configuration is read) with the dependencies loaded, then again with M
 *     loaded too. M's directives are those present only in the second run;
 *  3. cross-check: all of them must be listed under one source name, and a second opinion must
 *     agree: every directive-like printable string of mod_M.so (`strings -n 3`, `^<?[A-Za-z]\w+$`)
 *     and every -L name, probed with `<IfDirective>` blocks (2.4.34+) before and after
 *     `LoadModule M` in one run (`-t -D DUMP_RUN_CFG` prints the `Define`s they set).
 * The file holds data only; the lookups over it are written by hand in src/apache/directive-table.ts.
 * Built-in modules (`httpd -l`) are read from the same `-L` listing, attributed by source name.
 * MPMs are measured alone (a server cannot load two), with no other module.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const HTTPD = opt('--httpd', '/usr/sbin/apache2');
const MODDIR = opt('--modules', '/usr/lib/apache2/modules');
const OUT = opt('--out', new URL('../src/apache/directive-data.generated.ts', import.meta.url).pathname);
const root = mkdtempSync('/dev/shm/gen-directives-');
process.on('exit', () => rmSync(root, { recursive: true, force: true }));

/** Short name of a module from the source name httpd prints (`mod_filter.c`, `event.c`, `http_core.c`). */
function shortOfSource(src) {
  if (src === 'core.c') return 'core';
  if (src === 'http_core.c') return 'http';
  if (['event.c', 'prefork.c', 'worker.c'].includes(src)) return `mpm_${src.slice(0, -2)}`;
  const m = /^mod_(\w+)\.c$/.exec(src);
  if (!m) throw new Error(`unexpected module source name ${src}`);
  return m[1];
}

const SANDBOX = [
  'ServerName 127.0.0.1', `ErrorLog "${root}/error.log"`, `PidFile "${root}/httpd.pid"`,
  `DefaultRuntimeDir "${root}"`, `Mutex file:${root} default`,
];
const load = (m) => `LoadModule ${m}_module ${MODDIR}/mod_${m}.so`;

function run(lines, flags) {
  const conf = join(root, 'httpd.conf');
  writeFileSync(conf, [...SANDBOX, ...lines, ''].join('\n'));
  const r = spawnSync(HTTPD, [...flags, '-f', conf, '-d', root], { encoding: 'latin1', maxBuffer: 64 << 20 });
  return { ok: r.status === 0, out: r.stdout, err: r.stderr };
}

/**
 * What a .htaccess needs from AllowOverride to hold the directive, from `-L`'s context lines: '' never ("Allowed in
 * *.conf only outside <Directory>…", "Allowed in *.conf anywhere"), '*' any category ("when AllowOverride isn't
 * None"), else the categories that allow it, lower case ("when AllowOverride includes AuthConfig or Limit": 'authconfig limit').
 */
function htaccessNeed(context) {
  if (!/and in \.htaccess/.test(context)) return '';
  if (/when AllowOverride isn't None/.test(context)) return '*';
  const m = /when AllowOverride includes ([\w ]+)/.exec(context);
  if (!m) throw new Error(`unexpected context: ${context}`);
  return m[1].split(' or ').map((c) => c.trim().toLowerCase()).join(' ');
}

/** `httpd -L`: Map lname → {name, source, htaccess} of every directive the loaded modules provide; throws on a start-up error. */
function listDirectives(lines) {
  const r = run(lines, ['-L']);
  if (!r.ok) throw new Error(r.err.trim() || r.out.trim());
  const found = new Map();
  let last = null;
  const done = () => { if (last) last.htaccess = htaccessNeed(last.context); };
  for (const line of r.out.split('\n')) {
    const m = /^(\S+) \(([\w.]+)\)$/.exec(line);
    if (m) {
      done();
      last = { name: m[1], source: m[2], context: '' };
      found.set(m[1].toLowerCase(), last);
    } else if (last && /^\t(Allowed|when)/.test(line)) last.context += ` ${line.trim()}`;
  }
  done();
  return found;
}

const definers = new Map();
/** The module whose .so defines dynamic symbol `sym`. */
function providerOf(sym, all) {
  for (const m of all) {
    if (!definers.has(m)) {
      const out = execFileSync('nm', ['-D', '--defined-only', join(MODDIR, `mod_${m}.so`)], { encoding: 'latin1' });
      definers.set(m, new Set(out.split('\n').map((l) => l.trim().split(/\s+/)[2]).filter(Boolean)));
    }
    if (definers.get(m).has(sym)) return m;
  }
  return null;
}

/**
 * The module a real start (not `-t`: post-config hooks run only then) of these lines asks for, or null
 * when it starts or fails naming none: `-X` (one process, in the foreground) on a free port, stopped once it has run a while.
 * mod_authnz_ldap links without mod_ldap and passes `-t`, but refuses to start: "AH01749: Module mod_ldap
 * missing. Mod_ldap (aka. util_ldap) must be loaded in order for mod_authnz_ldap to function properly".
 */
function startNeeds(lines, mod, all) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  rmSync(join(root, 'error.log'), { force: true });
  const conf = join(root, 'httpd.conf');
  writeFileSync(conf, [...SANDBOX, `Listen 127.0.0.1:${port}`, ...lines, ''].join('\n'));
  const r = spawnSync(HTTPD, ['-X', '-f', conf, '-d', root], { encoding: 'latin1', timeout: 700 });
  if (r.error || r.status === null) return null; // still running when stopped: it started
  let log = '';
  try { log = readFileSync(join(root, 'error.log'), 'latin1'); } catch { /* none written */ }
  const text = `${r.stderr}\n${log}`;
  const named = [...text.matchAll(/\bmod_(\w+?)(?:\.so|\.c)?\b/g)].map((m) => m[1].toLowerCase()).find((m) => m !== mod && all.includes(m));
  // A start that fails for want of something else (mod_mime's mime.types in the sandbox) says nothing of modules.
  return named ?? null;
}

/** Modules to load before `mod` (in load order), found by trial: undefined symbols under `-t`, then a real start. */
function dependencies(mod, base, all) {
  const deps = [];
  for (let i = 0; i < 10; i++) {
    const lines = [...base, ...deps.map(load), load(mod)];
    const r = run(lines, ['-t']);
    const sym = /undefined symbol: (\w+)/.exec(r.err)?.[1];
    const p = sym ? providerOf(sym, all) : r.ok ? startNeeds(lines, mod, all) : null;
    if (sym && !p) throw new Error(`${mod}: no module defines ${sym}`);
    if (!p) return deps;
    deps.unshift(...dependencies(p, base, all).filter((d) => !deps.includes(d)), p);
  }
  throw new Error(`${mod}: dependencies do not converge`);
}

/** Printable strings of a binary that could be directive names (`strings -n 3`, filtered), as `<Foo` for `<Foo>`. */
function directiveLikeStrings(path) {
  const text = readFileSync(path, 'latin1');
  const out = new Set();
  for (const m of text.matchAll(/[\x20-\x7e]{3,}/g)) {
    if (/^<?[A-Za-z][A-Za-z0-9_]+$/.test(m[0])) out.add(m[0]);
    const section = /^<([A-Za-z][A-Za-z0-9_]+)>?$/.exec(m[0]);
    if (section) out.add(`<${section[1]}`);
  }
  return [...out];
}

/** `<IfDirective>` second opinion: the candidates present after `LoadModule mod` and not before. */
function ifDirectiveDiff(before, mod, candidates) {
  const probe = (tag) => candidates.map((c, i) => `<IfDirective ${c}>\nDefine ${tag}_${i}\n</IfDirective>`);
  const r = run([...before, ...probe('PRE'), load(mod), ...probe('POST')], ['-t', '-D', 'DUMP_RUN_CFG']);
  const defs = new Set([...r.out.matchAll(/^Define: (\w+)/gm)].map((m) => m[1]));
  return candidates.filter((c, i) => defs.has(`POST_${i}`) && !defs.has(`PRE_${i}`));
}

const version = execFileSync(HTTPD, ['-v'], { encoding: 'latin1' }).split('\n')[0].replace(/^Server version:\s*/, '');
const builtinSources = execFileSync(HTTPD, ['-l'], { encoding: 'latin1' }).split('\n').map((l) => l.trim()).filter((l) => l.endsWith('.c'));
const shared = readdirSync(MODDIR).filter((f) => /^mod_\w+\.so$/.test(f)).map((f) => f.slice(4, -3)).sort();
const mpms = shared.filter((m) => m.startsWith('mpm_'));
const others = shared.filter((m) => !m.startsWith('mpm_'));
const baseMpm = mpms.includes('mpm_event') ? 'mpm_event' : mpms[0];

/** Rows: [canonical name, module short name]. */
const rows = [];
/** lname → what a .htaccess needs to hold it (htaccessNeed), the same for every module that provides it. */
const htaccess = new Map();
const needOf = (d) => {
  const had = htaccess.get(d.name.toLowerCase());
  if (had !== undefined && had !== d.htaccess) failures.push(`${d.name}: .htaccess permission ${had} and ${d.htaccess}`);
  htaccess.set(d.name.toLowerCase(), d.htaccess);
};
const modules = new Map(); // short → {builtin}
const failures = [];

// Built-in modules, from a run with nothing but the base MPM.
for (const [lname, d] of listDirectives([load(baseMpm)])) {
  const mod = shortOfSource(d.source);
  if (mod.startsWith('mpm_')) continue;
  if (!builtinSources.includes(d.source)) failures.push(`${d.name}: source ${d.source} is not built in`);
  rows.push([d.name, mod]);
  needOf(d);
  modules.set(mod, { builtin: true });
  void lname;
}
for (const src of builtinSources) if (!modules.has(shortOfSource(src))) modules.set(shortOfSource(src), { builtin: true });

// MPMs: each alone.
for (const mpm of mpms) {
  const src = `${mpm.slice(4)}.c`;
  for (const d of listDirectives([load(mpm)]).values()) if (d.source === src) { rows.push([d.name, mpm]); needOf(d); }
  modules.set(mpm, { builtin: false });
}

const deps = {};
for (const mod of others) {
  const base = [load(baseMpm)];
  const need = dependencies(mod, base, others.filter((m) => m !== mod));
  if (need.length) deps[mod] = need;
  const before = [...base, ...need.map(load)];
  let pre, post;
  try {
    pre = listDirectives(before);
    post = listDirectives([...before, load(mod)]);
  } catch (e) {
    failures.push(`${mod}: ${e.message}`);
    continue;
  }
  const mine = [...post.entries()].filter(([l]) => !pre.has(l)).map(([, d]) => d);
  const sources = new Set(mine.map((d) => d.source));
  if (sources.size > 1) failures.push(`${mod}: directives listed under several modules: ${[...sources].join(', ')}`);
  if (sources.size === 1 && ![...sources][0].includes(mod)) console.warn(`note: ${mod}'s directives are listed under ${[...sources][0]}`);
  for (const d of mine) { rows.push([d.name, mod]); needOf(d); }
  const candidates = [...new Set([...post.values()].map((d) => d.name).concat(directiveLikeStrings(join(MODDIR, `mod_${mod}.so`))))];
  const second = ifDirectiveDiff(before, mod, candidates);
  const a = mine.map((d) => d.name.toLowerCase()).sort().join(' ');
  const b = [...new Set(second.map((n) => n.toLowerCase()))].sort().join(' ');
  if (a !== b) failures.push(`${mod}: -L says [${a}], <IfDirective> says [${b}]`);
  modules.set(mod, { builtin: false });
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}

const lower = (s) => s.toLowerCase();
rows.sort((x, y) => (lower(x[0]) < lower(y[0]) ? -1 : lower(x[0]) > lower(y[0]) ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
const q = (s) => `'${s}'`;
const modList = [...modules.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
const text = `/**
 * Which module provides each directive of httpd 2.4: GENERATED by scripts/gen-directive-table.mjs
 * from ${version} (${HTTPD}, ${MODDIR}); do not edit by hand.
 * ${modList.length} modules (${modList.filter(([, m]) => m.builtin).length} built in), ${rows.length} rows, ${new Set(rows.map((r) => lower(r[0]))).size} distinct directives.
 * A directive provided by several modules (the MPMs' Listen, mod_cgi/mod_cgid's ScriptLog…) has one row per module.
 * Section directives are named with their \`<\`: \`<IfModule\`.
 */

/** The httpd version the table was measured on: an older binary may lack directives added since. */
export const SOURCE_VERSION = '${version.match(/\d+\.\d+\.\d+/)?.[0] ?? ''}';

/** Every module measured: short name → compiled into the binary (built in) or not. */
export const MODULES: Readonly<Record<string, { builtin: boolean }>> = {
${modList.map(([m, v]) => `  ${m}: { builtin: ${v.builtin} },`).join('\n')}
};

/** Modules that must be loaded before another one (found by trial: undefined symbols, then a real start). */
export const MODULE_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
${Object.entries(deps).map(([m, d]) => `  ${m}: [${d.map(q).join(', ')}],`).join('\n')}
};

/** [canonical directive name, module short name], sorted by lower-case name then module. */
export const DIRECTIVE_ROWS: readonly (readonly [string, string])[] = [
${rows.map(([n, m]) => `  [${q(n)}, ${q(m)}],`).join('\n')}
];

/**
 * What a .htaccess file needs from AllowOverride to hold each directive (lower-case name), from \`httpd -L\`: ''
 * never (server configuration only), '*' any category (AllowOverride not None), else the categories that allow it,
 * any one of them ('authconfig limit'). A line it does not allow answers 500 ("X not allowed here").
 */
export const HTACCESS_OVERRIDE: Readonly<Record<string, string>> = {
${[...htaccess.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([n, v]) => `  ${JSON.stringify(n)}: ${q(v)},`).join('\n')}
};
`;
writeFileSync(OUT, text);
console.log(`${OUT}: ${modList.length} modules, ${rows.length} rows`);
