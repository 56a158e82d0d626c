/**
 * Text for a terminal: control characters in names and messages are shown, not obeyed. A file
 * name holding a newline cannot fake a line of output, nor ESC or OSC sequences clear the screen
 * or set the window title. JSON output needs none of this (JSON.stringify escapes them).
 */

/** C0 controls, DEL, C1 controls, and the bidirectional overrides that reorder what is shown. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\x1b': '\\e' };

/** `text` with its control characters shown as `\n`, `\e`, `\x07`…, but those in `keep` (a caller that escapes them its own way). */
export function escapeControls(text: string, keep = ''): string {
  return text.replace(CONTROL, (c) => (keep.includes(c) ? c : NAMED[c] ?? (c.charCodeAt(0) < 0x100 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${c.charCodeAt(0).toString(16)}`)));
}

/**
 * Text a rule took from a file, inside a message, as people read it: files are read one character
 * per byte (Latin-1), so a UTF-8 `é` arrives as the two characters `Ã©`. Each run of such
 * characters that is valid UTF-8 becomes what it spells; any other run (a Latin-1 file's `é`, a
 * byte that is no UTF-8) stays as it is.
 */
export function readableText(text: string): string {
  if (!HIGH.test(text)) return text;
  return text.replace(HIGH_RUNS, (run) => {
    try {
      return UTF8.decode(Buffer.from(run, 'latin1'));
    } catch {
      return run;
    }
  });
}

const HIGH = /[\u0080-\u00ff]/;
const HIGH_RUNS = /[\u0080-\u00ff]+/g;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A word as a shell reads it back unchanged: bare, in single quotes, or, with a control character
 * (a newline in a file name), in $'…' with C escapes, which bash, zsh and ksh read.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(word)) {
    return `$'${word.replace(/[\\']/g, '\\$&').replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}'`;
  }
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
