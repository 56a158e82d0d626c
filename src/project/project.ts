/** A loaded configuration tree: its files, how they include each other, and what went wrong. */
import { basename } from 'node:path';
import type { ConfigFile, Directive, Severity } from '../ast/nodes.js';
import { cacheSlot, RunCache } from './run-cache.js';
import { insideTree, real } from './boundary.js';

export type FileKind = 'conf' | 'htaccess';

/** The name httpd gives `.htaccess`-like files: `.htaccess` itself or anything ending in `.htaccess`. */
export function kindOf(path: string): FileKind {
  return basename(path).endsWith('.htaccess') ? 'htaccess' : 'conf';
}

export interface SourceFile {
  /** Absolute path of the file (for a symlink: the link, not its target). */
  path: string;
  /** The path shown to users: relative to the working directory when below it. */
  display: string;
  kind: FileKind;
  ast: ConfigFile;
  /** Why the file could not be read, when it could not; ast is then empty. */
  readError?: string;
}

/** One Include or IncludeOptional line and what it pulled in. */
export interface IncludeSite {
  /** The including file. */
  from: string;
  directive: Directive;
  optional: boolean;
  /** The pattern after ServerRoot resolution. */
  pattern: string;
  /** The ServerRoot in force at this line. */
  serverRoot: string;
  /** Files included, in httpd's order. */
  files: string[];
  /** Names of the sections enclosing the Include line, outermost first (`virtualhost`, `directory`…). */
  context: string[];
}

export interface ProjectDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  path: string;
  start: number;
  end: number;
}

export interface Project {
  /** Every file read, each once, in the order httpd reads them. */
  files: SourceFile[];
  byPath: Map<string, SourceFile>;
  includes: IncludeSite[];
  diagnostics: ProjectDiagnostic[];
  /**
   * The ServerRoot in force after the first configuration entry: --server-root when given (it wins
   * over the file's own ServerRoot), else the file's ServerRoot line, else the entry's directory;
   * null when no configuration file was read.
   */
  serverRoot: string | null;
  /** The paths the user named (files, directories or globs), resolved. */
  entries: string[];
  /**
   * Real paths of the tree's roots (ServerRoot, named files and directories, --root): what `write`
   * may change (see boundary.ts). Undefined for a project put together by hand: no boundary.
   */
  boundary?: string[];
  /** The real path of a file's absolute path, resolved once per load (for one read by hand: not given). */
  realPath?: (path: string) => string;
  /**
   * The .htaccess files httpd reads at several paths (a directory reached directly and through a
   * symbolic link): by the path the project reads the file at, the other paths. Read once, at the first.
   */
  otherPaths?: ReadonlyMap<string, readonly string[]>;
  /** The memo of this run (see run-cache.ts): built models, proofs and every other cache. */
  readonly cache: RunCache;
}

const INCLUDED_BY = cacheSlot('the Include lines that read each file, per project', () => new WeakMap<Project, Map<string, IncludeSite[]>>());

/** The Include lines that read a file (none for an entry or a .htaccess file), through the run's memo. */
export function includeSitesOf(project: Project, path: string): readonly IncludeSite[] {
  const byProject = project.cache.get(INCLUDED_BY);
  let byPath = byProject.get(project);
  if (!byPath) {
    byPath = new Map();
    for (const site of project.includes) {
      for (const f of new Set(site.files)) {
        const list = byPath.get(f);
        if (list) list.push(site); else byPath.set(f, [site]);
      }
    }
    byProject.set(project, byPath);
  }
  return byPath.get(path) ?? [];
}

/**
 * A file outside the tree (the boundary: ServerRoot, named paths, --root), read for context only:
 * the migration reads it as it is and changes nothing in it. Never for a project without a boundary.
 */
export function readForContext(project: Project, path: string): boolean {
  return project.boundary !== undefined && !insideTree(path, project.boundary, project.realPath ?? real);
}

/**
 * Whether httpd reads the file as a per-directory access file (`.htaccess`, or a name of AccessFileName):
 * its kind in the project (the loader gives it to the access files it finds), or its name when the file is
 * not in the project.
 */
export function isAccessFile(project: Project, path: string): boolean {
  return (project.byPath.get(path)?.kind ?? kindOf(path)) === 'htaccess';
}

/** A file httpd cannot read as written (syntax errors): the migration leaves it as it is. */
export function leftForSyntaxErrors(file: SourceFile): boolean {
  return file.ast.diagnostics.some((d) => d.severity === 'error');
}

/** A project of loose files, with no include following. */
export function projectOf(files: SourceFile[]): Project {
  return {
    files, byPath: new Map(files.map((f) => [f.path, f])), includes: [], diagnostics: [], serverRoot: null, entries: files.map((f) => f.path),
    cache: new RunCache(),
  };
}
