/** Shared bits of the project-loader tests: the fixture root, temp dirs, and compact views of a Project. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach } from 'vitest';
import { LineCounter } from '../../src/parse/line-counter.js';
import type { Project } from '../../src/project/project.js';

export const FIX = resolve(import.meta.dirname, '../../fixtures/_includes');

/** A fresh temp dir, removed after the current test. */
export function useTemp(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const t of made.splice(0)) rmSync(t, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'httpd-migrate-load-'));
    made.push(dir);
    return dir;
  };
}

/** The files as shown to users, in reading order. */
export function shown(p: Project): string[] {
  return p.files.map((f) => f.display);
}

/** Each diagnostic as `file:line`, its code, severity, the text it points at, and its message. */
export function diags(p: Project): { at: string; code: string; severity: string; text: string; message: string }[] {
  return p.diagnostics.map((d) => {
    const file = p.byPath.get(d.path);
    const text = file?.ast.text ?? '';
    const line = file ? new LineCounter(text).position(d.start).line : 0;
    return { at: `${file?.display ?? d.path}:${line}`, code: d.code, severity: d.severity, text: text.slice(d.start, d.end), message: d.message };
  });
}

/** Each include site as `from:line`, its context, and the files it pulled in (shown paths). */
export function sites(p: Project): { at: string; context: string[]; files: string[] }[] {
  return p.includes.map((s) => {
    const from = p.byPath.get(s.from)!;
    return {
      at: `${from.display}:${new LineCounter(from.ast.text).position(s.directive.start).line}`,
      context: s.context,
      files: s.files.map((f) => p.byPath.get(f)?.display ?? `MISSING ${f}`),
    };
  });
}
