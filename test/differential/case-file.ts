/**
 * The self-contained form of a differential case, as printed on a disagreement and kept in
 * fixtures/_differential/<name>/case.txt:
 *
 *   # comments (what disagreed, when found)
 *   check: b
 *   [config]
 *   <Directory "@DIR@">
 *   ...
 *   [htaccess sub]
 *   Order deny,allow
 *   [requests]
 *   GET /sub/f.html 127.0.0.5 alice:good => 403
 *
 * `config` and `htaccess` hold the ORIGINAL (2.2) text with the oracle's placeholders. For checks
 * a24 and a22, `[migrated config]` and `[migrated htaccess DIR]` hold the migration that ran when the
 * case was found. The status after `=>` is what the real httpd 2.4 answered to the text that ran
 * (401/403/500, or 200 for anything served).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OracleRequest } from '../oracle/harness.js';
import type { Check } from './run.js';
import { parseRequestText, requestText } from './scenario.js';

export interface CaseFile {
  name: string;
  comments: string[];
  check: Check;
  config: string;
  htaccess: Record<string, string>;
  /** a24/a22: the migrated texts that ran. */
  migrated?: { config: string; htaccess: Record<string, string> };
  requests: { request: OracleRequest; expected: number }[];
}

export const CASES_DIR = join(import.meta.dirname, '../../fixtures/_differential');

export function formatCase(c: Omit<CaseFile, 'name'>): string {
  const out = [...c.comments.map((l) => `# ${l}`), `check: ${c.check}`, '[config]', c.config];
  for (const [rel, text] of Object.entries(c.htaccess)) out.push(`[htaccess ${rel}]`, text);
  if (c.migrated) {
    out.push('[migrated config]', c.migrated.config);
    for (const [rel, text] of Object.entries(c.migrated.htaccess)) out.push(`[migrated htaccess ${rel}]`, text);
  }
  out.push('[requests]', ...c.requests.map((r) => `${requestText(r.request)} => ${r.expected}`));
  return `${out.join('\n')}\n`;
}

export function parseCase(name: string, text: string): CaseFile {
  const c: CaseFile = { name, comments: [], check: 'b', config: '', htaccess: {}, requests: [] };
  let part: string | null = null;
  const buf: string[] = [];
  const flush = () => {
    const body = buf.join('\n');
    buf.length = 0;
    if (part === 'config') c.config = body;
    else if (part?.startsWith('htaccess')) c.htaccess[part.slice(8).trim()] = body;
    else if (part === 'migrated config') (c.migrated ??= { config: '', htaccess: {} }).config = body;
    else if (part?.startsWith('migrated htaccess')) (c.migrated ??= { config: '', htaccess: {} }).htaccess[part.slice(17).trim()] = body;
  };
  for (const line of text.replace(/\n$/, '').split('\n')) {
    const header = /^\[((?:migrated )?config|(?:migrated )?htaccess(?: [^\]]*)?|requests)\]$/.exec(line);
    if (header) { flush(); part = header[1]!; continue; }
    if (part === null) {
      if (line.startsWith('#')) c.comments.push(line.replace(/^# ?/, ''));
      const m = /^check:\s*(a24|a22|b)\s*$/.exec(line);
      if (m) c.check = m[1] as Check;
    } else if (part === 'requests') {
      const m = /^(.*?)\s*=>\s*(\d{3})\s*$/.exec(line);
      if (m) c.requests.push({ request: parseRequestText(m[1]!), expected: Number(m[2]) });
    } else buf.push(line);
  }
  flush();
  return c;
}

/** Every case kept in fixtures/_differential (folders holding a case.txt). */
export function readCases(dir = CASES_DIR): CaseFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort()
    .filter((n) => existsSync(join(dir, n, 'case.txt')))
    .map((n) => parseCase(n, readFileSync(join(dir, n, 'case.txt'), 'utf8')));
}
