/**
 * Logical lines to a tree of directives and sections, following
 * ap_build_config_sub (config.c). Never throws: problems become diagnostics
 * and the tree still covers every byte.
 */
import { CONDITIONAL_SECTIONS } from '../ast/query.js';
import type { Arg, Bogus, ConfigFile, LineSpan, Node, ParseErrorCode, Section, Severity } from '../ast/nodes.js';
import { LineReader, trimEnd, trimStart, type HttpdVersion } from './lines.js';
import { asciiLower, eachWord, quoteOf, wordEnd, wordValue } from './words.js';

export interface ParseOptions {
  /** Which httpd's reading rules to follow where they differ (§1.1). Default 2.2. */
  version?: HttpdVersion;
}

/** Containers read at start-up, whose closing line must be exactly `</Name>` (§1.6). */
const STRICT_CLOSE = CONDITIONAL_SECTIONS;

/** Containers that httpd refuses without an argument. */
const NEEDS_ARGS: ReadonlySet<string> = new Set([
  'directory', 'directorymatch', 'files', 'filesmatch', 'location', 'locationmatch', 'virtualhost',
  'ifmodule', 'ifdefine', 'ifversion', 'limit', 'limitexcept', 'proxy', 'proxymatch',
]);

/** httpd 2.2 splits longer lines silently; 2.4 refuses them in .htaccess. */
const MAX_LINE = 8190;
/**
 * Sections nested deeper than this are not read as sections (their lines stay in the tree as bogus
 * lines, so every byte is kept): every walk of the tree recurses per level, and real configurations
 * nest a handful of levels. A file that goes deeper gets an error and is not migrated.
 */
export const MAX_NESTING = 256;

/** Decodes bytes so that one character is one byte (Latin-1), which keeps every byte. */
export function decode(input: Uint8Array | string): string {
  return typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1');
}

/** Parses one configuration file. `input` is bytes, or text already decoded as Latin-1. */
export function parse(input: Uint8Array | string, path = '', options: ParseOptions = {}): ConfigFile {
  const text = decode(input);
  const bom = text.startsWith('\xEF\xBB\xBF');
  const file: ConfigFile = { type: 'file', path, text, bom, children: [], diagnostics: [] };
  const diag: Diag = (code, severity, message, start, end) => {
    file.diagnostics.push({ code, severity, message, start, end });
  };
  if (bom) diag('BOM', 'warning', 'the file starts with a UTF-8 byte-order mark; httpd on Unix reads it as part of the first directive', 0, 3);

  const stack: Section[] = [];
  const words = wordTable();
  /** How many section openers past MAX_NESTING are open. */
  let tooDeep = 0;
  let children = file.children;
  const r = new LineReader(text, bom ? 3 : 0, options.version ?? '2.2');
  let nextCr = text.indexOf('\r');
  while (r.next()) {
    const s = r.src;
    const cs = trimStart(s, r.lo, r.hi);
    const ce = trimEnd(s, cs, r.hi);
    const blank = cs >= ce;
    const start = r.start;
    const end = r.end;
    const contentStart = blank ? start : r.offset(cs);
    const contentEnd = blank ? start : r.offset(ce - 1) + 1;
    const eol = r.eol;
    const continued = r.segments !== null;
    if (nextCr >= 0 && nextCr < start) nextCr = text.indexOf('\r', start);
    if (r.nulAt >= 0 || r.doubleBackslashAt >= 0 || ce - cs > MAX_LINE || (nextCr >= 0 && nextCr < end - eol.length)) {
      checkLine(r, text, contentStart, contentEnd, ce - cs, diag);
    }
    if (blank) {
      children.push({ type: 'blank', start, end, contentStart, contentEnd, eol, continued });
      continue;
    }
    if (s.charCodeAt(cs) === 35 /* # */) {
      children.push({ type: 'comment', start, end, contentStart, contentEnd, eol, continued });
      continue;
    }
    const firstEnd = wordEnd(s, cs, ce);
    const quoted = quoteOf(s, cs) !== 0;
    const c1 = s.charCodeAt(cs);
    if (!quoted && c1 === 60 && (tooDeep > 0 || stack.length >= MAX_NESTING) && (s.charCodeAt(cs + 1) === 47 || isLetter(s.charCodeAt(cs + 1)))) {
      // Past MAX_NESTING: openers and their closers are kept as bogus lines.
      const closing = s.charCodeAt(cs + 1) === 47;
      if (closing && tooDeep === 0) {
        const span: LineSpan = { start, end, contentStart, contentEnd, eol, continued };
        closeSection(s.slice(cs, firstEnd), s.slice(cs, ce), span, stack, children, diag);
        children = stack.length ? stack[stack.length - 1]!.children : file.children;
        continue;
      }
      if (tooDeep === 0 && !closing) {
        diag('NESTING_DEPTH', 'error', `sections are nested more than ${MAX_NESTING} levels deep here; httpd-migrate reads no deeper, so the file was not migrated`, contentStart, contentEnd);
      }
      tooDeep += closing ? -1 : 1;
      children.push({ type: 'bogus', start, end, contentStart, contentEnd, eol, continued, reason: `nested more than ${MAX_NESTING} levels deep` });
    } else if (!quoted && c1 === 60 /* < */ && s.charCodeAt(cs + 1) === 47 /* / */) {
      const span: LineSpan = { start, end, contentStart, contentEnd, eol, continued };
      closeSection(s.slice(cs, firstEnd), s.slice(cs, ce), span, stack, children, diag);
      children = stack.length ? stack[stack.length - 1]!.children : file.children;
    } else if (!quoted && c1 === 60 && firstEnd - cs > 1 && isLetter(s.charCodeAt(cs + 1))) {
      const span: LineSpan = { start, end, contentStart, contentEnd, eol, continued };
      const section = openSection(r, span, cs, firstEnd, ce, diag, words);
      children.push(section);
      stack.push(section);
      children = section.children;
    } else {
      const name = words.same(wordValue(s, cs, firstEnd));
      children.push({
        type: 'directive', start, end, contentStart, contentEnd, eol, continued,
        name, lname: words.lower(name), nameEnd: r.offset(firstEnd - 1) + 1, args: readArgs(r, firstEnd, ce, words),
      });
    }
  }
  for (let i = stack.length - 1; i >= 0; i--) {
    const s = stack[i]!;
    s.end = lastEnd(s);
    if (STRICT_CLOSE.has(s.lname)) {
      // Tested on 2.4.71: a true conditional section may run to the end of the file; a false one may not.
      diag('UNCLOSED_SECTION', 'warning', `<${s.name}> is not closed: httpd accepts that only while the condition is true, and otherwise fails with "Expected </${s.name}> before end of configuration".`, s.open.contentStart, s.open.contentEnd);
    } else {
      diag('UNCLOSED_SECTION', 'error', `<${s.name}> was not closed.`, s.open.contentStart, s.open.contentEnd);
    }
  }
  return file;
}

interface WordTable {
  /** One string for each spelling of a name or short word: a tree holds each once, not once per line. */
  same(word: string): string;
  /** A name in lower case. */
  lower(name: string): string;
  /** The words of the line being read, before readArgs copies them out: one list for the whole parse. */
  readonly line: Arg[];
}

/** Names and words repeat a lot (`Allow`, `from`, `127.0.0.1`): each spelling is kept once for the rest of one parse. */
function wordTable(): WordTable {
  const spellings = new Map<string, string>();
  const lowered = new Map<string, string>();
  return {
    line: [],
    same(word) {
      if (word.length > MAX_SHARED_WORD) return word;
      const known = spellings.get(word);
      if (known !== undefined) return known;
      if (spellings.size < 10_000) spellings.set(word, word);
      return word;
    },
    lower(name) {
      let l = lowered.get(name);
      if (l === undefined) {
        l = asciiLower(name);
        if (lowered.size < 10_000) lowered.set(name, l);
      }
      return l;
    },
  };
}

/**
 * Longer words are left as they are: V8 keeps a substring of 13 characters or more as a 32-byte slice
 * of the text it was cut from, where a shorter one is a copy of its own.
 */
const MAX_SHARED_WORD = 12;

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The words of the current line in [from, to), as arguments with file offsets. */
function readArgs(r: LineReader, from: number, to: number, words: WordTable): Arg[] {
  const args = words.line;
  let n = 0;
  eachWord(r.src, from, to, (value, raw, start, end, quote) => {
    const written = words.same(raw);
    args[n++] = { value: value === raw ? written : words.same(value), raw: written, start: r.offset(start), end: r.offset(end - 1) + 1, quote };
  });
  // A copy holds exactly its words, where an array grown by push keeps room for 16 (a tree has one per line);
  // the words are gathered in one list for the whole parse, so that each line allocates only its copy.
  return args.slice(0, n);
}

type Diag = (code: ParseErrorCode, severity: Severity, message: string, start: number, end: number) => void;

function checkLine(r: LineReader, text: string, contentStart: number, contentEnd: number, length: number, diag: Diag): void {
  if (r.nulAt >= 0) {
    diag('NUL_BYTE', 'warning', 'NUL byte: httpd ignores the rest of this line', r.nulAt, r.nulAt + 1);
  }
  if (length > MAX_LINE) {
    diag('LONG_LINE', 'warning', `line of ${length} bytes: 2.2 splits lines over ${MAX_LINE} bytes, and 2.4 refuses them in .htaccess`, contentStart, contentEnd);
  }
  if (r.doubleBackslashAt >= 0) {
    diag('DOUBLE_BACKSLASH_EOL', 'warning', 'a line ending in \\\\ is an escaped backslash in 2.2 but joins the next line in 2.4', r.doubleBackslashAt, r.doubleBackslashAt + 2);
  }
  // A CR LF inside a logical line ends a continued physical line, which httpd reads as a line ending (§1.1).
  const last = r.end - r.eol.length;
  let cr = text.indexOf('\r', r.start);
  while (cr >= 0 && cr < last && text.charCodeAt(cr + 1) === 10 /* \n */) cr = text.indexOf('\r', cr + 2);
  if (cr >= 0 && cr < last) {
    diag('LONE_CR', 'warning', 'a carriage return that is not followed by a line feed does not end a line', cr, cr + 1);
  }
}

function openSection(r: LineReader, span: LineSpan, cs: number, firstEnd: number, ce: number, diag: Diag, words: WordTable): Section {
  const s = r.src;
  let name = s.slice(cs + 1, firstEnd);
  const nameHasGt = name.endsWith('>');
  if (nameHasGt) name = name.slice(0, -1);
  const gt = s.lastIndexOf('>', ce - 1);
  if (gt < cs) diag('MISSING_GT', 'error', `<${name}> directive missing closing '>'`, span.contentStart, span.contentEnd);
  const args = nameHasGt ? [] : readArgs(r, firstEnd, gt >= firstEnd ? gt : ce, words);
  name = words.same(name);
  const lname = words.lower(name);
  if (args.length === 0 && NEEDS_ARGS.has(lname)) {
    diag('EMPTY_SECTION_ARGS', 'error', `<${name}> directive requires additional arguments`, span.contentStart, span.contentEnd);
  }
  return { type: 'section', name, lname, args, open: span, close: null, children: [], start: span.start, end: span.end };
}

function closeSection(word: string, trimmed: string, span: LineSpan, stack: Section[], children: Node[], diag: Diag): void {
  const hasGt = word.endsWith('>');
  const name = hasGt ? word.slice(2, -1) : word.slice(2);
  const lname = asciiLower(name);
  let depth = stack.length - 1;
  while (depth >= 0 && stack[depth]!.lname !== lname) depth--;
  if (depth < 0) {
    const top = stack[stack.length - 1];
    const message = top ? `Expected </${top.name}> but saw </${name}>` : `</${name}> without matching <${name}> section`;
    diag(top ? 'MISMATCHED_CLOSE' : 'STRAY_CLOSE', 'error', message, span.contentStart, span.contentEnd);
    const bogus: Bogus = { type: 'bogus', ...span, reason: message };
    children.push(bogus);
    return;
  }
  while (stack.length - 1 > depth) {
    const inner = stack.pop()!;
    diag('MISMATCHED_CLOSE', 'error', `Expected </${inner.name}> but saw </${name}>`, span.contentStart, span.contentEnd);
    inner.end = lastEnd(inner);
  }
  const section = stack.pop()!;
  section.children = section.children.slice(); // complete now: a copy without the room push left
  section.close = span;
  section.end = span.end;
  if (!hasGt) {
    diag('CLOSE_MISSING_GT', 'error', `</${name}> directive missing closing '>'`, span.contentStart, span.contentEnd);
  } else if (STRICT_CLOSE.has(lname) && asciiLower(trimmed) !== `</${lname}>`) {
    diag('STRICT_CLOSE', 'error', `</${section.name}> must stand alone on its line: httpd does not see the end of the section`, span.contentStart, span.contentEnd);
  }
}

function lastEnd(s: Section): number {
  const last = s.children[s.children.length - 1];
  return last ? last.end : s.open.end;
}
