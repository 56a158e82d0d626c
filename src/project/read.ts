/** Reading one file into a SourceFile without ever throwing or decoding it as text. */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import type { HttpdVersion } from '../parse/lines.js';
import { parse } from '../parse/parser.js';
import type { FileKind, SourceFile } from './project.js';
import { strerror } from './include.js';

export interface ReadProblem {
  code: 'READ_ERROR' | 'BINARY_FILE';
  message: string;
}

export interface ReadResult {
  file: SourceFile;
  problem?: ReadProblem;
}

/** Control bytes that text files do hold: \t \n \v \f \r and ESC. */
const TEXT_CONTROLS: ReadonlySet<number> = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);
const SNIFF = 8000;
/** The largest file read (a real configuration file is kilobytes): above it a clear error, not an out-of-memory crash. */
export const MAX_FILE_BYTES = 16 * 2 ** 20;

/** A NUL in the first 8000 bytes and more than 10% of them other control bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, SNIFF);
  let nul = false;
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) nul = true;
    if ((b < 0x20 && !TEXT_CONTROLS.has(b)) || b === 0x7f) controls++;
  }
  return nul && controls * 10 > n;
}

/** The path relative to `cwd` when it lies below it, else the absolute path. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  if (rel === '' || rel === '..' || rel.startsWith('../') || isAbsolute(rel)) return path;
  return rel;
}

/** Reads and parses one file (or the bytes `given` for it); whatever goes wrong becomes `readError` and an empty tree. */
export function readSource(path: string, display: string, kind: FileKind, version: HttpdVersion, given?: Buffer): ReadResult {
  const failed = (readError: string, problem: ReadProblem): ReadResult => ({
    file: { path, display, kind, ast: parse('', path, { version }), readError }, problem,
  });
  const cannot = (why: string) => unreadable(path, display, kind, version, why);
  let bytes: Buffer;
  if (given) {
    bytes = given;
  } else {
    try {
      const st = statSync(path);
      if (st.isDirectory()) return cannot('is a directory');
      // Like httpd (AH00554), only regular files and /dev/null are configuration; a FIFO would also block the read.
      if (!st.isFile() && path !== '/dev/null') return cannot('not a regular file');
      if (st.size > MAX_FILE_BYTES) return cannot(`it is ${(st.size / 2 ** 20).toFixed(1)} MB, and httpd-migrate reads configuration files of up to ${MAX_FILE_BYTES / 2 ** 20} MB`);
      bytes = readFileSync(path);
    } catch (e) {
      return cannot(lowerFirst(strerror(e)));
    }
  }
  if (looksBinary(bytes)) {
    return failed('binary file, not a configuration file', { code: 'BINARY_FILE', message: 'This is a binary file, not a configuration file, so it was not migrated.' });
  }
  return { file: { path, display, kind, ast: parse(bytes, path, { version }) } };
}

/** A file that cannot be read, and why: an empty tree, the reason as `readError`, and the finding that says so. */
export function unreadable(path: string, display: string, kind: FileKind, version: HttpdVersion, why: string): ReadResult {
  return {
    file: { path, display, kind, ast: parse('', path, { version }), readError: `cannot read: ${why}` },
    problem: { code: 'READ_ERROR', message: `This file cannot be read (${why}), so it was not migrated.` },
  };
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
