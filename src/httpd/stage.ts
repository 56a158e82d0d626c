/**
 * Lays a migrated tree out in a scratch directory so that httpd can check it: every file copied
 * byte for byte (files below the ServerRoot keep their place under the copy's root, others go under
 * `ext/` by absolute path), then only these arguments rewritten, on their own line, so that line
 * numbers stay the same: every `ServerRoot` (→ the copy's root) and every `Include`/`IncludeOptional`
 * that points at files of the tree by an absolute path or outside the ServerRoot.
 *
 * What the copy lacks is supplied next to it, never in it: the original ServerRoot's other entries
 * (`modules`, `logs`…) as symlinks, the modules directory of the httpd for relative LoadModule
 * paths that lead nowhere, and empty directories, below the copy's root only, for the relative
 * paths httpd -t wants to exist but a package or the running server would create: the directory of
 * an ErrorLog, CustomLog, TransferLog or GlobalLog file (and `logs`, for the built-in
 * logs/error_log of a full configuration with no server-level ErrorLog), a DefaultRuntimeDir and
 * the directory of a `Mutex mechanism:dir`. Absolute paths are left alone: httpd reports what this
 * machine lacks.
 *
 * A fragment (no `Listen` in the tree and no `ServerRoot` in the main file) and .htaccess files are
 * checked through a wrapper: the sandbox lines, an MPM when the tree loads none, `Include` of the
 * main file, and each .htaccess included inside its own `<Directory>` with `AllowOverride All`.
 * No other module is added: the point is to find the LoadModule lines the tree is missing.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ConfigFile } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import { applyEdits, type Edit } from '../edit/edit.js';
import { parse } from '../parse/parser.js';
import { kindOf } from '../project/project.js';
import { sandboxLines } from './find-httpd.js';
import { CHECKED_PATHS, isLogPipeOrSyslog, type PathCheck } from '../apache/checked-paths.js';

/** One file of the migrated tree. */
export interface CheckFile {
  /** Where the file lives (absolute). */
  path: string;
  /** The path shown to users. */
  display: string;
  /** The migrated text, one character per byte (Latin-1). */
  output: string;
  /** Default: as the project names it (project.ts kindOf): `htaccess` for a name ending in .htaccess, else `conf`. */
  kind?: 'conf' | 'htaccess';
  /** The output's tree as 2.4 reads it, when the caller has it (FileResult.outputAst): not parsed again. */
  ast?: ConfigFile | null;
}

export interface CheckProject {
  /** The ServerRoot relative paths of the tree resolve against (Project.serverRoot); default: the main file's directory. */
  serverRoot: string | null;
  /** The main configuration file (an entry of the project); default: the first `conf` file. */
  main: string | null;
  /** Where the httpd's mod_*.so are, for relative LoadModule paths that lead nowhere in the copy. */
  modulesDir: string;
  /**
   * httpd will run as another, unprivileged user (run-as.ts): each path it tests while reading
   * that passes the same test here is replaced in the copy by a stand-in of the same kind below
   * the scratch directory, so that a certificate or log directory only root may reach is not
   * reported missing. A path that fails the test is kept, and httpd reports it.
   */
  standIns?: boolean;
}

export interface Staged {
  /** The file to pass to `-f`. */
  conf: string;
  /** The root to pass to `-d`. */
  root: string;
  /** Copy path → display path of the original. */
  display: Map<string, string>;
  /** The wrapper written around a fragment or .htaccess files, if any. */
  wrapper: string | null;
}

export const WRAPPER_DISPLAY = '(httpd-migrate wrapper)';

const kindOfFile = (f: CheckFile) => f.kind ?? kindOf(f.path);
const under = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
const quoted = (raw: string, value: string) => (/^["']/.test(raw) ? `${raw[0]}${value}${raw[0]}` : /\s/.test(value) ? `"${value}"` : value);

/** The literal directory part of a pattern: what comes before its first wildcard component. */
function literalPrefix(pattern: string): string {
  const parts = pattern.split('/');
  const i = parts.findIndex((p) => /[*?[]/.test(p));
  return i < 0 ? pattern : parts.slice(0, i).join('/');
}

/** Copies `files` under `dir` and writes what httpd needs to check them; returns the -f and -d to use. */
export function stage(dir: string, files: readonly CheckFile[], project: CheckProject): Staged {
  const conf = files.filter((f) => kindOfFile(f) === 'conf');
  const main = conf.find((f) => f.path === project.main) ?? conf[0] ?? null;
  const origRoot = resolve(project.serverRoot ?? (main ? dirname(main.path) : dirname(files[0]?.path ?? '/')));
  const root = join(dir, 'root');
  const copyOf = (p: string) => (under(p, origRoot) ? join(root, relative(origRoot, p)) : join(dir, 'ext', p));
  // Paths below the copy that are no file of the tree (symlinked entries) read as the original's.
  const display = new Map<string, string>([[root, origRoot], [join(dir, 'ext'), '']]);
  const asts = new Map<CheckFile, ConfigFile>(conf.map((f) => [f, f.ast ?? parse(f.output, f.path, { version: '2.4' })]));

  /** An Include pattern (as it resolves in the original tree) → its replacement in the copy, or null to keep it. */
  const mapInclude = (value: string): string | null => {
    if (value.includes('${')) return null;
    const abs = resolve(origRoot, value);
    if (under(abs, origRoot)) return isAbsolute(value) ? join(root, relative(origRoot, abs)) : null;
    const prefix = literalPrefix(abs);
    return files.some((f) => under(f.path, prefix)) ? join(dir, 'ext', abs) : abs;
  };

  mkdirSync(root, { recursive: true });
  let standIns = 0;
  /** A stand-in for `value` when httpd's test of it passes here, else null. */
  const standIn = (value: string, check: PathCheck): string | null => {
    if (!project.standIns || value.includes('${') || (check === 'parent' && isLogPipeOrSyslog(value)) || /^[a-z0-9]+:/i.test(value)) return null;
    const abs = resolve(origRoot, value);
    if (!passes(abs, check)) return null;
    const path = join(dir, 'stand-in', String(++standIns));
    if (check === 'file') {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, 'stand-in\n');
      return path;
    }
    mkdirSync(path, { recursive: true });
    return check === 'dir' ? path : join(path, basename(abs));
  };
  for (const f of files) {
    const dest = copyOf(f.path);
    const ast = asts.get(f);
    const edits: Edit[] = [];
    if (ast) {
      walk(ast, {
        directive: (d) => {
          const check = CHECKED_PATHS.get(d.lname);
          const path = check && d.args[0];
          const to = path && standIn(path.value, check);
          if (path && to) edits.push({ start: path.start, end: path.end, text: quoted(path.raw, to) });
          const arg = d.args[0];
          if (!arg || d.args.length !== 1) return;
          if (d.lname === 'serverroot') edits.push({ start: arg.start, end: arg.end, text: quoted(arg.raw, root) });
          if (d.lname === 'include' || d.lname === 'includeoptional') {
            const to = mapInclude(arg.value);
            if (to !== null) edits.push({ start: arg.start, end: arg.end, text: quoted(arg.raw, to) });
          }
        },
      });
    }
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, Buffer.from(edits.length ? applyEdits(f.output, edits) : f.output, 'latin1'));
    display.set(dest, f.display);
  }

  // The original ServerRoot's other entries (modules, logs, run…), as symlinks.
  if (existsSync(origRoot) && statSync(origRoot).isDirectory()) {
    for (const entry of readdirSync(origRoot)) {
      if (!existsSync(join(root, entry))) symlinkSync(join(origRoot, entry), join(root, entry));
    }
  }
  let mainErrorLog = false;
  for (const ast of asts.values()) {
    walk(ast, {
      directive: (d, ancestors) => {
        if (d.lname === 'errorlog' && !ancestors.some((s) => s.lname === 'virtualhost')) mainErrorLog = true;
        const p = d.lname === 'loadmodule' ? d.args[1]?.value : d.lname === 'mutex' ? mutexDir(d.args[0]?.value) : d.args[0]?.value;
        if (!p || isAbsolute(p) || p.includes('${') || isLogPipeOrSyslog(p)) return;
        const target = resolve(root, p);
        if (!under(target, root)) return;
        if (d.lname === 'loadmodule' && !existsSync(dirname(target)) && inCopy(dirname(dirname(target)), root)) {
          // Missing, or a dangling symlink to the original's module directory (a tree from another system).
          // Only ever below the copy itself: never through a symlink to an entry of the original (`logs` → …).
          rmSync(dirname(target), { force: true });
          mkdirSync(dirname(dirname(target)), { recursive: true });
          symlinkSync(project.modulesDir, dirname(target));
        }
        if (LOG_FILES.has(d.lname)) ensureDir(dirname(target), root);
        if (d.lname === 'defaultruntimedir' || d.lname === 'mutex') ensureDir(target, root);
      },
    });
  }

  const htaccess = files.filter((f) => kindOfFile(f) === 'htaccess');
  const isFull = main !== null && (
    [...asts.values()].some((a) => hasDirective(a, 'listen')) || hasDirective(asts.get(main)!, 'serverroot'));
  // A full configuration without a server-level ErrorLog logs to httpd's built-in default, logs/error_log.
  if (isFull && !mainErrorLog) ensureDir(join(root, 'logs'), root);
  if (main && isFull && htaccess.length === 0) return { conf: copyOf(main.path), root, display, wrapper: null };

  const lines: string[] = [];
  if (!main || !isFull) {
    lines.push(`ServerRoot "${root}"`, ...sandboxLines(dir));
    if (![...asts.values()].some((a) => loadsMpm(a))) lines.push(`LoadModule mpm_prefork_module "${project.modulesDir}/mod_mpm_prefork.so"`);
  }
  if (main) lines.push(`Include "${copyOf(main.path)}"`);
  htaccess.forEach((f, i) => {
    lines.push(`<Directory "/httpd-migrate-probe/${i}">`, 'AllowOverride All', `Include "${copyOf(f.path)}"`, '</Directory>');
  });
  const wrapper = join(dir, 'wrapper.conf');
  writeFileSync(wrapper, `${lines.join('\n')}\n`, 'latin1');
  display.set(wrapper, WRAPPER_DISPLAY);
  return { conf: wrapper, root, display, wrapper };
}

/** httpd's test of a path it reads (apache/checked-paths.ts), made here with this process's rights. */
function passes(path: string, check: PathCheck): boolean {
  try {
    if (check === 'parent') return statSync(dirname(path)).isDirectory();
    const st = statSync(path);
    return check === 'dir' ? st.isDirectory() : st.isFile() && st.size > 0;
  } catch {
    return false;
  }
}

/** Directives whose relative file argument httpd -t wants in an existing directory below the ServerRoot. */
const LOG_FILES: ReadonlySet<string> = new Set(['errorlog', 'customlog', 'transferlog', 'globallog']);

/** The directory of a `Mutex mechanism:dir` argument (`fcntl:logs` → `logs`), or undefined when it names none. */
function mutexDir(arg: string | undefined): string | undefined {
  const i = arg?.indexOf(':') ?? -1;
  return i < 0 ? undefined : arg!.slice(i + 1) || undefined;
}

/**
 * Creates a directory of the copy that the configuration names and the original lacks, only when
 * it would really be inside the copy: never through a symlink to an entry of the original
 * ServerRoot (`logs` → /var/log/httpd), whose missing subdirectory httpd then reports itself, as it
 * does when the creation fails.
 */
function ensureDir(path: string, root: string): void {
  if (existsSync(path) || !inCopy(path, root)) return;
  try {
    mkdirSync(path, { recursive: true });
  } catch {
    // left to httpd's own message
  }
}

/**
 * True when creating `path` (or removing it) changes the scratch copy only: every part of it that
 * exists (a symlink too, even a dangling one) lies, resolved, inside the copy's root. The copy
 * links to the original ServerRoot's entries, and nothing may be made or removed through them.
 */
function inCopy(path: string, root: string): boolean {
  try {
    const realRoot = realpathSync(root);
    let existing = path;
    while (!lexists(existing) && existing !== dirname(existing)) existing = dirname(existing);
    return under(realpathSync(existing), realRoot);
  } catch {
    return false;
  }
}

function lexists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function hasDirective(ast: ConfigFile, lname: string): boolean {
  let found = false;
  walk(ast, { directive: (d) => { if (d.lname === lname) found = true; } });
  return found;
}

function loadsMpm(ast: ConfigFile): boolean {
  let found = false;
  walk(ast, { directive: (d) => { if (d.lname === 'loadmodule' && /^mpm_\w+_module$/.test(d.args[0]?.value ?? '')) found = true; } });
  return found;
}
