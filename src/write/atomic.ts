/**
 * Rewriting a tree in place without losing data. Every file is first checked (unchanged since it
 * was read, one link only, a place for its temp file that no Include reads), then staged: the new
 * bytes go to a temp file, every byte checked, with the original's extended attributes, owner and
 * mode (chown before chmod, so setuid/setgid survive), fsynced; backups are made the same way and
 * never replace anything. Only when every file is staged are the temp files renamed over their
 * targets, in one quick pass that checks again that no target changed. A file that fails any step
 * is left as it is, with the reason.
 */
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
}

export interface TreeWriteOptions {
  /** Keep the original as `<file><suffix>` (e.g. `.bak`). */
  backupSuffix?: string;
  /** The tree's Include lines: no temp file or backup goes where one of them reads. */
  includes?: readonly IncludeSite[];
}

interface Staged {
  item: WriteItem;
  outcome: WriteOutcome;
  target: string;
  before: Stats;
  tmp?: string;
}

export function writeTree(items: readonly WriteItem[], options: TreeWriteOptions = {}): WriteOutcome[] {
  const includes = options.includes ?? [];
  const taken = new Set<string>();
  const staged = items.map((item, i): Staged => {
    const outcome: WriteOutcome = { path: item.path };
    const s = { item, outcome, target: item.path, before: undefined as unknown as Stats };
    try {
      s.target = realpathSync(item.path);
      s.before = checkTarget(s.target, item.original);
      const dir = placeFor(s.target, (d) => join(d, tempName(basename(s.target), i)), includes);
      if (options.backupSuffix !== undefined) {
        const where = placeFor(s.target, (d) => join(d, basename(s.target) + options.backupSuffix), includes, taken);
        outcome.backup = join(where, basename(s.target) + options.backupSuffix);
        outcome.backupMoved = where !== dirname(s.target);
        taken.add(outcome.backup);
        writeNew(outcome.backup, item.original, s.target, s.before, false);
      }
      const tmp = join(dir, tempName(basename(s.target), i));
      writeNew(tmp, item.output, s.target, s.before, true);
      return { ...s, tmp };
    } catch (e) {
      fail(s, e);
      return s;
    }
  });
  // Every file is staged: rename them all in one pass.
  const dirs = new Set<string>();
  for (const s of staged) {
    if (!s.tmp) continue;
    try {
      const now = statSync(s.target);
      if (now.ino !== s.before.ino || now.size !== s.before.size || now.mtimeMs !== s.before.mtimeMs) throw changedSinceRead();
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

/** A file left as it is keeps no backup of this run either: the next run would refuse to replace it. */
function fail(s: { outcome: WriteOutcome }, e: unknown): void {
  s.outcome.error = (e as Error).message;
  if (s.outcome.backup && !s.outcome.error.includes('already exists and was kept')) removeQuietly(s.outcome.backup);
  s.outcome.backup = undefined;
}

/** The target must still hold the bytes read, and have one name only. */
function checkTarget(target: string, original: Uint8Array): Stats {
  const st = statSync(target);
  if (!st.isFile()) throw new Error('not a regular file');
  if (st.nlink > 1) {
    throw new Error(`it has ${st.nlink} hard links, and replacing it would leave the other names with the old text; `
      + 'migrate the file through one name after breaking the links (cp FILE FILE.new && mv FILE.new FILE), or edit it by hand');
  }
  const now = readFileSync(target);
  if (!Buffer.from(original.buffer, original.byteOffset, original.byteLength).equals(now)) throw changedSinceRead();
  return st;
}

function changedSinceRead(): Error {
  return new Error('the file changed since it was read, so it was left as it is; run the command again to migrate the new text');
}

/**
 * The directory for a new name beside `target`: its own directory, or the nearest parent on the
 * same file system where no Include of the tree reads the name (a directory Include reads
 * everything below it, dotfiles too). `taken` names are skipped as if they existed.
 */
function placeFor(target: string, nameIn: (dir: string) => string, includes: readonly IncludeSite[], taken?: Set<string>): string {
  const dev = statSync(dirname(target)).dev;
  for (let dir = dirname(target); ; dir = dirname(dir)) {
    const candidate = nameIn(dir);
    const reader = includeReading(candidate, includes);
    if (!reader && !taken?.has(candidate)) return dir;
    if (dir === dirname(dir) || statSync(dirname(dir)).dev !== dev) {
      const why = reader ? `'${reader.directive.name} ${reader.pattern}' would read ${candidate}` : `${candidate} is taken`;
      throw new Error(`no directory on its file system where a new file next to it stays out of the configuration (${why})`);
    }
  }
}

/**
 * Creates `path` (never replacing or following anything already there) with exactly these bytes and
 * the extended attributes, owner and mode of `like`, and flushes it to disk.
 */
function writeNew(path: string, bytes: Uint8Array, like: string, st: Stats, isTemp: boolean): void {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(isTemp ? `${path} already exists` : `the backup ${path} already exists and was kept; move it away or choose another --backup suffix`);
    }
    throw e;
  }
  try {
    let done = 0;
    while (done < bytes.length) {
      const n = writeSync(fd, bytes, done, bytes.length - done);
      if (n <= 0) throw new Error(`short write to ${path} (${done} of ${bytes.length} bytes)`);
      done += n;
    }
    copyXattrs(like, path);
    const mine = fstatSync(fd);
    if (mine.uid !== st.uid || mine.gid !== st.gid) {
      try {
        fchownSync(fd, st.uid, st.gid);
      } catch {
        throw new Error(`it is owned by ${st.uid}:${st.gid}, and a rewritten copy would belong to ${mine.uid}:${mine.gid}; run as its owner or as root`);
      }
    }
    // After chown, which clears setuid/setgid.
    fchmodSync(fd, st.mode & 0o7777);
    fsyncSync(fd);
    if (fstatSync(fd).size !== bytes.length) throw new Error(`short write to ${path}`);
  } catch (e) {
    closeSync(fd);
    removeQuietly(path);
    throw e;
  }
  closeSync(fd);
}

/** Extended attributes (user.*, security.*, trusted.*) go with the file: GNU cp copies them, or the file is refused. */
function copyXattrs(from: string, to: string): void {
  if (process.platform !== 'linux') return;
  const r = spawnSync('cp', ['--attributes-only', '--preserve=xattr', '--', from, to], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    const why = r.error ? r.error.message : r.stderr.trim();
    throw new Error(`its extended attributes cannot be kept (${why}), so it was left as it is; run as a user who may set them, or remove them first`);
  }
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
