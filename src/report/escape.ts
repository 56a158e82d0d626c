/**
 * Text for a terminal: control characters in names and messages are shown, not obeyed. A file
 * name holding a newline cannot fake a line of output, nor ESC or OSC sequences clear the screen
 * or set the window title. JSON output needs none of this (JSON.stringify escapes them).
 */

/** C0 controls, DEL, C1 controls, and the bidirectional overrides that reorder what is shown. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\x1b': '\\e' };

export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => NAMED[c] ?? (c.charCodeAt(0) < 0x100 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${c.charCodeAt(0).toString(16)}`));
}
