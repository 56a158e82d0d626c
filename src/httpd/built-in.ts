/** The modules an httpd binary has compiled in, as `httpd -l` lists them. */
import { execFileSync } from 'node:child_process';

/** Short module names from `httpd -l` output (`core.c` → core, `http_core.c` → http, `prefork.c` → mpm_prefork, `mod_so.c` → so). */
export function parseCompiledIn(output: string): string[] {
  return output.split('\n').map((l) => l.trim()).filter((l) => /^[\w.-]+\.c$/.test(l)).map((l) => {
    const base = l.slice(0, -2);
    if (base === 'core') return 'core';
    if (base === 'http_core') return 'http';
    if (/^(prefork|worker|event|winnt|netware|mpmt_os2)$/.test(base)) return `mpm_${base}`;
    return base.replace(/^mod_/, '');
  });
}

/** The compiled-in modules of `httpd` (its `-l`), or null when it cannot be asked. */
export function compiledIn(httpd: string): string[] | null {
  try {
    return parseCompiledIn(execFileSync(httpd, ['-l'], { encoding: 'latin1', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return null;
  }
}
