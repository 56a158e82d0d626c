/** What prefer-require needs per file: the project proof, and the sections of this file with their verdicts. */
import type { ConfigFile, Section } from '../../ast/nodes.js';
import { walk } from '../../ast/walk.js';
import { kindOf, projectOf, type Project } from '../../project/project.js';
import { cacheSlot, type RunCache } from '../../project/run-cache.js';
import { proveProject, type ProjectProof, type Verdict } from './prove.js';
import type { ModelOptions } from '../model/index.js';
import type { RuleOptions } from '../../engine/rule.js';
import { keptLines } from '../../diff/line-patch.js';
import { LineCounter } from '../../parse/line-counter.js';

/**
 * The readings the proof takes from a run's options: `--modules` (the modules to assume) and the `--httpd` binary's
 * compiled-in modules. Every rule that asks for the proof passes them, as the first one to ask computes it.
 */
export function proofOptions(options: RuleOptions): ModelOptions {
  const modules = options['modules'] as string[] | undefined;
  return { ...(modules ? { modules } : {}), ...(options.builtin ? { builtin: options.builtin } : {}) };
}

const SCOPE = /^(directory|directorymatch|files|filesmatch|location|locationmatch|proxy|proxymatch)$/;

const SECTION_KEYS = cacheSlot('access section keys, per file', () => new WeakMap<ConfigFile, Map<Section, string>>());

/**
 * A stable key for each access section of a file across passes of the fix loop: its opening line
 * and how many identical ones precede it. Shared by the rule and the guard (guard.ts).
 */
export function sectionKeys(cache: RunCache, file: ConfigFile): Map<Section, string> {
  const keyCache = cache.get(SECTION_KEYS);
  let hit = keyCache.get(file);
  if (hit) return hit;
  const seen = new Map<string, number>();
  hit = new Map<Section, string>();
  const out = hit;
  walk(file, {
    enter: (s) => {
      if (!SCOPE.test(s.lname)) return;
      const open = file.text.slice(s.open.contentStart, s.open.contentEnd);
      const n = (seen.get(open) ?? 0) + 1;
      seen.set(open, n);
      out.set(s, `${open}\0${n}`);
    },
  });
  keyCache.set(file, out);
  return out;
}

/**
 * Each access section of `file`, a later pass's re-parse, as the section of `loaded` (the file as
 * the project read it, which the prover keys) at the same place (sectionKeys).
 */
export function loadedSections(cache: RunCache, loaded: ConfigFile, file: ConfigFile): Map<Section, Section> {
  const byKey = new Map<string, Section>();
  for (const [s, key] of sectionKeys(cache, loaded)) byKey.set(key, s);
  const out = new Map<Section, Section>();
  for (const [s, key] of sectionKeys(cache, file)) { const orig = byKey.get(key); if (orig) out.set(s, orig); }
  return out;
}

/**
 * Each `<IfModule>` of `file`, a later pass's re-parse, as the loaded file's block whose opening line the change kept
 * (a line diff of the two texts). Not by its opening line and how many such precede it, as sectionKeys does: a rewrite
 * removes such blocks (a `<IfModule !mod_version.c>` holding only `Satisfy All`), and the count then named a later
 * block as the one before it (found by a hunt: the other build's error for one block went to the next).
 */
export function loadedIfModules(loaded: ConfigFile, file: ConfigFile): Map<Section, Section> {
  const lineOf = (text: string) => {
    const lines = new LineCounter(text);
    return (offset: number) => lines.position(offset).line - 1;
  };
  const blocks = (f: ConfigFile) => {
    const out: Section[] = [];
    walk(f, { enter: (s) => { if (s.lname === 'ifmodule') out.push(s); } });
    return out;
  };
  const oldLine = lineOf(loaded.text);
  const byLine = new Map(blocks(loaded).map((s) => [oldLine(s.start), s]));
  const kept = keptLines(loaded.text, file.text);
  const newLine = lineOf(file.text);
  const out = new Map<Section, Section>();
  for (const s of blocks(file)) {
    const was = kept.get(newLine(s.start));
    const orig = was === undefined ? undefined : byLine.get(was);
    if (orig) out.set(s, orig);
  }
  return out;
}

export interface FileVerdicts {
  proof: ProjectProof;
  /** True when `file` is the project's own copy (first pass of the fix loop). */
  original: boolean;
  /** Verdicts by section of `file` (null key: the file itself, for .htaccess and fragments). */
  sections: Map<Section | null, Verdict>;
}

/** The verdicts for the sections of one file, mapped onto `file` even when it is a later pass's re-parse. */
export function fileVerdicts(project: Project, file: ConfigFile, opts: ModelOptions = {}): FileVerdicts {
  const own = project.byPath.get(file.path);
  const proj = own ? project : projectOf([{ path: file.path, display: file.path, kind: kindOf(file.path), ast: file }]);
  const origAst = proj.byPath.get(file.path)!.ast;
  const proof = proveProject(proj, opts);
  const original = origAst === file;
  const sections = new Map<Section | null, Verdict>();
  const fileVerdict = proof.verdicts.get(file.path);
  if (fileVerdict && fileVerdict.scope.node === null) sections.set(null, fileVerdict);
  if (original) {
    for (const v of proof.byFile.get(file.path) ?? []) if (v.scope.node) sections.set(v.scope.node, v);
  } else {
    if (!proof.byFile.get(file.path)?.length) return { proof, original, sections };
    for (const [s, orig] of loadedSections(project.cache, origAst, file)) { const v = proof.verdicts.get(orig); if (v) sections.set(s, v); }
  }
  return { proof, original, sections };
}
