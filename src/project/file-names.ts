/**
 * File names are bytes. Node hands them over as UTF-8 text, and gives a name that is not valid
 * UTF-8 (a Latin-1 `café.conf` of a 2.2-era server) with U+FFFD in place of its bad bytes: a path
 * that no file call can open again, although httpd reads the file. Directories are listed here by
 * their bytes, so that such names are told apart and reported by name instead of going missing.
 */
import { isUtf8 } from 'node:buffer';
import { readdirSync, type Dirent } from 'node:fs';
import { basename } from 'node:path';

/** What Node puts in a name, as text, for each byte that is not valid UTF-8. */
export const REPLACEMENT = '\uFFFD';

export interface ListedEntry {
  /** The name as text (valid UTF-8). */
  name: string;
  /** What readdir said of it: the type (d_type), without a stat. */
  entry: Dirent<Buffer>;
}

export interface Listing {
  entries: ListedEntry[];
  /** The entries whose names are not valid UTF-8: the name as Node gives it (with U+FFFD), and as shown to users. */
  undecodable: { name: string; shown: string; entry: Dirent<Buffer> }[];
}

/** Lists a directory (throws as readdirSync does), its names that are not valid UTF-8 apart. */
export function listDirectory(dir: string): Listing {
  const listing: Listing = { entries: [], undecodable: [] };
  for (const entry of readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })) {
    const bytes = entry.name;
    if (isUtf8(bytes)) listing.entries.push({ name: bytes.toString('utf8'), entry });
    else listing.undecodable.push({ name: bytes.toString('utf8'), shown: showBytes(bytes), entry });
  }
  return listing;
}

/** Whether a path argument's bytes (one character per byte, as the parser reads them) are valid UTF-8. */
export function utf8Bytes(latin1: string): boolean {
  return isUtf8(Buffer.from(latin1, 'latin1'));
}

/** Bytes as a name users can read and type: ASCII as it is, every other byte as `\xNN` (`caf\xE9.conf`). */
export function showBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** A file that cannot be opened by its path: why, and its path as shown to users. */
export interface CannotOpen {
  why: string;
  shown: string;
}

/** Why a file (or directory) of such a name was not read, for its finding; `shown`: its path or name as shown. */
export function undecodableReason(shown: string): string {
  return `its name (${basename(shown)}) is not valid UTF-8, which httpd-migrate cannot open, although httpd reads it; rename it (in ASCII or UTF-8) and run again`;
}
