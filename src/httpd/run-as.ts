/**
 * Who runs `httpd -t`. It loads every module the configuration names, and a module's code runs as
 * it loads, so when httpd-migrate itself runs as root the check runs as the unprivileged user
 * `nobody` instead: its scratch copy is handed to that user, and the paths httpd tests while
 * reading (certificates, log directories, DocumentRoot, see apache/checked-paths.ts) that only
 * root may reach are tested by httpd-migrate, as root, the way httpd would, and stood in for in
 * the copy (stage.ts). Not root: the check runs as the current user, as before.
 */
import { lchownSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

/** The unprivileged user to run httpd as, or null to run it as this process (not root, or no such user). */
export function checkUser(passwdFile = '/etc/passwd', isRoot = process.getuid?.() === 0): RunAs | null {
  if (!isRoot) return null;
  let passwd: string;
  try {
    passwd = readFileSync(passwdFile, 'latin1');
  } catch {
    return null;
  }
  for (const line of passwd.split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === 'nobody' && /^\d+$/.test(uid ?? '') && /^\d+$/.test(gid ?? '') && Number(uid) !== 0) {
      return { name, uid: Number(uid), gid: Number(gid) };
    }
  }
  return null;
}

/**
 * Gives `dir` and everything really inside it to `user`. Symlinks are changed themselves, never
 * followed: the copy links to entries of the user's ServerRoot, which must stay as they are.
 */
export function handOver(dir: string, user: RunAs): void {
  const pending = [dir];
  while (pending.length) {
    const path = pending.pop()!;
    lchownSync(path, user.uid, user.gid);
    if (lstatSync(path).isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
}
