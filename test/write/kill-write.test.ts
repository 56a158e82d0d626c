/**
 * The short form of scripts/kill-write.mjs (issue 12): kill -9 at random moments of `write` on a
 * 50-file tree; every file stays its original or its migrated form, no temp file is left where
 * httpd reads, and a second write completes the tree. The full run is `node scripts/kill-write.mjs 200`.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('kill -9 during write', () => {
  it('never leaves a torn file or a temp file that httpd reads, and a second write completes the tree', () => {
    const r = spawnSync(process.execPath, [resolve(import.meta.dirname, '../../scripts/kill-write.mjs'), '5'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^kill-write: 5 kills of write on a 50-file tree .*every second write completed the tree\n$/);
    expect(r.status).toBe(0);
  }, 180_000);
});
