/**
 * Rewriting a tree in place without losing data. Every file is first checked (unchanged since it
 * was read, one link only, a place for its temp file that no Include reads), then staged: the new
 * bytes go to a temp file, every byte checked, with the original's extended attributes, owner and
 * mode (chown before chmod, so setuid/setgid survive), fsynced; backups are made the same way and
 * never replace anything. Only when every file is staged are the temp files renamed over their
 * targets, in one quick pass that checks again that no target changed. A file that fails any step
 * is left as it is, with the reason, and so are the other files of its group (options.groups).
 */
import { insideTree } from '../project/boundary.js';
import { spawnSync } from 'node:child_process';
import {
  closeSync, fchmodSync, fchownSync, fstatSync, fsyncSync, lstatSync, openSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { IncludeSite } from '../project/project.js';
import { includeReading } from './include-reach.js';
import { tempName } from './temp-names.js';

export interface WriteItem {
  /** The path the tree names (a symlink is written through to its target). */
  path: string;
  /** The bytes as read: the file must still hold them. */
  original: Uint8Array;
  output: Uint8Array;
}

export interface WriteOutcome {
  path: string;
  /** Why the file was left as it is; undefined when it was written. */
  error?: string;
  /** Where its backup went, when --backup asked for one. */
  backup?: string;
  /** True when the backup had to go elsewhere than next to the file, because an Include reads that place. */
  backupMoved?: boolean;
  /** Set when the file was left as it is because of another file of its group: that file, and what became of it. */
  blockedBy?: { path: string; why: string };
}

export interface TreeWriteOptions {
  /** Keep the original as `<file><suffix>` (e.g. `.bak`). */
  backupSuffix?: string;
  /** The tree's Include lines: no temp file or backup goes where one of them reads. */
  includes?: readonly IncludeSite[];
  /** The tree's directories (src/project/boundary.ts): no temp file or backup goes outside them. */
  boundary?: readonly string[];
  /**
   * A group number for each item: the files of a group are written together or not at all. (The
   * changes of files that can affect one another were decided and proven together: the modules to
   * load, the access rewrites. One file left as it is would leave the others wrong.)
   */
  groups?: readonly number[];
}

interface Staged {
  item: WriteItem;
  outcome: WriteOutcome;
  target: string;
  before: Stats;
  tmp?: string;
}

/** Files staged together: their new files stay open until their extended attributes are copied in one child process. */
const CHUNK = 256;

export function writeTree(items: readonly WriteItem[], options: TreeWriteOptions = {}): WriteOutcome[] {
  const includes = options.includes ?? [];
  const taken = new Set<string>();
  const staged: Staged[] = [];
  for (let from = 0; from < items.length; from += CHUNK) {
    const chunk: { s: Staged; files: NewFile[] }[] = [];
    for (let i = from; i < Math.min(items.length, from + CHUNK); i++) {
      const item = items[i]!;
      const s: Staged = { item, outcome: { path: item.path }, target: item.path, before: undefined as unknown as Stats };
      staged.push(s);
      const files: NewFile[] = [];
      try {
        s.target = realpathSync(item.path);
        s.before = checkTarget(s.target, item.original);
        const dir = placeFor(s.target, (d) => join(d, tempName(basename(s.target), i)), includes, options.boundary);
        if (options.backupSuffix !== undefined) {
          const where = placeFor(s.target, (d) => join(d, basename(s.target) + options.backupSuffix), includes, options.boundary, taken);
          s.outcome.backup = join(where, basename(s.target) + options.backupSuffix);
          s.outcome.backupMoved = where !== dirname(s.target);
          taken.add(s.outcome.backup);
          files.push(createNew(s.outcome.backup, item.original, false));
        }
        const tmp = join(dir, tempName(basename(s.target), i));
        files.push(createNew(tmp, item.output, true));
        s.tmp = tmp;
        chunk.push({ s, files });
      } catch (e) {
        for (const f of files) discard(f);
        s.tmp = undefined;
        fail(s, e);
      }
    }
    const copied = copyXattrs(chunk.flatMap(({ s, files }) => files.map((f) => [s.target, f.path] as const)));
    let k = 0;
    for (const { s, files } of chunk) {
      const errors = files.map(() => copied[k++]);
      try {
        const failed = errors.find((e) => e !== null);
        if (failed) throw new Error(`its extended attributes or ACL cannot be kept (${failed}), so it was left as it is; run as a user who may set them, or remove them first`);
        for (const f of files) finishNew(f, s.before);
      } catch (e) {
        for (const f of files) discard(f);
        s.tmp = undefined;
        fail(s, e);
      }
    }
  }
  // Every file is staged. A group with a file that failed, or changed meanwhile, is not written at all.
  const failedIn = new Map<number, string>();
  staged.forEach((s, i) => {
    const group = options.groups?.[i];
    if (s.tmp && !unchanged(s)) {
      removeQuietly(s.tmp);
      s.tmp = undefined;
      fail(s, changedSinceRead());
    }
    if (group !== undefined && s.outcome.error !== undefined && !failedIn.has(group)) failedIn.set(group, s.item.path);
  });
  staged.forEach((s, i) => {
    const blocker = failedIn.get(options.groups?.[i] ?? -1);
    if (!s.tmp || blocker === undefined) return;
    removeQuietly(s.tmp);
    s.tmp = undefined;
    s.outcome.blockedBy = { path: blocker, why: 'could not be written' };
    fail(s, new Error(`${blocker} could not be written`));
  });
  // Then rename them all in one pass.
  const dirs = new Set<string>();
  for (const s of staged) {
    if (!s.tmp) continue;
    try {
      if (!unchanged(s)) throw changedSinceRead();
      renameSync(s.tmp, s.target);
      dirs.add(dirname(s.target));
      if (dirname(s.tmp) !== dirname(s.target)) dirs.add(dirname(s.tmp));
    } catch (e) {
      fail(s, e);
      removeQuietly(s.tmp);
    }
  }
  for (const d of dirs) syncDir(d);
  return staged.map((s) => s.outcome);
}

/** Whether the target is still the file that was checked (same inode, size and time of change). */
function unchanged(s: Staged): boolean {
  const now = statSync(s.target, { throwIfNoEntry: false });
  return now !== undefined && now.ino === s.before.ino && now.size === s.before.size && now.mtimeMs === s.before.mtimeMs;
}

/** A file left as it is keeps no backup of this run either: the next run would refuse to replace it. */
function fail(s: { outcome: WriteOutcome }, e: unknown): void {
  s.outcome.error = (e as Error).message;
  if (s.outcome.backup && !s.outcome.error.includes('already exists and was kept')) removeQuietly(s.outcome.backup);
  s.outcome.backup = undefined;
}

/** Why a file with more than one name is not replaced (write), nor put in the patch (diff). */
export function hardLinksReason(nlink: number): string {
  return `it has ${nlink} hard links, and replacing it would leave the other names with the old text; `
    + 'migrate the file through one name after breaking the links (cp FILE FILE.new && mv FILE.new FILE), or edit it by hand';
}

/** The target must still hold the bytes read, and have one name only. */
function checkTarget(target: string, original: Uint8Array): Stats {
  const st = statSync(target);
  if (!st.isFile()) throw new Error('not a regular file');
  if (st.nlink > 1) throw new Error(hardLinksReason(st.nlink));
  const now = readFileSync(target);
  if (!Buffer.from(original.buffer, original.byteOffset, original.byteLength).equals(now)) throw changedSinceRead();
  return st;
}

function changedSinceRead(): Error {
  return new Error('the file changed since it was read, so it was left as it is; run the command again to migrate the new text');
}

/**
 * The directory for a new name beside `target`: its own directory, or the nearest parent on the
 * same file system, inside the tree, where no Include of the tree reads the name (a directory
 * Include reads everything below it, dotfiles too). `taken` names are skipped as if they existed.
 */
function placeFor(target: string, nameIn: (dir: string) => string, includes: readonly IncludeSite[], boundary?: readonly string[], taken?: Set<string>): string {
  const dev = statSync(dirname(target)).dev;
  for (let dir = dirname(target); ; dir = dirname(dir)) {
    const candidate = nameIn(dir);
    const reader = includeReading(candidate, includes);
    if (!reader && !taken?.has(candidate)) return dir;
    if (boundary && !insideTree(dirname(dir), boundary)) {
      const why = reader ? `'${reader.directive.name} ${reader.pattern}' would read ${candidate}` : `${candidate} is taken`;
      throw new Error(`no directory inside the tree where a new file next to it stays out of the configuration (${why}), and nothing is written outside the tree`);
    }
    if (dir === dirname(dir) || statSync(dirname(dir)).dev !== dev) {
      const why = reader ? `'${reader.directive.name} ${reader.pattern}' would read ${candidate}` : `${candidate} is taken`;
      throw new Error(`no directory on its file system where a new file next to it stays out of the configuration (${why})`);
    }
  }
}

/** A new file being staged: still open, its bytes written. */
interface NewFile { path: string; fd: number; size: number; open: boolean }

/** Creates `path` (never replacing or following anything already there) with exactly these bytes, and keeps it open. */
function createNew(path: string, bytes: Uint8Array, isTemp: boolean): NewFile {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(isTemp ? `${path} already exists` : `the backup ${path} already exists and was kept; move it away or choose another --backup suffix`);
    }
    if ((e as NodeJS.ErrnoException).code === 'ENAMETOOLONG' && !isTemp) {
      throw new Error(`the backup's name (${basename(path)}) is longer than the file system allows; choose a shorter --backup suffix`);
    }
    throw e;
  }
  const f = { path, fd, size: bytes.length, open: true };
  try {
    let done = 0;
    while (done < bytes.length) {
      const n = writeSync(fd, bytes, done, bytes.length - done);
      if (n <= 0) throw new Error(`short write to ${path} (${done} of ${bytes.length} bytes)`);
      done += n;
    }
  } catch (e) {
    discard(f);
    throw e;
  }
  return f;
}

/** Gives a new file (its extended attributes already copied) the owner and mode of the original, flushes it to disk and closes it. */
function finishNew(f: NewFile, st: Stats): void {
  const mine = fstatSync(f.fd);
  if (mine.uid !== st.uid || mine.gid !== st.gid) {
    try {
      fchownSync(f.fd, st.uid, st.gid);
    } catch {
      throw new Error(`it is owned by ${st.uid}:${st.gid}, and a rewritten copy would belong to ${mine.uid}:${mine.gid}; run as its owner or as root`);
    }
  }
  // After chown, which clears setuid/setgid.
  fchmodSync(f.fd, st.mode & 0o7777);
  fsyncSync(f.fd);
  if (fstatSync(f.fd).size !== f.size) throw new Error(`short write to ${f.path}`);
  closeSync(f.fd);
  f.open = false;
}

/** Closes (if still open) and removes a new file of a file that failed. */
function discard(f: NewFile): void {
  if (f.open) {
    try { closeSync(f.fd); } catch { /* closed */ }
    f.open = false;
  }
  removeQuietly(f.path);
}

/**
 * Extended attributes (user.*, security.*, trusted.*) and POSIX ACLs go with the file: GNU cp copies
 * them (an ACL comes with `mode`: cp's xattr copy leaves system.posix_acl_* out), or the file is refused. One child process for all the pairs (xargs running cp for each),
 * not one per file: spawning from a large process costs milliseconds each; when a copy fails, a second run reports each one's result.
 * Returns, for each [from, to], null or cp's error.
 */
function copyXattrs(pairs: readonly (readonly [string, string])[]): (string | null)[] {
  if (process.platform !== 'linux' || pairs.length === 0) return pairs.map(() => null);
  // Paths are UTF-8 on disk (Node decodes file names so), and cp's messages name them.
  const input = Buffer.from(pairs.map(([a, b]) => `${a}\0${b}\0`).join(''), 'utf8');
  // Usually every copy succeeds: xargs runs cp on each pair itself (one process per file, where a shell that
  // reports each result takes two: 4,000 files, 8.7 s). Only when one fails is each pair's result asked for.
  const all = spawnSync('xargs', ['-0', '-n', '2', 'cp', '--attributes-only', '--preserve=mode,xattr', '--'], { input, stdio: ['pipe', 'ignore', 'ignore'] });
  if (all.status === 0 && !all.error) return pairs.map(() => null);
  const script = 'err=$(cp --attributes-only --preserve=mode,xattr -- "$1" "$2" 2>&1) && s=0 || s=1; printf "%s\\0%s\\0" "$s" "$err"';
  const r = spawnSync('xargs', ['-0', '-n', '2', 'sh', '-c', script, 'sh'], { input, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const fields = (r.stdout ?? '').split('\0');
  return pairs.map((_, i) => {
    if (r.error) return r.error.message;
    const status = fields[2 * i];
    if (status === '0') return null;
    return status === '1' ? fields[2 * i + 1]!.trim() || 'cp failed' : `xargs failed: ${(r.stderr ?? '').trim() || `exit ${r.status}`}`;
  });
}

function removeQuietly(path: string): void {
  try {
    if (lstatSync(path).isFile()) unlinkSync(path);
  } catch { /* already gone */ }
}

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try { fsyncSync(fd); } finally { closeSync(fd); }
  } catch { /* some file systems cannot fsync a directory; the renames are done */ }
}
