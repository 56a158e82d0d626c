/**
 * Logical lines to a tree of directives and sections, following
 * ap_build_config_sub (config.c). Never throws: problems become diagnostics
 * and the tree still covers every byte.
 */
import type {
  Arg, Bogus, ConfigFile, Diagnostic, LineSpan, Node, ParseErrorCode, Section, Severity,
} from '../ast/nodes.js';
import { fileOffset, readLines, trimEnd, trimStart, type HttpdVersion, type LogicalLine } from './lines.js';
import { asciiLower, splitWords, type Word } from './words.js';

export interface ParseOptions {
  /** Which httpd's reading rules to follow where they differ (§1.1). Default 2.2. */
  version?: HttpdVersion;
}

/** Containers read at start-up whose closing line must be exactly `</Name>` (§1.6). */
const STRICT_CLOSE = new Set(['ifmodule', 'ifdefine', 'ifversion', 'iffile', 'ifdirective', 'ifsection']);

/** Containers that httpd refuses without an argument. */
const NEEDS_ARGS = new Set([
  'directory', 'directorymatch', 'files', 'filesmatch', 'location', 'locationmatch', 'virtualhost',
  'ifmodule', 'ifdefine', 'ifversion', 'limit', 'limitexcept', 'proxy', 'proxymatch',
]);

/** httpd 2.2 splits longer lines silently; 2.4 refuses them in .htaccess. */
const MAX_LINE = 8190;

/** Decodes bytes so that one character is one byte (Latin-1), which keeps every byte. */
export function decode(input: Uint8Array | string): string {
  return typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1');
}

/** Parses one configuration file. `input` is bytes, or text already decoded as Latin-1. */
export function parse(input: Uint8Array | string, path = '', options: ParseOptions = {}): ConfigFile {
  const text = decode(input);
  const version = options.version ?? '2.2';
  const bom = text.startsWith('\xEF\xBB\xBF');
  const file: ConfigFile = { type: 'file', path, text, bom, children: [], diagnostics: [] };
  const diag = (code: ParseErrorCode, severity: Severity, message: string, start: number, end: number) =>
    file.diagnostics.push({ code, severity, message, start, end } satisfies Diagnostic);
  if (bom) diag('BOM', 'warning', 'the file starts with a UTF-8 byte-order mark; httpd on Unix reads it as part of the first directive', 0, 3);

  const stack: Section[] = [];
  const children = () => (stack.length ? stack[stack.length - 1]!.children : file.children);

  for (const line of readLines(text, bom ? 3 : 0, version)) {
    const c = line.content;
    const cs = trimStart(c);
    const ce = trimEnd(c);
    const span: LineSpan = {
      start: line.start, end: line.end, eol: line.eol, continued: line.segments !== null,
      contentStart: cs < ce ? fileOffset(line, cs) : line.start,
      contentEnd: cs < ce ? fileOffset(line, ce - 1) + 1 : line.start,
    };
    checkLine(line, span, ce - cs, diag);
    if (cs >= ce) {
      children().push({ type: 'blank', ...span });
      continue;
    }
    if (c.charCodeAt(cs) === 35 /* # */) {
      children().push({ type: 'comment', ...span });
      continue;
    }
    const words = splitWords(c, cs, ce);
    const first = words[0]!;
    const w = first.value;
    if (first.quote === null && w.startsWith('</')) {
      closeSection(w, c.slice(cs, ce), span, stack, children, diag);
    } else if (first.quote === null && w.length > 1 && w[0] === '<' && isLetter(w.charCodeAt(1))) {
      const section = openSection(line, span, first, c, ce, diag);
      children().push(section);
      stack.push(section);
    } else {
      children().push({
        type: 'directive', ...span, name: w, lname: asciiLower(w), nameEnd: fileOffset(line, first.end - 1) + 1,
        args: words.slice(1).map((x) => toArg(line, x)),
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

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function toArg(line: LogicalLine, w: Word): Arg {
  const start = fileOffset(line, w.start);
  const end = fileOffset(line, w.end - 1) + 1;
  return { value: w.value, raw: line.content.slice(w.start, w.end), start, end, quote: w.quote };
}

type Diag = (code: ParseErrorCode, severity: Severity, message: string, start: number, end: number) => void;

function checkLine(line: LogicalLine, span: LineSpan, length: number, diag: Diag): void {
  if (line.nulAt >= 0) {
    diag('NUL_BYTE', 'warning', 'NUL byte: httpd ignores the rest of this line', line.nulAt, line.nulAt + 1);
  }
  if (length > MAX_LINE) {
    diag('LONG_LINE', 'warning', `line of ${length} bytes: 2.2 splits lines over ${MAX_LINE} bytes, and 2.4 refuses them in .htaccess`, span.contentStart, span.contentEnd);
  }
  if (line.doubleBackslashAt >= 0) {
    diag('DOUBLE_BACKSLASH_EOL', 'warning', 'a line ending in \\\\ is an escaped backslash in 2.2 but joins the next line in 2.4', line.doubleBackslashAt, line.doubleBackslashAt + 2);
  }
  const cr = line.content.indexOf('\r');
  if (cr >= 0 && cr < line.content.length - 1 && line.segments === null) {
    diag('LONE_CR', 'warning', 'a carriage return that is not followed by a line feed does not end a line', line.start + cr, line.start + cr + 1);
  }
}

function openSection(line: LogicalLine, span: LineSpan, first: Word, c: string, ce: number, diag: Diag): Section {
  let name = first.value.slice(1);
  const nameHasGt = name.endsWith('>');
  if (nameHasGt) name = name.slice(0, -1);
  const gt = c.lastIndexOf('>', ce - 1);
  const argsEnd = gt >= first.end ? gt : nameHasGt ? first.end - 1 : ce;
  if (gt < 0) diag('MISSING_GT', 'error', `<${name}> directive missing closing '>'`, span.contentStart, span.contentEnd);
  const args = nameHasGt ? [] : splitWords(c, first.end, argsEnd).map((w) => toArg(line, w));
  const lname = asciiLower(name);
  if (args.length === 0 && NEEDS_ARGS.has(lname)) {
    diag('EMPTY_SECTION_ARGS', 'error', `<${name}> directive requires additional arguments`, span.contentStart, span.contentEnd);
  }
  return { type: 'section', name, lname, args, open: span, close: null, children: [], start: span.start, end: span.end };
}

function closeSection(
  word: string, trimmed: string, span: LineSpan, stack: Section[], children: () => Node[], diag: Diag,
): void {
  const hasGt = word.endsWith('>');
  const name = hasGt ? word.slice(2, -1) : word.slice(2);
  const lname = asciiLower(name);
  const depth = stack.map((s) => s.lname).lastIndexOf(lname);
  if (depth < 0) {
    const top = stack[stack.length - 1];
    const message = top ? `Expected </${top.name}> but saw </${name}>` : `</${name}> without matching <${name}> section`;
    diag(top ? 'MISMATCHED_CLOSE' : 'STRAY_CLOSE', 'error', message, span.contentStart, span.contentEnd);
    const bogus: Bogus = { type: 'bogus', ...span, reason: message };
    children().push(bogus);
    return;
  }
  while (stack.length - 1 > depth) {
    const inner = stack.pop()!;
    diag('MISMATCHED_CLOSE', 'error', `Expected </${inner.name}> but saw </${name}>`, span.contentStart, span.contentEnd);
    inner.end = lastEnd(inner);
  }
  const section = stack.pop()!;
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
