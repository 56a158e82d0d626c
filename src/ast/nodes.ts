/**
 * The lossless syntax tree of one httpd configuration file.
 *
 * Every byte of the file belongs to exactly one node line, so printing the
 * nodes in order gives back the input (see print/print.ts). Offsets are
 * zero-based, half-open, and index the file's text, which is decoded as
 * Latin-1 so that one character is one byte.
 */

/** One word of a directive, as httpd's ap_getword_conf reads it. */
export interface Arg {
  /** The word after unescaping (`"a\"b"` gives `a"b`). */
  value: string;
  /** The word exactly as written, quotes included. */
  raw: string;
  /** Offset of the first byte of `raw` in the file. */
  start: number;
  /** Offset just after the last byte of `raw` in the file. */
  end: number;
  /** The quote character the word was written with, if any. */
  quote: '"' | "'" | null;
}

/**
 * One logical line: one or more physical lines joined by backslash
 * continuations. `start`..`end` covers the whole of it, indentation and
 * line ending included.
 */
export interface LineSpan {
  start: number;
  end: number;
  /** Offset of the first non-blank byte. */
  contentStart: number;
  /** Offset just after the last non-blank byte before the line ending. */
  contentEnd: number;
  /** The line ending of the last physical line: "\n", "\r\n" or "" at EOF. */
  eol: string;
  /** True when backslash continuations join several physical lines. */
  continued: boolean;
}

export interface Directive extends LineSpan {
  type: 'directive';
  /** The directive name as written (`oRdEr`). */
  name: string;
  /** The name in lower case, for lookups (`order`). */
  lname: string;
  /** Offset just after the name as written. */
  nameEnd: number;
  args: Arg[];
}

export interface Section {
  type: 'section';
  /** The section name without `<` (`Directory`, `IfModule`). */
  name: string;
  lname: string;
  /** The words between the name and the last `>` of the opening line. */
  args: Arg[];
  /** The opening line. */
  open: LineSpan;
  /** The closing line, or null when the section is never closed. */
  close: LineSpan | null;
  children: Node[];
  /** Start of the opening line. */
  start: number;
  /** End of the closing line (or of the last child when unclosed). */
  end: number;
}

export interface Comment extends LineSpan {
  type: 'comment';
}

export interface Blank extends LineSpan {
  type: 'blank';
}

/** A line that httpd would refuse to read in this place, such as a stray `</Directory>`. */
export interface Bogus extends LineSpan {
  type: 'bogus';
  reason: string;
}

export type LineNode = Directive | Comment | Blank | Bogus;
export type Node = LineNode | Section;

export type Severity = 'error' | 'warning' | 'info';

export type ParseErrorCode =
  | 'UNCLOSED_SECTION'
  | 'MISMATCHED_CLOSE'
  | 'STRAY_CLOSE'
  | 'MISSING_GT'
  | 'CLOSE_MISSING_GT'
  | 'STRICT_CLOSE'
  | 'EMPTY_SECTION_ARGS'
  | 'NUL_BYTE'
  | 'LONG_LINE'
  | 'BOM'
  | 'LONE_CR'
  | 'DOUBLE_BACKSLASH_EOL'
  | 'NESTING_DEPTH';

export interface Diagnostic {
  code: ParseErrorCode;
  severity: Severity;
  message: string;
  /** Offsets into the file's text. */
  start: number;
  end: number;
}

export interface ConfigFile {
  type: 'file';
  /** The path the file was read from, as given (may be empty). */
  path: string;
  /** The whole file, one character per byte. */
  text: string;
  /** True when the file starts with a UTF-8 byte-order mark (EF BB BF). */
  bom: boolean;
  children: Node[];
  diagnostics: Diagnostic[];
}
