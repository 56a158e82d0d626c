/**
 * Debian's module layout as edits: where a tree loads modules through `Include mods-enabled/*.load`,
 * the changes `a2dismod`/`a2enmod` would make are made to the tree itself. A module 2.4 dropped
 * (authz_default…) loses its `mods-enabled/<m>.load` and `.conf` symlinks; a module the migrated
 * tree needs and does not load (the MPM, authz_core…) gets symlinks to `../mods-available/<m>.load`
 * and `.conf`, and a `mods-available/<m>.load` with Debian's standard LoadModule line where the
 * tree has none. The changes are decided on the migrated tree, so a second run finds nothing to do.
 */
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { isLink } from './is-link.js';
import { basename, dirname, join } from 'node:path';
import { BUILTIN_DEBIAN_24, REMOVED } from '../apache/modules.js';
import type { ConfigFile, Directive } from '../ast/nodes.js';
import type { Project } from '../project/project.js';
import { implicitNeeds, openedFiles, unusedLines } from '../rules-kit/implicit-modules.js';
import { loadLines } from '../rules-kit/load-module.js';

/** One change to the tree that is not an edit of a file's text. */
export type LayoutChange =
  | { kind: 'link'; path: string; target: string }
  | { kind: 'unlink'; path: string; target: string }
  | { kind: 'create'; path: string; text: string };

export interface DebianLayout {
  changes: LayoutChange[];
  /** The finding that lists every change, on the Include line that reads mods-enabled (offsets in the file as read). */
  finding: { path: string; start: number; end: number; message: string } | null;
}

/** Where Debian's 2.4 keeps its modules, for a new `.load` file when the tree's own say nothing. */
const DEBIAN_MODULE_DIR = '/usr/lib/apache2/modules';

/** The Include site that reads `<dir>/mods-enabled/*.load`, with its directory. */
function modsEnabled(project: Project): { dir: string; directive: Directive; from: string } | null {
  for (const site of project.includes) {
    if (/\/mods-enabled\/\*\.load$/.test(site.pattern)) return { dir: dirname(site.pattern), directive: site.directive, from: site.from };
  }
  return null;
}

/** True when the project reads `mods-enabled/*.load` through an Include: debianLayout then makes the module changes. */
export function managesDebianModules(project: Project): boolean {
  return modsEnabled(project) !== null;
}

/**
 * The a2enmod/a2dismod changes the migrated tree needs (`migrated`: the project with every file as
 * migrated), or none for a tree that does not use mods-enabled.
 */
export function debianLayout(migrated: Project, mpmOption?: string): DebianLayout {
  const site = modsEnabled(migrated);
  if (!site || !existsSync(site.dir)) return { changes: [], finding: null };
  const available = join(dirname(site.dir), 'mods-available');
  const enabled = readdirSync(site.dir).filter((n) => n.endsWith('.load')).map((n) => n.slice(0, -'.load'.length)).sort();
  const changes: LayoutChange[] = [];
  const said: string[] = [];

  const unlink = (name: string) => {
    for (const ext of ['load', 'conf']) {
      const path = join(site.dir, `${name}.${ext}`);
      if (isLink(path)) changes.push({ kind: 'unlink', path, target: readlinkSync(path) });
    }
  };
  const files = migrated.files.map((f) => f.ast);
  const moduleDir = files.flatMap(loadLines).map((l) => l.path).find((p) => p.startsWith('/'))?.replace(/\/[^/]*$/, '') ?? DEBIAN_MODULE_DIR;
  /** a2enmod: the module's .load (made when missing) and .conf; `confOf`, a module whose enabled .conf it takes over. */
  const link = (name: string, confOf?: string) => {
    const load = join(available, `${name}.load`);
    if (!existsSync(load)) changes.push({ kind: 'create', path: load, text: `LoadModule ${name}_module ${moduleDir}/mod_${name}.so\n` });
    changes.push({ kind: 'link', path: join(site.dir, `${name}.load`), target: `../mods-available/${name}.load` });
    if (existsSync(join(available, `${name}.conf`))) changes.push({ kind: 'link', path: join(site.dir, `${name}.conf`), target: `../mods-available/${name}.conf` });
    // A renamed module's settings (disk_cache.conf's CacheRoot, CacheEnable…, migrated to name the new
    // module) stay read: 2.4's package has no cache_disk.conf of its own in a 2.2 tree.
    else if (confOf !== undefined) changes.push({ kind: 'link', path: join(site.dir, `${name}.conf`), target: `../mods-available/${confOf}.conf` });
  };

  const kept = new Set(enabled);
  for (const name of enabled) {
    const gone = REMOVED[name];
    // Only a symlink is a2dismod's to remove; a regular file copied into mods-enabled/ is edited by no-removed-modules.
    if (!gone || !isLink(join(site.dir, `${name}.load`))) continue;
    const hadConf = isLink(join(site.dir, `${name}.conf`)) && existsSync(join(available, `${name}.conf`));
    unlink(name);
    kept.delete(name);
    said.push(`a2dismod ${name} (${gone.advice})`);
    if (gone.renamedTo && !kept.has(gone.renamedTo)) {
      link(gone.renamedTo, hadConf ? name : undefined);
      kept.add(gone.renamedTo);
      said.push(`a2enmod ${gone.renamedTo}`);
    }
  }
  // What the files outside mods-enabled load, plus what stays enabled, is what the tree loads.
  const inEnabled = (f: ConfigFile) => dirname(f.path) === site.dir;
  const loaded = new Set([...kept, ...files.filter((f) => !inEnabled(f)).flatMap(loadLines).map((l) => l.name)]);
  const treeFiles = migrated.files.filter((f) => !inEnabled(f.ast) || kept.has(basename(f.path).replace(/\.(load|conf)$/, ''))).map((f) => f.ast);
  for (const need of implicitNeeds(openedFiles(migrated, treeFiles), loaded, mpmOption, undefined, undefined, unusedLines(migrated))) {
    if (BUILTIN_DEBIAN_24.has(need.name)) continue;
    if (need.name.startsWith('mpm_')) for (const other of [...kept].filter((n) => n.startsWith('mpm_'))) unlink(other);
    link(need.name);
    said.push(`a2enmod ${need.name} (mod_${need.name}: ${need.why})`);
  }
  if (said.length === 0) return { changes: [], finding: null };
  return {
    changes,
    finding: {
      path: site.from, start: site.directive.contentStart, end: site.directive.contentEnd,
      message: `This tree manages modules with Debian's mods-enabled/; the changes a2enmod and a2dismod would make are made in it: ${said.join('; ')}.`,
    },
  };
}
