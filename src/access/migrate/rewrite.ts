/**
 * The text edits of one section's rewrite: the new Require tree goes where
 * the first access directive was, every Order/Allow/Deny/Satisfy/Require and
 * Authz*Authoritative line goes, and <Limit> blocks left empty go too.
 * Comments stay where they are.
 */
import type { ConfigFile, Directive, LineSpan, Node, Section } from '../../ast/nodes.js';
import type { Edit } from '../../edit/edit.js';
import { eolOf, indentOf, insertLinesAfter, removeLine } from '../../edit/fixer.js';
import { isAccessLine } from '../../apache/access-directives.js';
import { TRANSPARENT } from './dual-version.js';

/** Require containers go whole: the new tree replaces them. */
const CONTAINER = /^require(all|any|none)$/;

export function isAccessDirective(n: Node): n is Directive {
  return n.type === 'directive' && isAccessLine(n.lname);
}

/** A section whose whole content is access directives and blank lines (so it can go with them). */
/** Whether a read-time conditional's body is read (true for other sections). */
export type Live = (s: Section) => boolean;
const always: Live = () => true;

function removable(n: Node, live: Live): boolean {
  if (n.type === 'blank') return true;
  if (isAccessDirective(n)) return true;
  if (n.type === 'section' && CONTAINER.test(n.lname)) return true;
  if (n.type === 'section' && TRANSPARENT.has(n.lname) && live(n)) return n.children.some((c) => c.type !== 'blank') && n.children.every((c) => removable(c, live));
  return false;
}

/** The access directives of a body, looking through Limit and read-time conditionals but not into nested sections. */
export function accessDirectives(nodes: readonly Node[], live: Live = always): Directive[] {
  const out: Directive[] = [];
  for (const n of nodes) {
    if (isAccessDirective(n)) out.push(n);
    else if (n.type === 'section' && ((TRANSPARENT.has(n.lname) && live(n)) || CONTAINER.test(n.lname))) out.push(...accessDirectives(n.children, live));
  }
  return out;
}

function span(n: Node): LineSpan {
  if (n.type !== 'section') return n;
  const last = n.close ?? n.open;
  return { start: n.start, end: n.end, contentStart: n.open.contentStart, contentEnd: last.contentEnd, eol: last.eol, continued: false };
}

function removeNode(file: ConfigFile, n: Node): Edit {
  return removeLine(file, span(n));
}

function removals(file: ConfigFile, nodes: readonly Node[], out: Edit[], live: Live): void {
  for (const n of nodes) {
    if (n.type === 'blank') continue;
    if (removable(n, live)) out.push(removeNode(file, n));
    else if (n.type === 'section' && TRANSPARENT.has(n.lname) && live(n)) removals(file, n.children, out, live);
  }
}

/** Edits that replace a body's access directives with `lines` (indented like the body). */
export function rewriteEdits(file: ConfigFile, body: readonly Node[], lines: readonly string[], live: Live = always): Edit[] {
  const anchor = body.find((n) => n.type !== 'blank' && (isAccessDirective(n) || (n.type === 'section' && (CONTAINER.test(n.lname) || TRANSPARENT.has(n.lname)) && accessDirectives([n], live).length > 0)));
  if (!anchor) {
    // A body with no access line (AuthType alone): the lines go after its AuthType line.
    const auth = authTypeLine(body);
    return auth ? [insertLinesAfter(file, auth, [...lines])] : [];
  }
  const indent = indentOf(file, span(anchor));
  const eol = span(anchor).eol || eolOf(file);
  // No lines (an access block that never took effect): the old lines go and nothing takes their place.
  const text = lines.length ? lines.map((l) => indent + l).join(eol) + eol : '';
  const edits: Edit[] = [];
  removals(file, body, edits, live);
  // The anchor's own removal: at its start, or (a last line or block without a line ending) from the line ending before it.
  const anchorRemoved = edits.find((e) => e.start === anchor.start || (e.start <= anchor.start && e.end >= span(anchor).end));
  if (anchorRemoved && anchorRemoved.text === '' && anchorRemoved.start === span(anchor).start) {
    // The tree ends the file when the removal of a last line without a line ending (which takes the
    // line ending before it) meets the anchor's: the file keeps ending without one, as it did.
    const endsFile = !/[\r\n]$/.test(file.text) && edits.some((e) => e !== anchorRemoved && e.text === '' && e.end === file.text.length && e.start <= anchorRemoved.end);
    anchorRemoved.text = endsFile ? text.slice(0, -eol.length) : text;
  } else if (anchorRemoved && lines.length) {
    // The anchor was the last line without a line ending: put the tree in its place.
    anchorRemoved.text = eol + lines.map((l) => indent + l).join(eol);
  } else if (!anchorRemoved && text) {
    edits.push({ start: span(anchor).start, end: span(anchor).start, text });
  }
  return edits;
}

/** A body's own AuthType line, if any. */
export function authTypeLine(body: readonly Node[]): Directive | undefined {
  return body.find((n): n is Directive => n.type === 'directive' && n.lname === 'authtype');
}

/** The lines of the access directives as written (to tell whether a rewrite changes anything). */
export function currentAccessText(file: ConfigFile, body: readonly Node[], live: Live = always): string[] {
  return accessDirectives(body, live).map((d) => file.text.slice(d.contentStart, d.contentEnd));
}

/** Whether a rewrite's `lines` (indented as a translation) are the access lines `current` as written: no edit to make. */
export function sameAccessText(current: readonly string[], lines: readonly string[]): boolean {
  return current.length === lines.length && current.every((l, i) => l === lines[i]!.trim());
}

export type { Section };
