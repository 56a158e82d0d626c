/**
 * SARIF 2.1.0 output (GitHub code scanning, Azure DevOps, VS Code's SARIF viewer): one run whose
 * driver lists every rule with its doc and upgrade-notes row, and one result per finding with its
 * region and, where `write` would fix it, the replacement as a `fix`.
 */
import { pathToFileURL } from 'node:url';
import { isAbsolute } from 'node:path';
import type { Severity } from '../ast/nodes.js';
import type { Rule } from '../engine/rule.js';
import { UNUSED_DIRECTIVE } from '../engine/suppressions.js';
import type { FileReport, Finding, FindingEdit } from './findings.js';
import { packageVersion } from '../package.js';
import { ruleDoc } from './rule-docs.js';
import { LineCounter } from '../parse/line-counter.js';
import { type Sink, writeJson } from './sink.js';

export interface SarifOptions {
  /** Paths in findings are relative to this directory, which becomes the SRCROOT base. */
  cwd: string;
  rules: readonly Rule[];
  /** The text a finding's line and column point into, by the finding's path (one character per byte), to count columns in code points. */
  textOf?: (path: string) => string | undefined;
}

/**
 * SARIF counts columns in Unicode code points (columnKind below), where findings count bytes: a
 * column moves back by the bytes of each UTF-8 character before it on its line (each byte that
 * is not valid UTF-8 counts as one).
 */
function codePointColumns(textOf: SarifOptions['textOf']): (path: string, line: number, col: number) => number {
  const files = new Map<string, { text: string; lines: LineCounter } | null>();
  return (path, line, col) => {
    let file = files.get(path);
    if (file === undefined) {
      const text = textOf?.(path);
      files.set(path, (file = text === undefined ? null : { text, lines: new LineCounter(text) }));
    }
    const start = file?.lines.lineStart(line);
    if (!file || start === null || start === undefined) return col;
    const prefix = file.text.slice(start, start + col - 1);
    if (!/[\x80-\xff]/.test(prefix)) return col;
    return [...new TextDecoder().decode(Buffer.from(prefix, 'latin1'))].length + 1;
  };
}

/** Findings that come from the input rather than from a rule. */
const PSEUDO_RULES: Record<string, string> = {
  syntax: 'The file has a syntax error httpd would reject.',
  include: 'An Include, a ServerRoot or a named path could not be followed.',
  io: 'The file could not be read or written.',
  httpd: 'The httpd binary given with --httpd rejects the migrated tree.',
  [UNUSED_DIRECTIVE]: 'An httpd-migrate-disable comment suppresses nothing.',
};

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** A path as a URI reference: relative ones against SRCROOT, absolute ones as file: URLs. */
function uriOf(path: string): { uri: string; uriBaseId?: string } {
  if (isAbsolute(path)) return { uri: pathToFileURL(path).href };
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
}

/** Replacement text: as text when it is ASCII, else as the file's own bytes (Latin-1 characters are bytes). */
function content(text: string): { text: string } | { binary: string } {
  return /^[\x00-\x7f]*$/.test(text) ? { text } : { binary: Buffer.from(text, 'latin1').toString('base64') };
}

function fixOf(f: Finding, edits: FindingEdit[], description: string) {
  return {
    description: { text: description },
    artifactChanges: [{
      artifactLocation: uriOf(f.path),
      replacements: edits.map((e) => ({
        deletedRegion: { byteOffset: e.range[0], byteLength: e.range[1] - e.range[0] },
        insertedContent: content(e.text),
      })),
    }],
  };
}

export function sarifReport(out: Sink, reports: readonly FileReport[], options: SarifOptions): void {
  const descriptors = options.rules.map((r) => {
    const doc = ruleDoc(r.meta.id);
    return {
      id: r.meta.id,
      shortDescription: { text: r.meta.description },
      fullDescription: { text: `${r.meta.description} Upgrade notes: ${r.meta.row}` },
      help: { text: doc ?? r.meta.description, ...(doc ? { markdown: doc } : {}) },
      defaultConfiguration: { level: r.meta.kind === 'fix' ? 'error' : 'warning' },
      properties: { kind: r.meta.kind, upgradeNotesRow: r.meta.row, tags: r.meta.access ? ['access-control'] : [] },
    };
  });
  const index = new Map(descriptors.map((d, i) => [d.id, i]));
  const descriptor = (id: string) => {
    let i = index.get(id);
    if (i === undefined) {
      const text = PSEUDO_RULES[id] ?? id;
      i = descriptors.push({
        id, shortDescription: { text }, fullDescription: { text }, help: { text },
        defaultConfiguration: { level: 'error' }, properties: { kind: 'report', upgradeNotesRow: '', tags: ['input'] },
      }) - 1;
      index.set(id, i);
    }
    return i;
  };
  const column = codePointColumns(options.textOf);
  const results = reports.flatMap((r) => r.findings.map((f) => {
    const fixes = [
      ...(f.fix ? [fixOf(f, f.fix, `httpd-migrate write: ${f.message}`)] : []),
      ...(f.suggestion ? [fixOf(f, f.suggestion, `httpd-migrate write --apply-suggestions=${f.ruleId}: ${f.message}`)] : []),
    ];
    return {
      ruleId: f.ruleId,
      ruleIndex: descriptor(f.ruleId),
      level: LEVEL[f.severity],
      message: { text: f.message },
      locations: [{
        physicalLocation: {
          artifactLocation: uriOf(f.path),
          region: { startLine: f.line, startColumn: column(f.path, f.line, f.col), endLine: f.endLine, endColumn: column(f.path, f.endLine, f.endCol) },
        },
      }],
      ...(fixes.length ? { fixes } : {}),
      properties: { fixable: f.fixable },
    };
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'httpd-migrate', version: packageVersion(), semanticVersion: packageVersion(), rules: descriptors } },
      originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(options.cwd.endsWith('/') ? options.cwd : `${options.cwd}/`).href } },
      // Columns count code points of the UTF-8 text (codePointColumns), not the bytes the other formats count.
      columnKind: 'unicodeCodePoints',
      results,
    }],
  };
  // Pieces down to the members of each result (each member's value is written whole), and to the help text and
  // markdown of each rule: prefer-require's doc is 26 KB, written twice, and whole its descriptor made a chunk of 100 KB.
  writeJson(out, log, 8);
  out('\n');
}
