// Locating Debian's apache2 (httpd 2.4) and nss_wrapper, and running `apache2 -t`.
// See httpd-oracle.md (in spec/ of the data folder: test/helpers/shared-data.ts) §1-§3.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILTIN_DEBIAN_24 } from '../../src/apache/modules.js';
import { SCRATCH_DIR, findHttpd, httpdModulesDir as modulesDirOf, sandboxLines as sandbox } from '../../src/httpd/find-httpd.js';

/** Modules compiled into Debian's apache2: a LoadModule line for them is a start-up error. */
export const BUILTIN_MODULES: ReadonlySet<string> = new Set(BUILTIN_DEBIAN_24);

export const INSTALL_HINT =
  'httpd not found: apt-get install -y apache2-bin libnss-wrapper (or set HTTPD=/path/to/httpd)';

export const NSS_WRAPPER_HINT =
  'libnss_wrapper.so not found: apt-get install -y libnss-wrapper (or set NSS_WRAPPER_LIB=/path/to/libnss_wrapper.so)';

export { SCRATCH_DIR, findHttpd } from '../../src/httpd/find-httpd.js';

/** The x.y.z version the oracle's httpd prints for `-v` ('' when it prints none). */
export function httpdVersion(httpd: string): string {
  const out = execFileSync(httpd, ['-v'], { encoding: 'latin1' });
  return /Apache\/(\d+\.\d+\.\d+)/.exec(out)?.[1] ?? '';
}

/** Compares two x.y.z versions: negative when a is older than b. */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number), y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** Directory holding mod_*.so of the oracle's httpd (see src/httpd/find-httpd.ts). */
export function httpdModulesDir(): string {
  return modulesDirOf(findHttpd() ?? '/usr/sbin/apache2');
}

/** libnss_wrapper.so ($NSS_WRAPPER_LIB or /usr/lib/<triplet>/, /usr/lib64/), or null. */
export function findNssWrapper(): string | null {
  const fromEnv = process.env.NSS_WRAPPER_LIB;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const dirs = ['/usr/lib64', '/usr/lib'];
  try {
    for (const entry of readdirSync('/usr/lib')) {
      if (entry.endsWith('-linux-gnu')) dirs.unshift(join('/usr/lib', entry));
    }
  } catch {
    // no /usr/lib: fall through to the fixed candidates
  }
  return dirs.map((d) => join(d, 'libnss_wrapper.so')).find((p) => existsSync(p)) ?? null;
}

export interface OracleAvailability {
  skip: boolean;
  reason: string;
  httpd: string | null;
}

/**
 * For vitest's `describe.skipIf(...)`: skip when httpd or nss_wrapper is missing, but throw
 * instead when HTTPD_REQUIRED=1 so that CI cannot silently skip the oracle tests.
 */
export function requireHttpdOrSkip(): OracleAvailability {
  const httpd = findHttpd();
  const missing = !httpd ? INSTALL_HINT : !findNssWrapper() ? NSS_WRAPPER_HINT : '';
  if (!missing) return { skip: false, reason: '', httpd };
  if (process.env.HTTPD_REQUIRED === '1') throw new Error(`HTTPD_REQUIRED=1 but ${missing}`);
  console.warn(missing);
  return { skip: true, reason: missing, httpd };
}

/** `LoadModule x_module <dir>/mod_x.so` lines; built-in modules (see BUILTIN_MODULES) are left out. */
export function moduleLoadLines(names: string[], dir: string = httpdModulesDir()): string {
  return names
    .filter((name) => !BUILTIN_MODULES.has(name))
    .map((name) => `LoadModule ${name}_module ${dir}/mod_${name}.so`)
    .join('\n');
}

/** `User`/`Group` lines for an unprivileged account when running as root (empty otherwise). */
export function runAsLines(): string {
  if (process.getuid?.() !== 0) return '';
  const names = (file: string) => readFileSync(file, 'utf8').split('\n').map((l) => l.split(':')[0]);
  const users = names('/etc/passwd');
  const groups = names('/etc/group');
  const user = ['www-data', 'nobody'].find((u) => users.includes(u)) ?? 'nobody';
  const group = ['www-data', 'nogroup', 'nobody'].find((g) => groups.includes(g)) ?? 'nogroup';
  return `User ${user}\nGroup ${group}`;
}

/** Server-level lines that keep httpd inside `root` and off the network name service. */
export function sandboxLines(root: string): string {
  return sandbox(root).join('\n');
}

/** Environment for httpd: host lookups answered only from `hostsFile` (nss_wrapper), if available. */
export function httpdEnv(hostsFile: string): NodeJS.ProcessEnv {
  const lib = findNssWrapper();
  return lib ? { ...process.env, LD_PRELOAD: lib, NSS_WRAPPER_HOSTS: hostsFile } : { ...process.env };
}

export interface SyntaxCheckOptions {
  /** httpd binary; default findHttpd(). */
  httpd?: string;
}

export interface SyntaxCheckResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  exit: number;
}

/**
 * `apache2 -t -f <tmp>/httpd.conf -d <tmp>` on `confText` (with `@ROOT@` replaced by the temporary
 * directory). The text must load its own modules, an MPM included (see moduleLoadLines).
 * sandboxLines() are appended, so line numbers in error messages match `confText`.
 */
export async function syntaxCheck(confText: string, opts: SyntaxCheckOptions = {}): Promise<SyntaxCheckResult> {
  const httpd = opts.httpd ?? findHttpd();
  if (!httpd) throw new Error(INSTALL_HINT);
  const root = await mkdtemp(join(SCRATCH_DIR, 'oracle-t-'));
  try {
    const conf = join(root, 'httpd.conf');
    const hosts = join(root, 'hosts');
    await writeFile(conf, `${confText.replaceAll('@ROOT@', root)}\n${sandboxLines(root)}\n`);
    await writeFile(hosts, '127.0.0.1 localhost\n::1 localhost\n');
    return await new Promise<SyntaxCheckResult>((resolve) => {
      execFile(httpd, ['-t', '-f', conf, '-d', root], { env: httpdEnv(hosts), timeout: 60_000 }, (err, stdout, stderr) => {
        const exit = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ ok: exit === 0, stdout, stderr, exit });
      });
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
