/**
 * Where a directive takes effect, as the changed-defaults and SSL rules need
 * it: which sections httpd 2.4 skips (an `<IfVersion>` that is false for 2.4.63),
 * which file is the main server configuration, and which virtual host (or the
 * main server) a directive belongs to.
 */
import { CONDITIONAL_SECTIONS, holdsServerSetup, MAIN_MARKERS } from '../ast/query.js';
import { readBy24 } from './reach.js';
import type { ConfigFile, Directive, Section } from '../ast/nodes.js';
import { sections, walk } from '../ast/walk.js';
import { includeChains } from '../project/include-chains.js';
import { isAccessFile, type Project } from '../project/project.js';
import { gather } from './project-facts.js';
import { memo } from '../ast/memo.js';

/** Containers that only decide whether their body is read; they do not open a new scope. */
/** The conditional containers (kept under this name for the rules that import it). */
export const CONDITIONAL = CONDITIONAL_SECTIONS;

/** True when some enclosing `<IfVersion>` is false for 2.4, so 2.4 never reads the node. */
export function deadIn24(ancestors: readonly Section[]): boolean {
  return !readBy24(ancestors);
}

/** The enclosing `<VirtualHost>`, or null for the main server. */
export function virtualHostOf(ancestors: readonly Section[]): Section | null {
  return ancestors.find((s) => s.lname === 'virtualhost') ?? null;
}

/** The key serversOf gives the main server: its lines (and .htaccess files) reach every virtual host as well. */
export const MAIN_SERVER = '';

/** A file's `<VirtualHost>` sections in order (their rank is their key's, stable across a later pass's re-parse). */
function virtualHosts(file: ConfigFile): Section[] {
  return memo(file, 'virtualHosts', () => sections(file, 'virtualhost'));
}

/**
 * The servers a line applies to: its `<VirtualHost>` (as its file and rank there), along each way
 * its file is read when it has none itself (an Include inside a `<VirtualHost>`), else MAIN_SERVER.
 */
export function serversOf(project: Project, file: ConfigFile, ancestors: readonly Section[]): string[] {
  const own = virtualHostOf(ancestors);
  if (own) return [`${file.path}#${virtualHosts(file).indexOf(own)}`];
  const keys = memo(project, 'serversOf:keys', () => {
    const m = new Map<Section, string>();
    for (const f of project.files) virtualHosts(f.ast).forEach((s, i) => m.set(s, `${f.path}#${i}`));
    return m;
  });
  return includeChains(project, file.path).map((chain) => {
    const vhost = virtualHostOf(chain);
    return vhost ? keys.get(vhost) ?? MAIN_SERVER : MAIN_SERVER;
  });
}

/** True when lines of these servers (serversOf) can meet: one is in the main server, or both in one virtual host. */
export function sameServer(a: readonly string[], b: readonly string[]): boolean {
  return a.includes(MAIN_SERVER) || b.includes(MAIN_SERVER) || a.some((k) => b.includes(k));
}

/** The nearest enclosing section that is not a conditional container, or null at the top of the file. */
export function scopeOf(ancestors: readonly Section[]): Section | null {
  for (let i = ancestors.length - 1; i >= 0; i--) if (!CONDITIONAL.has(ancestors[i]!.lname)) return ancestors[i]!;
  return null;
}

export interface Located {
  directive: Directive;
  ancestors: readonly Section[];
}

/** Every directive of the given names that 2.4 reads, with its enclosing sections. */
export function liveDirectives(file: ConfigFile | Section, ...lnames: string[]): Located[] {
  return file.type === 'file' ? memo(file, `live:${lnames.join(',')}`, () => collectLive(file, lnames)) : collectLive(file, lnames);
}

function collectLive(file: ConfigFile | Section, lnames: string[]): Located[] {
  const out: Located[] = [];
  walk(file, {
    directive: (d, ancestors) => {
      if ((lnames.length === 0 || lnames.includes(d.lname)) && !deadIn24(ancestors)) out.push({ directive: d, ancestors: [...ancestors] });
    },
  });
  return out;
}

/** Directives at server level: outside every section but conditional containers. */
export function serverLevel(file: ConfigFile, ...lnames: string[]): Located[] {
  return memo(file, `server:${lnames.join(',')}`, () => liveDirectives(file, ...lnames).filter((l) => scopeOf(l.ancestors) === null));
}

/**
 * True for what looks like a main server configuration: ServerRoot at server level, or at least
 * two of Listen, LoadModule, PidFile, User and Group (a lone `ports.conf` or `mod.load` is not one).
 */
export function isMainConfig(file: ConfigFile): boolean {
  return holdsServerSetup(new Set(serverLevel(file, 'serverroot', ...MAIN_MARKERS).map((l) => l.directive.lname)));
}

/** The main configurations of a project, in reading order: those no other file includes. */
export function mainConfigs(project: Project, current: ConfigFile): readonly ConfigFile[] {
  const included = memo(project, 'includedPaths', () => new Set(project.includes.flatMap((i) => i.files)));
  return gather(project, current, 'mainConfigs', (f) => (!isAccessFile(project, f.path) && !included.has(f.path) && isMainConfig(f) ? [f] : []));
}

/** Directives at server level in any file of the project (`current` in place of its copy), in file order. */
export function projectServerLevel(project: Project, current: ConfigFile, ...lnames: string[]): readonly Located[] {
  return gather(project, current, `server:${lnames.join(',')}`, (f) => serverLevel(f, ...lnames));
}
