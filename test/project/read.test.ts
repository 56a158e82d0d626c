import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/project/load.js';
import { looksBinary } from '../../src/project/read.js';
import { diags, FIX, shown, useTemp } from './util.js';

const temp = useTemp();
const isRoot = process.getuid?.() === 0;

describe('loadProject: reading files', () => {
  it('keeps a binary file out with readError and an empty tree, and reads a text file with one NUL', () => {
    const p = loadProject(['binary/httpd.conf'], { cwd: FIX });
    expect(shown(p)).toEqual(['binary/httpd.conf', 'binary/conf.d/blob.conf', 'binary/conf.d/nul.conf', 'binary/conf.d/text.conf']);
    const [, blob, nul, text] = p.files;
    expect(blob!.readError).toBe('binary file, not a configuration file');
    expect(blob!.ast.text).toBe('');
    expect(blob!.ast.children).toEqual([]);
    expect(nul!.readError).toBeUndefined();
    expect(nul!.ast.diagnostics.map((d) => d.code)).toContain('NUL_BYTE');
    expect(text!.readError).toBeUndefined();
    expect(diags(p).map((d) => [d.at, d.code, d.severity, d.message])).toEqual([
      ['binary/conf.d/blob.conf:1', 'BINARY_FILE', 'error', 'This is a binary file, not a configuration file, so it was not migrated.'],
    ]);
  });

  it('keeps every byte: the tree holds the file as Latin-1, one character per byte', () => {
    const t = temp();
    const bytes = Buffer.from([...Buffer.from('ServerAdmin caf'), 0xe9, ...Buffer.from('@example.com\r\n# \xff\n', 'latin1')]);
    writeFileSync(join(t, 'latin1.conf'), bytes);
    const p = loadProject(['latin1.conf'], { cwd: t });
    expect(p.files[0]!.ast.text).toBe(bytes.toString('latin1'));
    expect(p.files[0]!.ast.text.length).toBe(bytes.length);
  });

  it('reports a missing entry and goes on with the next one', () => {
    const p = loadProject(['gone.conf', join(FIX, 'twice/common.conf')], { cwd: FIX });
    expect(shown(p)).toEqual(['gone.conf', 'twice/common.conf']);
    expect(p.files[0]!.readError).toBe('cannot read: no such file or directory');
    expect(p.files[0]!.ast.text).toBe('');
    expect(p.diagnostics).toEqual([{
      code: 'READ_ERROR', severity: 'error', message: 'This file cannot be read (no such file or directory), so it was not migrated.',
      path: join(FIX, 'gone.conf'), start: 0, end: 0,
    }]);
  });

  it('refuses a FIFO instead of blocking on it', () => {
    const t = temp();
    execFileSync('mkfifo', [join(t, 'pipe.conf')]);
    writeFileSync(join(t, 'main.conf'), 'Include pipe.conf\n');
    const p = loadProject(['main.conf'], { cwd: t });
    expect(shown(p)).toEqual(['main.conf', 'pipe.conf']);
    expect(p.files[1]!.readError).toBe('cannot read: not a regular file');
    expect(diags(p).map((d) => [d.at, d.code])).toEqual([['pipe.conf:1', 'READ_ERROR']]);
  });

  it('reports an unreadable included file and reads the rest', () => {
    const t = temp();
    cpSync(join(FIX, 'globbed'), t, { recursive: true });
    chmodSync(join(t, 'conf.d/a.conf'), 0o000);
    try {
      const p = loadProject(['httpd.conf'], { cwd: t });
      expect(shown(p)).toEqual(['httpd.conf', 'conf.d/B.conf', 'conf.d/a.conf', 'conf.d/b.conf']);
      expect(p.files[3]!.readError).toBeUndefined();
      // root reads anything, so only an ordinary user sees the permission error.
      if (!isRoot) {
        expect(p.files[2]!.readError).toBe('cannot read: permission denied');
        expect(diags(p).map((d) => [d.at, d.code])).toEqual([['conf.d/a.conf:1', 'READ_ERROR']]);
      } else {
        expect(p.files[2]!.ast.text).toBe(readFileSync(join(t, 'conf.d/a.conf'), 'latin1'));
      }
    } finally {
      chmodSync(join(t, 'conf.d/a.conf'), 0o644);
    }
  });
});

describe('looksBinary', () => {
  it('needs both a NUL and more than 10% control bytes in the first 8000 bytes', () => {
    expect(looksBinary(Buffer.from('Listen 80\n\0'))).toBe(false);
    expect(looksBinary(Buffer.from('\0\x01\x02\x03 abcdef'))).toBe(true);
    expect(looksBinary(Buffer.from('\x01\x02\x03\x04 no NUL'))).toBe(false);
    // \t \n \r \f \v and ESC do not count; NUL does (1 in 121 here, 1 in 7 in the next).
    expect(looksBinary(Buffer.from(`${'\t\n\r\f\v\x1b'.repeat(20)}\0`))).toBe(false);
    expect(looksBinary(Buffer.from('\t\n\r\f\v\x1b\0'.repeat(10)))).toBe(true);
    expect(looksBinary(Buffer.concat([Buffer.alloc(8000, 'a'), Buffer.alloc(4000, 0)]))).toBe(false);
    expect(looksBinary(Buffer.concat([Buffer.alloc(7000, 'a'), Buffer.alloc(1000, 0)]))).toBe(true);
  });
});
