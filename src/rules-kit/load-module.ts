/**
 * What a project loads: its LoadModule lines, read across every file, with
 * the file a rule is looking at taken from the rule's own (possibly already
 * fixed) tree rather than the project's copy.
 */
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import type { Project } from '../project/project.js';
import { memo } from '../ast/memo.js';
import { knownModule, shortFromSymbol, sometimesBuiltin } from '../apache/modules.js';
import { readBy24 } from './reach.js';
import { fromOwnTrees, gather } from './project-facts.js';

export interface LoadLine {
  file: ConfigFile;
  directive: Directive;
  /** The first argument: `cache_disk_module`. */
  symbol: string;
  /** The second argument as written unquoted: `modules/mod_cache_disk.so`. */
  path: string;
  /** The short name: the known module the symbol or file names, else the symbol without `_module`. */
  name: string;
  ancestors: readonly Section[];
}

/** The files of the project, with `current` in place of the project's copy of it (added when missing). */
export function projectFiles(project: Project, current: ConfigFile): ConfigFile[] {
  const files = project.files.map((f) => (f.path === current.path || f.ast === current ? current : f.ast));
  return files.includes(current) ? files : [...files, current];
}

/** The LoadModule lines of one file that 2.4 reads, in order. */
export function loadLines(file: ConfigFile): LoadLine[] {
  return memo(file, 'loadLines', () => collectLoadLines(file));
}

/** The LoadModule line a directive of `file` is, when 2.4 reads it and it has both its arguments. */
export function loadLineOf(file: ConfigFile, d: Directive): LoadLine | undefined {
  return memo(file, 'loadLineOf', () => new Map(loadLines(file).map((l) => [l.directive, l]))).get(d);
}

function collectLoadLines(file: ConfigFile): LoadLine[] {
  const out: LoadLine[] = [];
  walk(file, {
    directive: (d, ancestors) => {
      if (d.lname !== 'loadmodule' || d.args.length < 2 || !readBy24(ancestors)) return;
      const symbol = d.args[0]!.value;
      const path = d.args[1]!.value;
      const name = knownModule(symbol) ?? knownModule(path) ?? shortFromSymbol(symbol);
      out.push({ file, directive: d, symbol, path, name, ancestors: [...ancestors] });
    },
  });
  return out;
}

/** Every LoadModule line of the project, in file order. */
export function projectLoadLines(project: Project, current: ConfigFile): readonly LoadLine[] {
  return gather(project, current, 'loadLines', loadLines);
}

/** Short names of every module the project loads somewhere. */
export function loadedNames(project: Project, current: ConfigFile): Set<string> {
  return new Set(projectLoadLines(project, current).map((l) => l.name));
}

/**
 * A main configuration: one that loads an MPM, has a ServerRoot, or loads three modules or more
 * (`loaded`: the short names of the project's LoadModule lines). A vhost or conf.d file with one
 * LoadModule line of its own (mod_ssl's ssl.conf, a mod_wsgi site) relies on the main file for the rest.
 */
export function isMainConfiguration(project: Project, current: ConfigFile, loaded: readonly string[]): boolean {
  if (loaded.some((n) => n.startsWith('mpm_')) || new Set(loaded).size >= 3) return true;
  // Each file looked at once per project (this file from its own tree): every file asks.
  return gather(project, current, 'serverRootFiles', (f) => (f.children.some((n) => n.type === 'directive' && n.lname === 'serverroot') ? [f] : [])).length > 0;
}

/** What a rule about the tree's module list starts from: the project's LoadModule lines and what they load. */
export interface ModuleList {
  /** Every LoadModule line of the project, in reading order (never empty). */
  lines: readonly LoadLine[];
  /** The short names the lines load. */
  loaded: readonly string[];
  /** True for a tree that manages modules with Debian's mods-enabled/. */
  debian: boolean;
  /** True when the files read are a main configuration (isMainConfiguration). */
  main: () => boolean;
}

/** The module list of the project `current` is part of, or null when it has no LoadModule line (not a main configuration, or a static build). */
export function moduleList(project: Project, current: ConfigFile): ModuleList | null {
  // The same for each of the project's own trees: made once (each file's rules ask, and it lists every file).
  return fromOwnTrees(project, current, 'moduleList', () => {
    const lines = projectLoadLines(project, current);
    if (lines.length === 0) return null;
    const loaded = lines.map((l) => l.name);
    return { lines, loaded, debian: isDebianTree(project, current), main: () => isMainConfiguration(project, current, loaded) };
  });
}

/**
 * Whether the project loads a module: `loaded`, `absent` (the project has
 * LoadModule lines but none for it) or `unknown` (no LoadModule lines at all:
 * a static build, or the lines live in files not read).
 */
export function loadState(project: Project, current: ConfigFile, ...names: string[]): 'loaded' | 'absent' | 'unknown' {
  const lines = projectLoadLines(project, current);
  if (lines.length === 0) return 'unknown';
  return lines.some((l) => names.includes(l.name)) ? 'loaded' : 'absent';
}

const DEBIAN_DIR = /(^|[\\/])mods-(enabled|available)[\\/]/;

/** True for a file that is one of Debian's `mods-available/*.load` or `mods-enabled/*` files. */
export function isDebianModuleFile(path: string): boolean {
  return DEBIAN_DIR.test(path);
}

/** True when the project manages modules Debian's way (a2enmod): it includes or holds mods-enabled files. */
export function isDebianTree(project: Project, current: ConfigFile): boolean {
  if (project.includes.some((s) => /mods-enabled/.test(s.pattern))) return true;
  return gather(project, current, 'debianModuleFiles', (f) => (isDebianModuleFile(f.path)
    || loadIncludes(f).some((p) => /mods-enabled/.test(p)) ? [f] : [])).length > 0;
}

function loadIncludes(file: ConfigFile): string[] {
  return memo(file, 'includeArgs', () => {
    const out: string[] = [];
    walk(file, { directive: (d) => { if ((d.lname === 'include' || d.lname === 'includeoptional') && d.args[0]) out.push(d.args[0].value); } });
    return out;
  });
}


/**
 * Whether a LoadModule line loads one of httpd's own modules from httpd's module directory: its file is
 * the `mod_<name>.so` of a standard (or removed 2.2) module. A third-party module's line (Passenger's
 * `mod_passenger.so` under a gem, pip's mod_wsgi) names another directory, which holds no httpd module.
 */
export function loadsStandardFile(l: LoadLine): boolean {
  return knownModule(l.path) !== null;
}

/**
 * The line whose module directory new lines copy: the last line before `at` (in the project's
 * reading order, `at` itself included) that loads a standard module's file, else the first one after,
 * else `at` (no line loads one of httpd's modules: its directory is the only one known).
 */
export function directoryLine(lines: readonly LoadLine[], at: LoadLine): LoadLine {
  const i = lines.indexOf(at);
  const before = lines.slice(0, i + 1).filter(loadsStandardFile).pop();
  return before ?? lines.find(loadsStandardFile) ?? at;
}

/**
 * A `LoadModule` line for a standard module written the way `like` is: same
 * quoting and spacing (a column-aligned path stays aligned), and the module
 * directory of `dir` (default `like`). Returned without indentation or line ending.
 */
export function loadModuleLine(like: LoadLine, name: string, dir: LoadLine = like): string {
  const { file, directive: d } = like;
  const sym = d.args[0]!;
  const path = d.args[1]!;
  const written = file.text.slice(d.nameEnd, sym.start);
  const gap1 = /\n/.test(written) ? ' ' : written;
  const gap2 = file.text.slice(sym.end, path.start);
  const symbol = `${name}_module`;
  // A continued gap becomes one space; when the file aligns its paths in one column, keep the column; else copy the gap.
  const column = alignedColumn(file);
  let pad = gap2;
  if (/\\|\n/.test(gap2)) pad = ' ';
  else if (!gap2.includes('\t') && column !== null) pad = ' '.repeat(Math.max(1, column - gap1.length - symbol.length));
  const slash = dir.path.lastIndexOf('/');
  const so = (slash >= 0 ? dir.path.slice(0, slash + 1) : '') + `mod_${name}.so`;
  const q = path.quote ?? '';
  return `${d.name}${gap1}${symbol}${pad}${q}${so}${q}`;
}

/** The lines that load a module: one LoadModule line, wrapped in <IfModule !…> for modules some builds compile in. */
export function loadModuleLines(like: LoadLine, name: string, dir: LoadLine = like): string[] {
  const line = loadModuleLine(like, name, dir);
  if (!sometimesBuiltin(name)) return [line];
  const indent = /^\t/m.test(like.file.text) ? '\t' : '    ';
  return [`<IfModule !${name}_module>`, indent + line, '</IfModule>'];
}

/** The offset from the end of the word `LoadModule` at which every LoadModule path of the file starts, when at least two symbols of different lengths line up. */
function alignedColumn(file: ConfigFile): number | null {
  const lines = loadLines(file).filter((l) => !/[\t\n]/.test(file.text.slice(l.directive.contentStart, l.directive.args[1]!.start)));
  const columns = new Set(lines.map((l) => l.directive.args[1]!.start - l.directive.nameEnd));
  const lengths = new Set(lines.map((l) => l.symbol.length));
  return lines.length >= 2 && columns.size === 1 && lengths.size > 1 ? [...columns][0]! : null;
}

/** The same path argument with its file name changed (`modules/mod_disk_cache.so` → `modules/mod_cache_disk.so`), quoting kept. */
export function renameSo(raw: string, from: string, to: string): string {
  const i = raw.lastIndexOf(from);
  return i < 0 ? raw : raw.slice(0, i) + to + raw.slice(i + from.length);
}
