/** Temp directories for tests, on tmpfs where there is one. */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];
afterEach(() => {
  while (made.length) rmSync(made.pop()!, { recursive: true, force: true });
});

export function tempDir(prefix = 'httpd-migrate-test-'): string {
  const d = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), prefix));
  made.push(d);
  return d;
}

/** A temp copy of a directory. */
export function copyTree(src: string): string {
  const d = tempDir();
  cpSync(src, d, { recursive: true });
  return d;
}
