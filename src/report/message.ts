/**
 * A finding's message as a reader takes it in: a short headline (its first clause), then the
 * rest as paragraphs, with lists (modules, LoadModule lines, requests) broken out one item a
 * line. Rules write one plain sentence-run; this finds the structure in it, so JSON and SARIF
 * keep the message whole and only the terminal and HTML reports lay it out.
 */

import { HTTPD_RULE_ID } from './findings.js';

export interface MessageParts {
  /** The first clause, without its closing punctuation. */
  headline: string;
  /** The rest: each block is a paragraph, or a lead-in line followed by list items. */
  body: Block[];
}

export interface Block {
  text: string;
  items: string[];
}

/**
 * Offsets of the clause breaks of `s` (a `.`, `;` or `:` followed by a space or the end) that
 * stand outside brackets, backticks and double quotes. `quotes` false ignores double quotes,
 * for a message whose quotes do not pair up.
 */
function breaks(s: string, chars: string, quotes: boolean): number[] {
  const out: number[] = [];
  let depth = 0;
  let code = false;
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === BACKTICK) code = !code;
    else if (code) continue;
    else if (c === QUOTE && quotes) quoted = !quoted;
    else if (quoted) continue;
    else if (c === OPEN_PAREN || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_PAREN || c === CLOSE_BRACKET) && depth > 0) depth--;
    else if (depth === 0 && (c === DOT || c === SEMI || c === COLON) && chars.includes(s[i]!) && (i + 1 === s.length || s.charCodeAt(i + 1) === SPACE)) out.push(i);
  }
  return out;
}

/** The characters breaks() looks at, as char codes. */
const BACKTICK = 0x60, QUOTE = 0x22, OPEN_PAREN = 0x28, CLOSE_PAREN = 0x29, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d;
const DOT = 0x2e, SEMI = 0x3b, COLON = 0x3a, SPACE = 0x20;

function pairedQuotes(s: string): boolean {
  const outside = s.includes('`') ? s.replace(/`[^`]*`/g, '') : s;
  let n = 0;
  for (let i = outside.indexOf('"'); i >= 0; i = outside.indexOf('"', i + 1)) n++;
  return n % 2 === 0;
}

/** Runs of white space as one space; most messages have none to change, and are returned as they are. */
function oneSpaced(s: string): string {
  return /[^\S ]| {2}/.test(s) ? s.replace(/\s+/g, ' ') : s;
}

/** Splits at the given break offsets, dropping the break characters and the spaces after them. */
function cut(s: string, at: readonly number[], keep: boolean): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const i of at) {
    parts.push(s.slice(from, keep ? i + 1 : i).trim());
    from = i + 1;
  }
  parts.push(s.slice(from).trim());
  return parts.filter(Boolean);
}

/** A lead-in `…: a; b; c` or `…: \`a\`, \`b\`, \`c\``: the lead-in and its items, or null. */
function asList(sentence: string, quotes: boolean): Block | null {
  const colon = breaks(sentence, ':', quotes)[0];
  if (colon === undefined) return null;
  const lead = sentence.slice(0, colon + 1);
  const rest = sentence.slice(colon + 1).trim().replace(/\.$/, '');
  const semis = breaks(rest, ';', quotes);
  if (semis.length >= 1) return { text: lead, items: cut(rest, semis, false) };
  const code = /^`[^`]*`(?:,? (?:and |or )?`[^`]*`)+$/.exec(rest);
  if (code) {
    const items = rest.match(/`[^`]*`/g)!;
    if (items.length >= 3) return { text: lead, items };
  }
  return null;
}

export function splitMessage(message: string): MessageParts {
  const text = oneSpaced(message).trim();
  const quotes = pairedQuotes(text);
  const first = breaks(text, '.;:', quotes)[0];
  if (first === undefined || first + 1 >= text.length) return { headline: text.replace(/[.;:]$/, ''), body: [] };
  const headline = text.slice(0, first);
  const rest = text.slice(first + 1).trim();
  const body: Block[] = [];
  const sentences = cut(rest, breaks(rest, '.', quotes), true);
  for (const s of sentences) body.push(asList(s, quotes) ?? { text: s, items: [] });
  // Consecutive plain sentences read as one paragraph.
  const merged: Block[] = [];
  for (const b of body) {
    const last = merged[merged.length - 1];
    if (last && !last.items.length && !b.items.length) last.text += ` ${b.text}`;
    else merged.push({ ...b });
  }
  return { headline, body: merged };
}

/**
 * A finding's message in parts. httpd's own messages (--httpd) are not sentence runs: their colons
 * set httpd's context before the error ("Unknown Authz provider: usr", "AH00534: apache2:
 * Configuration error: No MPM loaded."), so the whole message is the headline.
 */
export function findingParts(message: string, ruleId: string): MessageParts {
  return ruleId === HTTPD_RULE_ID ? { headline: oneSpaced(message).trim().replace(/[.;:]$/, ''), body: [] } : splitMessage(message);
}
