/** The real-world corpus in the data folder (see shared-data.ts). */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dataPath, requireDataOrSkip, type DataAvailability } from './shared-data.js';

export const CORPUS_DIR = dataPath('corpus/real');

/** Whether the corpus is there, for `describe.skipIf`: skips with one line, or fails under HTTPD_MIGRATE_DATA_REQUIRED=1. */
export function requireCorpusOrSkip(): DataAvailability {
  return requireDataOrSkip('corpus/real/MANIFEST.tsv');
}

export interface CorpusEntry {
  /** Path relative to CORPUS_DIR. */
  rel: string;
  abs: string;
  notes: string;
  /** A template (placeholders or ERB) that httpd cannot load as it is. */
  template: boolean;
  /** A config that is broken on purpose. */
  broken: boolean;
}

const TEMPLATE = /@@?\w+@@?|__[A-Z_]+__|<%|\$[A-Z_]{2,}/;

/** The corpus files of the manifest; none where the corpus is missing (see requireCorpusOrSkip). */
export function corpusFiles(): CorpusEntry[] {
  const manifest = join(CORPUS_DIR, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return [];
  const rows = readFileSync(manifest, 'latin1').split('\n').slice(1).filter(Boolean);
  return rows.map((row) => {
    const [rel = '', , , , , notes = ''] = row.split('\t');
    const abs = join(CORPUS_DIR, rel);
    const text = readFileSync(abs, 'latin1');
    return {
      rel, abs, notes,
      template: TEMPLATE.test(text) || /template|\.in$|\.erb$/i.test(rel + ' ' + notes),
      broken: rel.includes('/failing/'),
    };
  });
}

/** Every regular file below a directory, recursively, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}
