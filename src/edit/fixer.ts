/**
 * Edits that rules build against the original text. New lines copy the
 * indentation and the line ending of the lines around them.
 */
import type { Arg, ConfigFile, Directive, LineSpan, Section } from '../ast/nodes.js';
import type { Edit } from './edit.js';

/** The file's line ending: that of its first line, or LF. */
export function eolOf(file: ConfigFile): string {
  const nl = file.text.indexOf('\n');
  return nl > 0 && file.text[nl - 1] === '\r' ? '\r\n' : '\n';
}

/** The indentation before a line's content. */
export function indentOf(file: ConfigFile, line: LineSpan): string {
  return /^[ \t]*/.exec(file.text.slice(line.start, line.contentStart))![0];
}

/** The indentation one level deeper than `line`, in the file's own style. */
export function childIndent(file: ConfigFile, section: Section): string {
  const base = indentOf(file, section.open);
  for (const child of section.children) {
    if (child.type === 'blank' || child.type === 'section') continue;
    const ind = indentOf(file, child);
    if (ind.length > base.length && ind.startsWith(base)) return ind;
  }
  return base + (base.includes('\t') ? '\t' : '    ');
}

/** Replaces a line's content, keeping its indentation and line ending. */
export function replaceContent(line: LineSpan, text: string): Edit {
  return { start: line.contentStart, end: line.contentEnd, text };
}

/** Renames a directive, keeping its arguments as written. */
export function renameDirective(d: Directive, name: string): Edit {
  return { start: d.contentStart, end: d.nameEnd, text: name };
}

/** Replaces one argument, keeping everything around it. */
export function replaceArg(arg: Arg, text: string): Edit {
  return { start: arg.start, end: arg.end, text };
}

/** Removes a whole logical line, its indentation and line ending included. */
export function removeLine(file: ConfigFile, line: LineSpan): Edit {
  if (line.eol === '' && line.start > 0) {
    // The last line has no line ending: take the one before it instead, so no blank line is left.
    const prevEol = file.text[line.start - 2] === '\r' ? 2 : 1;
    return { start: line.start - prevEol, end: line.end, text: '' };
  }
  return { start: line.start, end: line.end, text: '' };
}

/** Replaces whole lines with new lines at `indent` (default: the first line's). */
export function replaceLines(file: ConfigFile, first: LineSpan, last: LineSpan, lines: string[], indent?: string): Edit {
  const ind = indent ?? indentOf(file, first);
  const eol = last.eol || eolOf(file);
  const body = lines.map((l) => (l === '' ? '' : ind + l)).join(eol);
  return { start: first.start, end: last.end, text: lines.length ? body + (last.eol === '' ? '' : eol) : '' };
}

/** Inserts new lines before a line, at its indentation (or `indent`). */
export function insertLinesBefore(file: ConfigFile, line: LineSpan, lines: string[], indent?: string): Edit {
  const ind = indent ?? indentOf(file, line);
  const eol = line.eol || eolOf(file);
  return { start: line.start, end: line.start, text: lines.map((l) => ind + l + eol).join('') };
}

/** Inserts new lines after a line, at its indentation (or `indent`). */
export function insertLinesAfter(file: ConfigFile, line: LineSpan, lines: string[], indent?: string): Edit {
  const ind = indent ?? indentOf(file, line);
  const eol = line.eol || eolOf(file);
  const text = lines.map((l) => ind + l).join(eol);
  return line.eol === '' ? { start: line.end, end: line.end, text: eol + text } : { start: line.end, end: line.end, text: text + eol };
}

/** Inserts lines as the first children of a section, one level deeper. */
export function insertIntoSection(file: ConfigFile, section: Section, lines: string[]): Edit {
  return insertLinesAfter(file, section.open, lines, childIndent(file, section));
}

/**
 * Appends lines at the end of a file, starting on a new line. A file whose last line has no line ending
 * keeps none: the lines go before the end, each after a line ending. So several such edits at the end,
 * applied together (a machine format's suggestions), give one line each and no blank line between.
 */
export function appendLines(file: ConfigFile, lines: string[]): Edit {
  const eol = eolOf(file);
  const text = file.text;
  const open = text.length > 0 && !text.endsWith('\n');
  return { start: text.length, end: text.length, text: open ? lines.map((l) => eol + l).join('') : lines.map((l) => l + eol).join('') };
}
