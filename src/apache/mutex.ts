/**
 * The 2.2 mutex directives and the 2.4 `Mutex mechanism[:dir] name` lines
 * that replace them (semantics §6.1). Pure functions of argument values.
 *
 * 2.4's Mutex takes a directory, never a file: the lock file name is made up
 * by httpd. A directory only matters to the file-based mechanisms (default,
 * which may be file-based, file, fcntl, flock); `Mutex default:/dir` keeps
 * the platform's default mechanism and uses the directory when that
 * mechanism needs a file, which is what 2.2's LockFile and RewriteLock did.
 */

/** Mechanisms 2.2's AcceptMutex accepted. */
export const ACCEPT_MECHS = ['default', 'flock', 'fcntl', 'posixsem', 'pthread', 'sysvsem'] as const;

/** Mechanisms that use a directory. */
const FILE_BASED: ReadonlySet<string> = new Set(['default', 'file', 'fcntl', 'flock']);

/** The directory of a lock file path, as 2.4's Mutex wants it (`.` for a bare name, `/` for a root file). */
export function lockDir(path: string): string {
  const slash = path.lastIndexOf('/');
  if (slash < 0) return '.';
  if (slash === 0) return '/';
  return path.slice(0, slash);
}

/** One `mechanism[:dir]` word, quoted when it must be (spaces, or the original was quoted). */
export function mechWord(mech: string, dir: string | null, quote = false): string {
  const word = dir !== null && FILE_BASED.has(mech) ? `${mech}:${dir}` : mech;
  return quote || /[\s"']/.test(word) ? `"${word.replace(/(["\\])/g, '\\$1')}"` : word;
}

export interface MutexPlan {
  /** The 2.4 line to write, or null when the directive is simply dropped. */
  line: string | null;
  /** Why, in a sentence, for the message. */
  note: string;
}

/**
 * The 2.4 line for an SSLMutex (or 2.3's SSLStaplingMutex) value, for the
 * mutex named `name` (`ssl-cache`, `ssl-stapling`).
 */
export function sslMutexPlan(value: string, name: string, quoted: boolean): MutexPlan {
  const colon = value.indexOf(':');
  const meth = (colon < 0 ? value : value.slice(0, colon)).toLowerCase();
  const file = colon < 0 ? null : value.slice(colon + 1);
  if (meth === 'none' || meth === 'no') {
    return { line: null, note: '`none` ran the session cache without a lock; 2.4 does not accept `none` for this mutex, and its default lock is safe, so the line is dropped' };
  }
  if (meth === 'sem' || meth === 'default' || meth === 'yes') {
    return { line: `Mutex default ${name}`, note: `\`${meth}\` chose the platform's default lock` };
  }
  if (file !== null && (meth === 'file' || meth === 'fcntl' || meth === 'flock')) {
    const note = meth === 'file'
      ? '`file:` chose a file lock (flock or fcntl, whichever the platform has); 2.4\'s `file` does the same and takes the directory of the old lock file'
      : `\`${meth}:\` named a lock file; 2.4 takes its directory`;
    return { line: `Mutex ${mechWord(meth, lockDir(file), quoted)} ${name}`, note };
  }
  if (['posixsem', 'sysvsem', 'pthread'].includes(meth)) {
    return { line: `Mutex ${meth} ${name}`, note: `\`${meth}\` is kept as the mechanism` };
  }
  return { line: null, note: `\`${value}\` is not a mechanism 2.2 accepted either` };
}
