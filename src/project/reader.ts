/**
 * One reading of a configuration tree in httpd's order: each file parsed
 * once, Include lines followed depth-first where they stand, ServerRoot
 * applied as it is read (it is EXEC_ON_READ), and the facts .htaccess
 * discovery needs collected on the way.
 */
import { CONDITIONAL_SECTIONS } from '../ast/query.js';
import { realpathSync } from 'node:fs';
import { isDirectory } from './stat.js';
import { resolve } from 'node:path';
import type { Directive, Section } from '../ast/nodes.js';
import { walk } from '../ast/walk.js';
import type { HttpdVersion } from '../parse/lines.js';
import { hasWildcard } from './fnmatch.js';
import { expandInclude, MAX_INCLUDE_DEPTH, refusedBy22, resolveIncludePattern } from './include.js';
import { emptyFacts, type DirSection, type TreeFacts } from './overrides.js';
import type { FileKind, IncludeSite, ProjectDiagnostic, SourceFile } from './project.js';
import { hasVariable } from '../apache/variables.js';
import { displayPath, readSource, unreadable, type ReadResult } from './read.js';
import { type CannotOpen, showBytes, undecodableReason, utf8Bytes } from './file-names.js';
import { serverRootRelative } from '../apache/paths.js';
import { overrideCategories } from '../apache/allow-override.js';
import { mappedPrefixes } from '../apache/url-mappings.js';

/** Read-time conditionals: we follow every branch, so they only show up in `context`. */

/** Parses shared by every reading of one load, keyed by real path. */
export class SourceCache {
  private readonly results = new Map<string, ReadResult>();
  private readonly real = new Map<string, string>();
  /** `given`: files whose bytes come from elsewhere (standard input), by absolute path. */
  constructor(private readonly cwd: string, private readonly version: HttpdVersion, private readonly given?: ReadonlyMap<string, Buffer>) {}

  /** The real path, so a file reached through a symlink and directly is one file. */
  key(path: string): string {
    return this.given?.has(path) ? path : this.realPath(path);
  }

  /** The real path of an absolute path (itself when it cannot be resolved), resolved once per run. */
  realPath(path: string): string {
    let k = this.real.get(path);
    if (k === undefined) {
      try { k = realpathSync(path); } catch { k = path; }
      this.real.set(path, k);
    }
    return k;
  }

  /** Reads a file once; `cannotOpen`: why it cannot be opened (a name that is not valid UTF-8), shown as `shown`. */
  read(path: string, kind: FileKind, cannotOpen?: CannotOpen): ReadResult {
    const k = `${kind}\0${this.key(path)}`;
    let r = this.results.get(k);
    if (r === undefined) {
      r = cannotOpen
        ? unreadable(path, displayPath(cannotOpen.shown, this.cwd), kind, this.version, cannotOpen.why)
        : readSource(path, displayPath(path, this.cwd), kind, this.version, this.given?.get(path));
      this.results.set(k, r);
    }
    return r;
  }
}

/** Where a line sits: the section names around it (outer files first) and the innermost <Directory>. */
interface Context {
  names: string[];
  dir: DirSection | null;
}

export interface ReaderOptions {
  followIncludes: boolean;
  /** Stands in for httpd's working directory, which a relative ServerRoot is taken against. */
  cwd: string;
  /** The ServerRoot given by the caller (httpd's -d), before any ServerRoot line. */
  serverRoot?: string;
  /** Called with the number of files read so far, for a progress display. */
  onRead?: (files: number) => void;
}

export class TreeReader {
  readonly files: SourceFile[] = [];
  readonly byKey = new Map<string, SourceFile>();
  readonly includes: IncludeSite[] = [];
  readonly diagnostics: ProjectDiagnostic[] = [];
  readonly facts: TreeFacts = emptyFacts();
  /** The ServerRoot after the first configuration entry, once read. */
  serverRoot: string | null = null;
  private readonly stack: string[] = [];
  /** The DocumentRoot values of the entry being read, as written. */
  private readonly docRoots: string[] = [];
  /** (file, ServerRoot in, context) → ServerRoot out and include height, so a file read twice alike is walked once. */
  private readonly memo = new Map<string, { serverRootOut: string; height: number }>();
  private nextDirId = 0;

  constructor(private readonly cache: SourceCache, private readonly options: ReaderOptions) {}

  /** Adds a file (once) to the reading and gives its SourceFile (`cannotOpen`: see SourceCache.read). */
  add(path: string, kind: FileKind, cannotOpen?: CannotOpen): SourceFile {
    const k = this.cache.key(path);
    const known = this.byKey.get(k);
    if (known) return known;
    const { file, problem } = this.cache.read(path, kind, cannotOpen);
    this.files.push(file);
    this.options.onRead?.(this.files.length);
    this.byKey.set(k, file);
    if (problem) this.diagnostics.push({ ...problem, severity: 'error', path: file.path, start: 0, end: 0 });
    if (file.kind === 'htaccess' && !file.readError) {
      for (const d of includeLines(file)) {
        this.diag(file, d, 'INCLUDE_IN_HTACCESS', 'error',
          `${d.name} is not allowed in .htaccess files: httpd answers every request below this directory with 500 and logs "${d.name} not allowed here". The line was not followed.`);
      }
    }
    return file;
  }

  /** Reads an entry file and, for a configuration file, everything it includes. */
  readEntry(path: string, kind: FileKind, fallbackRoot: string, cannotOpen?: CannotOpen): void {
    if (this.byKey.has(this.cache.key(path))) return;
    const file = this.add(path, kind, cannotOpen);
    if (file.kind !== 'conf' || file.readError) return;
    const sr = { value: this.options.serverRoot ?? fallbackRoot };
    this.stack.push(this.cache.key(path));
    this.walkConf(file, sr, { names: [], dir: null }, 0);
    this.stack.pop();
    this.facts.docRoots.push(...this.docRoots.splice(0).map((value) => serverRootRelative(value, sr.value)));
    this.serverRoot ??= sr.value;
  }

  private diag(file: SourceFile, d: Directive, code: string, severity: ProjectDiagnostic['severity'], message: string): void {
    this.diagnostics.push({ code, severity, message, path: file.path, start: d.contentStart, end: d.contentEnd });
  }

  /** Walks one configuration file at include depth `depth`; gives how many Include levels it went below. */
  private walkConf(file: SourceFile, sr: { value: string }, outer: Context, depth: number): number {
    let height = 0;
    const dirs = new Map<Section, DirSection>();
    walk(file.ast, {
      enter: (s, ancestors) => {
        if (s.lname !== 'directory' && s.lname !== 'directorymatch') return;
        const ctx = this.contextOf(outer, ancestors, dirs);
        const first = latin1ToUtf8(s.args[0]?.value ?? '');
        const regex = s.lname === 'directorymatch' || first === '~';
        // Like ServerRoot, a relative <Directory> path is taken against httpd's working directory (tested on 2.4.71).
        const path = regex ? latin1ToUtf8(s.args[s.lname === 'directorymatch' ? 0 : 1]?.value ?? '') : resolve(this.options.cwd, first);
        const kind = regex ? 'regex' : hasWildcard(first) ? 'wildcard' : 'literal';
        const dir: DirSection = {
          id: this.nextDirId++, path, kind, inVirtualHost: ctx.names.includes('virtualhost'),
          at: { path: file.path, start: s.open.contentStart, end: s.open.contentEnd },
        };
        dirs.set(s, dir);
        this.facts.dirs.push(dir);
      },
      directive: (d, ancestors) => {
        if (!WALKED_DIRECTIVES.has(d.lname)) return; // the context costs two arrays: only for the lines read here
        const ctx = this.contextOf(outer, ancestors, dirs);
        const real = ctx.names.filter((n) => !CONDITIONAL_SECTIONS.has(n));
        const value = latin1ToUtf8(d.args[0]?.value ?? '');
        switch (d.lname) {
          case 'serverroot':
            if (real.length === 0 && d.args.length === 1) this.setServerRoot(file, d, value, sr, ctx.names.length > 0);
            break;
          case 'documentroot':
            // Not read on reading as ServerRoot is: httpd takes it against the last ServerRoot (readEntry does).
            if (d.args.length >= 1 && !hasVariable(value)) this.docRoots.push(value);
            else if (d.args.length >= 1) this.variableTarget(file, d, value);
            break;
          case 'alias':
          case 'scriptalias': {
            // A directory an Alias maps URLs to is served, and its .htaccess files read, as a DocumentRoot's are.
            const target = latin1ToUtf8(d.args[1]?.value ?? '');
            if (!real.every((n) => n === 'virtualhost') || d.args.length !== 2) break;
            if (hasVariable(target)) this.variableTarget(file, d, target);
            else if (target.startsWith('/')) this.facts.aliasTargets.push(target);
            break;
          }
          case 'aliasmatch':
          case 'scriptaliasmatch':
          case 'userdir': {
            // Their targets are served, and their .htaccess files read, as an Alias's are: wherever the fixed part of each leads.
            if (!real.every((n) => n === 'virtualhost') || d.args.some((a) => hasVariable(a.value))) break;
            const { prefixes, homes } = mappedPrefixes(d);
            this.facts.targetPrefixes.push(...prefixes.map(latin1ToUtf8));
            if (homes) {
              this.diag(file, d, 'USERDIR_HOMES', 'warning',
                `.htaccess files in the users' home directories this UserDir serves were looked for only below directories the configuration names (a <Directory /home/*/public_html>, say): which users there are is in the system's password database, which is not read. `
                + `Name those files on the command line, each user's ~/${latin1ToUtf8(homes)}/.htaccess by its full path, to migrate them.`);
            }
            break;
          }
          case 'accessfilename':
            this.facts.accessNames.push({ names: d.args.map((a) => latin1ToUtf8(a.value)), inVirtualHost: real.includes('virtualhost') });
            break;
          case 'allowoverride': {
            if (!ctx.dir || !real[real.length - 1]?.startsWith('directory')) break;
            const none = overrideCategories(d.args.map((a) => a.value)).size === 0;
            // A None inside <IfModule>, <IfDefine> or <IfVersion> may be a line httpd skips (<IfModule !mod_authz_default.c>
            // in a tree that loads the module): it is no proof that httpd never opens the files, which are read then, and
            // the models decide whether they apply (found in review: such a tree's .htaccess was never looked for).
            if (!none || real.length === ctx.names.length) ctx.dir.overrideNone = none;
            break;
          }
          case 'allowoverridelist':
            if (ctx.dir && real[real.length - 1]?.startsWith('directory')) ctx.dir.overrideList = value.toLowerCase() !== 'none';
            break;
          case 'include':
          case 'includeoptional':
            if (this.options.followIncludes) height = Math.max(height, this.include(file, d, sr, ctx, depth));
            break;
        }
      },
    });
    return height;
  }

  private contextOf(outer: Context, ancestors: readonly Section[], dirs: Map<Section, DirSection>): Context {
    let dir = outer.dir;
    for (const a of ancestors) if (dirs.has(a)) dir = dirs.get(a)!;
    return { names: [...outer.names, ...ancestors.map((a) => a.lname)], dir };
  }

  /**
   * A DocumentRoot or Alias target with a `${NAME}` (2.2 takes it from the environment httpd starts with, Debian's
   * envvars): where it leads is not known here, so the .htaccess files there were not looked for. Said, where the
   * tool said nothing and those files kept their 2.2 lines (found by a helper's bug hunt).
   */
  private variableTarget(file: SourceFile, d: Directive, value: string): void {
    this.diag(file, d, 'HTACCESS_VARIABLE', 'warning',
      `${d.name} '${value}' uses a variable that is only known when httpd starts, so the .htaccess files below it were not looked for; `
      + `name them on the command line (httpd-migrate write <main file> <dir>/.htaccess…) to migrate them.`);
  }

  /** `conditional`: the line is inside <IfModule>, <IfDefine>…, which httpd tests when it starts. */
  private setServerRoot(file: SourceFile, d: Directive, value: string, sr: { value: string }, conditional: boolean): void {
    // An explicit --server-root maps a copied tree: it wins over the file's own ServerRoot,
    // so that a copy of /etc/httpd never reads the live /etc/httpd of the machine it runs on.
    if (this.options.serverRoot !== undefined) return;
    if (value.includes('${')) {
      this.diag(file, d, 'SERVER_ROOT_VARIABLE', 'warning',
        `ServerRoot uses a variable that is only known when httpd starts, so relative paths below keep resolving against '${sr.value}'; pass the ServerRoot explicitly to follow them.`);
      return;
    }
    // httpd merges a relative ServerRoot with its working directory, not with the previous ServerRoot (tested on 2.4.71).
    const next = resolve(this.options.cwd, value);
    if (!isDirectory(next)) {
      this.diag(file, d, 'SERVER_ROOT_MISSING', 'warning',
        `ServerRoot '${next}' is not a directory here, and httpd would refuse to start with "ServerRoot must be a valid directory"; relative paths below keep resolving against '${sr.value}'. Pass the ServerRoot explicitly if the tree was copied from elsewhere.`);
      return;
    }
    if (conditional) {
      // Every branch is read (as Include lines in them are followed); httpd applies this line only when its test holds.
      this.diag(file, d, 'SERVER_ROOT_CONDITIONAL', 'warning',
        `httpd applies this ServerRoot only when the conditional section around it holds: that is known when it starts (<IfDefine> names, <IfModule>…). Relative paths below were taken against '${next}' as if it holds, where httpd may keep '${sr.value}'; pass the ServerRoot explicitly (--server-root) to choose.`);
    }
    sr.value = next;
  }

  /** Follows one Include line; gives the include height below it. */
  private include(file: SourceFile, d: Directive, sr: { value: string }, ctx: Context, depth: number): number {
    const optional = d.lname === 'includeoptional';
    if (d.args.length !== 1) {
      const what = optional
        ? 'Name or pattern of the config file(s) to be included; ignored if the file does not exist or the pattern does not match any files'
        : 'Name(s) of the config file(s) to be included; fails if the wildcard does not match at least one file';
      this.diag(file, d, 'INCLUDE_ARGS', 'error', `httpd refuses to start on this line: "${d.name} takes one argument, ${what}".`);
      return 0;
    }
    const raw = latin1ToUtf8(d.args[0]!.value);
    if (hasVariable(raw)) {
      this.diag(file, d, 'INCLUDE_VARIABLE', 'warning', `${d.name} '${raw}' uses a variable that is only known when httpd starts, so it was not followed.`);
      return 0;
    }
    const pattern = resolveIncludePattern(raw, sr.value);
    const site: IncludeSite = { from: file.path, directive: d, optional, pattern, serverRoot: sr.value, files: [], context: ctx.names };
    this.includes.push(site);
    if (depth + 1 > MAX_INCLUDE_DEPTH) {
      this.diag(file, d, 'INCLUDE_DEPTH', 'error',
        `httpd refuses to start on this line: "Exceeded maximum include depth of ${MAX_INCLUDE_DEPTH}, There appears to be a recursion." It was not followed.`);
      return Infinity;
    }
    // A literal name whose bytes are not valid UTF-8 names a file no call here can open (file-names.ts).
    const expansion = utf8Bytes(d.args[0]!.value) || hasWildcard(pattern)
      ? expandInclude(pattern, optional)
      : { files: [], diagnostics: [], undecodable: [{ path: pattern, shown: resolveIncludePattern(showBytes(Buffer.from(d.args[0]!.value, 'latin1')), sr.value) }] };
    // Inside <IfModule>, <IfDefine>… httpd reads the line only when the test holds, which is known when it starts.
    const conditional = ctx.names.some((n) => CONDITIONAL_SECTIONS.has(n));
    const refuses = conditional ? 'httpd refuses to start on this line whenever the conditional section around it (<IfModule>, <IfDefine>…) holds' : 'httpd refuses to start on this line';
    const refused22 = refusedBy22(pattern);
    const in22 = refused22 === undefined ? 'httpd 2.2 silently included nothing here'
      : `httpd 2.2 refused this line too ("${refused22}"): it allowed a wildcard only in the last path component`;
    for (const p of expansion.diagnostics) {
      const message = p.code === 'INCLUDE_NO_MATCH'
        ? `${conditional ? refuses : 'httpd 2.4 refuses to start on this line'}: "${p.message}". ${in22}; write IncludeOptional if the pattern may match nothing.`
        : p.code === 'INCLUDE_PSEUDO_FS' ? `${d.name} ${p.message}.`
        : p.code === 'INCLUDE_DIR_LOOP' ? `${p.severity === 'error' ? refuses : `${d.name} follows a symbolic link loop`}: ${p.message}. The files in the loop were read once here.`
        : `${refuses}: "${p.message}".`;
      this.diag(file, d, p.code, conditional && p.severity === 'error' ? 'warning' : p.severity, message);
    }
    // A name httpd reads but no file call here can open: the file stands in the tree unread, so that its
    // group is not written without it (as for any file that cannot be read) and the line is not taken for one that matched nothing.
    for (const { path, shown } of expansion.undecodable) site.files.push(this.add(path, 'conf', { why: undecodableReason(shown), shown }).path);
    let height = 1;
    for (const path of expansion.files) {
      const k = this.cache.key(path);
      const cycleAt = this.stack.indexOf(k);
      if (cycleAt >= 0) {
        const chain = [...this.stack.slice(cycleAt), k].map((key) => this.byKey.get(key)?.display ?? key).join(' → ');
        this.diag(file, d, 'INCLUDE_CYCLE', 'error',
          `Include cycle: ${chain}. httpd would give up with "Exceeded maximum include depth of ${MAX_INCLUDE_DEPTH}, There appears to be a recursion." The file was not read again.`);
        site.files.push(this.byKey.get(k)?.path ?? path);
        continue;
      }
      const included = this.add(path, 'conf');
      site.files.push(included.path);
      if (included.readError || included.kind !== 'conf') continue;
      height = Math.max(height, 1 + this.walkIncluded(included, k, sr, ctx, depth + 1));
    }
    return height;
  }

  /** Walks an included file unless the same file was already walked from the same ServerRoot and context. */
  private walkIncluded(file: SourceFile, k: string, sr: { value: string }, ctx: Context, depth: number): number {
    const memoKey = [k, sr.value, ctx.names.join('/'), ctx.dir?.id ?? ''].join('\0');
    const seen = this.memo.get(memoKey);
    if (seen && depth + seen.height <= MAX_INCLUDE_DEPTH) {
      sr.value = seen.serverRootOut;
      return seen.height;
    }
    this.stack.push(k);
    const height = this.walkConf(file, sr, ctx, depth);
    this.stack.pop();
    if (Number.isFinite(height)) this.memo.set(memoKey, { serverRootOut: sr.value, height });
    return height;
  }
}

/** The directives walkConf reads (the cases of its switch). */
const WALKED_DIRECTIVES: ReadonlySet<string> = new Set(['serverroot', 'documentroot', 'alias', 'scriptalias', 'aliasmatch', 'scriptaliasmatch', 'userdir', 'accessfilename', 'allowoverride', 'allowoverridelist', 'include', 'includeoptional']);

/** Include lines anywhere in a file (for .htaccess, where they are refused). */
function includeLines(file: SourceFile): Directive[] {
  const out: Directive[] = [];
  walk(file.ast, { directive: (d) => { if (d.lname === 'include' || d.lname === 'includeoptional') out.push(d); } });
  return out;
}

/** Argument text is Latin-1 (one char per byte); file names are UTF-8. */
export function latin1ToUtf8(s: string): string {
  return Buffer.from(s, 'latin1').toString('utf8');
}
