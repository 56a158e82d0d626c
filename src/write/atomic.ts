/**
 * In-place writes that cannot leave a half-written file: the new bytes go to a
 * temp file in the same directory, which is then renamed over the target. The
 * file mode is kept, a symlink is written through to its target, and an
 * optional backup keeps the original bytes.
 */
import { chmodSync, chownSync, closeSync, copyFileSync, fsyncSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface WriteOptions {
  /** Keep the original as `<file><suffix>` (e.g. `.bak`). */
  backupSuffix?: string;
}

export function writeAtomic(path: string, bytes: Uint8Array, options: WriteOptions = {}): void {
  const target = realpathSync(path);
  const st = statSync(target);
  const tmp = join(dirname(target), `.${basename(target)}.httpd-migrate-${process.pid}.tmp`);
  const fd = openSync(tmp, 'wx', st.mode & 0o7777);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  try {
    chmodSync(tmp, st.mode & 0o7777);
    if (process.getuid?.() === 0) chownSync(tmp, st.uid, st.gid);
    if (options.backupSuffix) copyFileSync(target, target + options.backupSuffix);
    renameSync(tmp, target);
  } catch (e) {
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw e;
  }
}
