/**
 * Taking SSLv2 out of SSLProtocol and SSLCipherSuite lines. 2.4's mod_ssl
 * (`ssl_cmd_protocol_parse`) refuses `SSLv2` and `+SSLv2` ("SSLProtocol: SSLv2
 * is no longer supported") and skips `-SSLv2`; its `all` no longer contains SSLv2.
 * Built against an OpenSSL without SSLv3 (OPENSSL_NO_SSL3: OpenSSL 1.1.0 and later by
 * default, Debian's 2.4), it refuses `SSLv3` and `+SSLv3` as well ("SSLv3 not supported by
 * this version of OpenSSL", tested on 2.4.68) and accepts `-SSLv3`; its `all` then has no SSLv3.
 */
import type { ConfigFile, Directive } from '../ast/nodes.js';
import { applyEdits, type Edit } from '../edit/edit.js';

const PROTOCOLS_22 = ['sslv2', 'sslv3', 'tlsv1', 'tlsv1.1', 'tlsv1.2'];
/** An SSLProtocol word naming SSLv2 (every one goes: 2.4 refuses two and skips `-SSLv2`). */
export const isSslv2Word = (w: string) => /^[+-]?sslv2$/i.test(w);
/** An SSLProtocol word that selects SSLv3, which a 2.4 without SSLv3 refuses (`-SSLv3` it accepts). */
export const isSslv3Word = (w: string) => /^\+?sslv3$/i.test(w);

/** What a protocol line loses: the words taken out, and the protocols 2.4 then cannot offer. */
export interface Dropped {
  word: (w: string) => boolean;
  protocols: readonly string[];
}

/** SSLv2, which no 2.4 has. */
export const SSLV2: Dropped = { word: isSslv2Word, protocols: ['sslv2'] };
/** SSLv2 and SSLv3, for a 2.4 built against an OpenSSL without SSLv3. */
export const SSLV2_AND_3: Dropped = { word: (w) => isSslv2Word(w) || isSslv3Word(w), protocols: ['sslv2', 'sslv3'] };

/**
 * The protocols a list of SSLProtocol words selects, as mod_ssl computes them: a word
 * without + or - replaces the set, + adds, - removes. Null when a word is unknown.
 */
export function protocolSet(words: readonly string[], all: readonly string[]): Set<string> | null {
  let set = new Set<string>();
  for (const word of words) {
    const action = /^[+-]/.test(word) ? word.charAt(0) : '';
    const name = word.slice(action.length).toLowerCase();
    const these = name === 'all' ? all : PROTOCOLS_22.includes(name) || name === 'tlsv1.3' ? [name] : null;
    if (these === null) return null;
    if (action === '-') these.forEach((p) => set.delete(p));
    else if (action === '+') these.forEach((p) => set.add(p));
    else set = new Set(these);
  }
  return set;
}

/**
 * Edits removing the words `drop` names from an SSLProtocol line (SSLv2's by default), or null when
 * the 2.4 line would select other protocols than 2.2's minus the dropped ones.
 */
export function protocolEdits(d: Directive, drop: Dropped = SSLV2): Edit[] | null {
  const isSslv2Word = drop.word;
  const words = d.args.map((a) => a.value);
  const kept = d.args.filter((a) => !isSslv2Word(a.value));
  const before = protocolSet(words, PROTOCOLS_22);
  const after = protocolSet(kept.map((a) => a.value), PROTOCOLS_22.filter((p) => !drop.protocols.includes(p)));
  // A line left with no protocol (`-all` alone) stops 2.4 when it starts: "No SSL protocols available" (AH02231),
  // which apache2 -t does not see (checked on 2.4.71).
  if (kept.length === 0 || before === null || after === null || after.size === 0) return null;
  for (const p of drop.protocols) before.delete(p);
  if (before.size !== after.size || [...before].some((p) => !after.has(p))) return null;
  const edits: Edit[] = [];
  const firstKept = d.args.indexOf(kept[0]!);
  if (firstKept > 0) edits.push({ start: d.args[0]!.start, end: kept[0]!.start, text: '' });
  d.args.forEach((a, i) => {
    if (i > firstKept && isSslv2Word(a.value)) edits.push({ start: d.args[i - 1]!.end, end: a.end, text: '' });
  });
  return edits;
}

/** True for a cipher-string token that adds ciphers to the list: not one that moves (+), removes (-, !) or sorts (@STRENGTH). */
const addsCiphers = (t: string) => t !== '' && !/^[+!@-]/.test(t);

/** True for a cipher-string token that names the SSLv2 cipher group (OpenSSL names are case-sensitive). */
const isSslv2Cipher = (t: string) => /^[+!-]?SSLv2$/.test(t);

/**
 * Edits removing SSLv2 tokens (`SSLv2`, `+SSLv2`, `!SSLv2`, `-SSLv2`) from the cipher
 * strings of a line, keeping every other byte. Null when a string would become empty
 * or holds a backslash; an empty list when there is nothing to remove.
 */
export function cipherEdits(d: Directive): Edit[] | null {
  const edits: Edit[] = [];
  for (const a of d.args) {
    const q = a.quote ? 1 : 0;
    const body = a.raw.slice(q, a.raw.length - (a.quote && a.raw.endsWith(a.quote) && a.raw.length > 1 ? 1 : 0));
    const parts = body.split(/([:;, ]+)/);
    if (!parts.some((p, i) => i % 2 === 0 && isSslv2Cipher(p))) continue;
    if (body.includes('\\')) return null;
    const out: string[] = [];
    for (let i = 0; i < parts.length; i += 2) {
      if (isSslv2Cipher(parts[i]!)) continue;
      if (out.length > 0) out.push(parts[i - 1]!);
      out.push(parts[i]!);
    }
    // A list left with no token that adds ciphers (`+HIGH` alone only moves ciphers already chosen) selects none:
    // 2.4 stops when it starts, "Unable to configure permitted SSL ciphers" (AH01898; checked on 2.4.71).
    if (!out.some((t, i) => i % 2 === 0 && addsCiphers(t))) return null;
    edits.push({ start: a.start + q, end: a.start + q + body.length, text: out.join('') });
  }
  return edits;
}

/** The directive's line as it reads after the edits, continuation lines joined. */
export function lineAfter(file: ConfigFile, d: Directive, edits: readonly Edit[]): string {
  const shifted = edits.map((e) => ({ ...e, start: e.start - d.contentStart, end: e.end - d.contentStart }));
  return applyEdits(file.text.slice(d.contentStart, d.contentEnd), shifted).replace(/\\\r?\n[ \t]*/g, ' ');
}
