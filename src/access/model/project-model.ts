/** Which files of a project the models are built from, and the module sets of both versions. */
import { dirname, isAbsolute } from 'node:path';
import type { ConfigFile } from '../../ast/nodes.js';
import type { Project } from '../../project/project.js';
import { cacheSlot } from '../../project/run-cache.js';
import { buildModel, type SourceInput } from './build.js';
import { parse } from '../../parse/parser.js';
import type { Model, Version } from './model.js';
import { type CondContext, loadedModules, moduleSet, SOMETIMES_BUILTIN } from './module-conditions.js';
import { memo } from '../../ast/memo.js';
import { compiledIn } from '../../httpd/missing-modules.js';
import { mpmOf, mpmTests } from '../../apache/mpm.js';
import { aroundIn } from '../../project/include-chains.js';
import { refusedHtaccessDirs } from './override-categories.js';
import { ACCESS_DIRECTIVES } from '../../apache/access-directives.js';
import { holdsServerSetup, serverLevelNames } from '../../ast/query.js';


/**
 * True when a conf file has access directives outside any section: it is a fragment (read as
 * `<Directory /probe>`). Not a main configuration (ServerRoot, Listen…): there httpd reads them at
 * server level, where both versions refuse them (and 2.4 a `<Limit>` too), see prefer-require.
 */
export function isFragment(file: ConfigFile): boolean {
  if (holdsServerSetup(serverLevelNames(file))) return false;
  const top = (nodes: ConfigFile['children']): boolean => nodes.some((n) =>
    (n.type === 'directive' && ACCESS_DIRECTIVES.has(n.lname))
    || (n.type === 'section' && /^(ifmodule|ifdefine|ifversion|limit|limitexcept|requireall|requireany|requirenone)$/.test(n.lname) && top(n.children)));
  return top(file.children);
}

/** The neutral server a loose .htaccess is read under: `<Directory /probe>` with AllowOverride All. */
const NEUTRAL = parse('<Directory /probe>\nAllowOverride All\n</Directory>\n', '\0neutral-server');

const LOOSE_DIR = '/probe';

/** The directory a .htaccess file is read in: its own, or the neutral server's when it is loose (no main configuration, or a relative path). */
export function htaccessDir(path: string, hasConf: boolean): string {
  return hasConf && isAbsolute(path) ? dirname(path) : LOOSE_DIR;
}

/** The entry files (those no Include pulls in), with `replace` standing in for a file of the same path. */
export function projectInputs(project: Project, replace: ReadonlyMap<string, ConfigFile> = new Map()): SourceInput[] {
  const included = new Set(project.includes.flatMap((s) => s.files));
  const confs = project.files.filter((f) => f.kind === 'conf' && f.readError === undefined);
  const out: SourceInput[] = [];
  let neutral = false;
  for (const f of project.files) {
    if (f.readError !== undefined || included.has(f.path)) continue;
    const file = replace.get(f.path) ?? f.ast;
    if (f.kind === 'htaccess') {
      const dir = htaccessDir(f.path, confs.length > 0);
      if (dir === LOOSE_DIR && !neutral) { out.push({ file: NEUTRAL, kind: 'conf' }); neutral = true; }
      out.push({ file, kind: 'htaccess', dir });
      // Read at another path too (a symbolic link to its directory): a section of that directory as well,
      // under the same key, so the prover gives both one text or none.
      for (const other of project.otherPaths?.get(f.path) ?? []) out.push({ file, kind: 'htaccess', dir: htaccessDir(other, confs.length > 0) });
    } else {
      out.push({ file, kind: 'conf', ...(isFragment(f.ast) ? { wrap: '/probe' } : {}) });
    }
  }
  return out;
}

export interface ModelOptions {
  /** Short module names to assume (`--modules`), instead of the LoadModule lines. */
  modules?: readonly string[];
  defines?: readonly string[];
  /**
   * Modules the 2.4 server has compiled in that a tree need not load (SOMETIMES_BUILTIN: mod_version, mod_log_config…),
   * which its 2.4 readings count as loaded: the `--httpd` binary's (`-l`), or the build a reading assumes (builtin-reading.ts).
   */
  builtin?: readonly string[];
}

type ProjectModelOptions = ModelOptions & {
  compat?: boolean;
  /**
   * A 2.4 tree read as written (verify's new tree): the modules only a value names (`Require valid-user`, `AuthType
   * Digest`) count as loaded only where a line loads them. Otherwise a 2.4 reading is of a 2.2 tree as migrated,
   * which load-module-for-directive makes load them (compiledIn).
   */
  asWritten?: boolean;
  overrides?: 'real' | 'migrated';
  /** With 'migrated': the directories where the migration adds a <Directory> with AllowOverride All (uncoveredHtaccessDirs). */
  overrideAddedFor?: readonly string[];
  replace?: ReadonlyMap<string, ConfigFile>;
};

/** Built models by project and reading (version, modules, defines), shared by the prover and the rules that read a project. */
const BUILT = cacheSlot('built models, per project and reading', () => new WeakMap<Project, Map<string, Model>>());

/**
 * Builds a project's model for a version. `compat` loads mod_access_compat in 2.4.
 * Models of the project as loaded (no `replace`) are built once per reading; callers must not change them.
 */
export function projectModel(project: Project, version: Version, opts: ProjectModelOptions = {}): Model {
  let model: Model;
  if (opts.replace) model = build(project, version, opts);
  else {
    const built = project.cache.get(BUILT);
    let byKey = built.get(project);
    if (!byKey) built.set(project, (byKey = new Map()));
    const key = JSON.stringify([version, opts.modules, opts.defines, opts.compat, opts.builtin, opts.asWritten]);
    let hit = byKey.get(key);
    if (!hit) byKey.set(key, (hit = build(project, version, opts)));
    model = { ...hit };
  }
  model.htaccessOverride = opts.overrides ?? 'real';
  if (model.htaccessOverride === 'migrated') {
    model.keepOverrideFor = refusedHtaccessDirs(project);
    model.overrideAddedFor = opts.overrideAddedFor ?? [];
  }
  return model;
}

/** Forgets the models built for a project as loaded (the prover keeps its own): the next call builds them again. */
export function forgetModels(project: Project): void {
  project.cache.get(BUILT).delete(project);
}

function build(project: Project, version: Version, opts: ProjectModelOptions): Model {
  const files = project.files.map((f) => opts.replace?.get(f.path) ?? f.ast);
  return buildModel(projectInputs(project, opts.replace), { version, ...readingModules(project, files, version, opts), defines: opts.defines ?? [], project });
}

/**
 * The modules a reading of the files loads, and whether the tree names none (then every module of the version counts as
 * loaded). With the LoadModule lines, the modules the tree uses without loading them (compiledIn) and its MPM: 2.2 had
 * them, and the migrated tree loads them, so an `<IfModule>` of one reads as true in both (found by the whole-tree
 * fuzzer: a first run loaded mod_userdir for a UserDir line, or the prefork MPM, which turned on an `<IfModule>` whose
 * Order lines neither reading had seen, and the second run rewrote them).
 */
function readingModules(project: Project, files: readonly ConfigFile[], version: Version, opts: ProjectModelOptions): { modules: string[]; anyModule: boolean } {
  const named = opts.modules ? [...opts.modules] : loadedModules(files);
  const listed = !opts.modules && named.length > 0;
  // The same for every reading of the files as loaded (2.2, 2.4, with and without mod_access_compat): walked once, and
  // once more for a 2.4 tree read as written, without the modules only a value names.
  const providers = version === '2.2' || !opts.asWritten;
  const used = () => usedUnloaded(project, files, named, providers);
  const also = !listed ? [] : opts.replace ? used() : memo(project, `project-model:usedUnloaded:${providers}`, used);
  const modules = version === '2.2' ? moduleSet(named, '2.2', false, also)
    : opts.modules && opts.compat === undefined ? [...opts.modules] : moduleSet(named, '2.4', opts.compat ?? true, also);
  if (version === '2.4') for (const m of opts.builtin ?? []) if (SOMETIMES_BUILTIN.has(m) && !modules.includes(m)) modules.push(m);
  return { modules, anyModule: !opts.modules && named.length === 0 };
}

/** compiledIn, and the MPM when no line loads one: 2.2 compiled it in, and the migration loads the one mpmOf chooses (not knowing --mpm, which a reading is not told). */
function usedUnloaded(project: Project, files: readonly ConfigFile[], named: readonly string[], providers: boolean): string[] {
  const out = compiledIn(files, named, aroundIn(project), providers);
  if (!named.some((m) => m.startsWith('mpm_'))) out.push(mpmOf(new Set(files.flatMap(mpmTests))).name);
  return out;
}

/**
 * How 2.2 reads the `<IfModule>` tests of the project as loaded, as its model does, without building that model
 * (no -D names: an `<IfDefine>` reads as false). Once per project.
 */
export function modules22(project: Project): CondContext {
  return memo(project, 'project-model:modules22', () => reading(project, '2.2'));
}

/**
 * The same for the migrated 2.4 tree (with mod_access_compat: its `<IfModule mod_access_compat.c>` reads as true), as
 * the 2.4 model with mod_access_compat reads them. Once per project.
 */
export function modules24(project: Project): CondContext {
  return memo(project, 'project-model:modules24', () => reading(project, '2.4'));
}

function reading(project: Project, version: Version): CondContext {
  const { modules, anyModule } = readingModules(project, project.files.map((f) => f.ast), version, { compat: true });
  return { version, modules: new Set(modules), anyModule, defines: new Set() };
}
