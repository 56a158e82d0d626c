/**
 * Locating an httpd 2.4 binary and its modules directory, and the server-level lines that keep a
 * syntax check inside its scratch directory and off the name service. (The same logic as the test
 * oracle's test/oracle/httpd.ts, which src/ must not import.)
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** Scratch space for copies of a tree: tmpfs when available (ext4 /tmp is slow for many small files). */
export const SCRATCH_DIR = existsSync('/dev/shm') ? '/dev/shm' : '/tmp';

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Path of an httpd binary: $HTTPD, else /usr/sbin/apache2, else `apache2` or `httpd` on PATH; null when none. */
export function findHttpd(): string | null {
  const fromEnv = process.env.HTTPD;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : null;
  if (isExecutable('/usr/sbin/apache2')) return '/usr/sbin/apache2';
  return onPath('apache2') ?? onPath('httpd');
}

/**
 * The directory holding the mod_*.so of `httpd`: $HTTPD_MODULES_DIR, else `<prefix>/modules` of a
 * source build (`<prefix>/bin/httpd`), else a distribution default (Debian, Red Hat, SUSE).
 */
export function httpdModulesDir(httpd: string): string {
  const fromEnv = process.env.HTTPD_MODULES_DIR;
  if (fromEnv) return fromEnv;
  const candidates = [
    join(dirname(dirname(httpd)), 'modules'),
    '/usr/lib/apache2/modules',
    '/usr/lib64/httpd/modules',
    '/usr/lib/httpd/modules',
    '/usr/lib64/apache2',
    '/usr/lib/apache2',
  ];
  return candidates.find((dir) => existsSync(join(dir, 'mod_authz_core.so'))) ?? candidates[1]!;
}

/** Server-level lines that keep httpd inside `root` and off the network name service. */
export function sandboxLines(root: string): string[] {
  return [
    'ServerName 127.0.0.1',
    `PidFile "${root}/httpd.pid"`,
    `DefaultRuntimeDir "${root}"`,
    `Mutex file:${root} default`,
    `ErrorLog "${root}/error.log"`,
  ];
}
