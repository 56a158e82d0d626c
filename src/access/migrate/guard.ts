/**
 * accessGuard: the engine's FixGuard for access rules. Before a fix of a rule
 * with meta.access is applied, the file is re-read with every access fix of
 * this pass applied, as 2.4, and compared on the representative requests with
 * what the prover established, in every pass. (A later pass, where another
 * rule's line took the first, once compared with the file as it stood, read by
 * 2.4 with mod_access_compat: where that answers otherwise than 2.2, as when it
 * refuses an inline comment, a proven rewrite was vetoed, and a second run made
 * it.) A fix whose section shows a difference is vetoed with the
 * first differing request in words. When the edited file reads to exactly the
 * sections the reference holds (splice.ts readsTheSame), no request can differ,
 * and the comparison is skipped.
 */
import type { ConfigFile, Section } from '../../ast/nodes.js';
import { applyEdits, type Edit } from '../../edit/edit.js';
import type { FixGroup, FixGuard } from '../../engine/fix-loop.js';
import { reparse } from '../../engine/reparse.js';
import type { Problem, Rule, RuleOptions } from '../../engine/rule.js';
import type { Project } from '../../project/project.js';
import { decide, describeDifference, eachRepresentative } from '../compare/index.js';
import { htaccessDir, type Item, keyOf, type Model, type Scope } from '../model/index.js';
import { applicableScopes } from '../decide/index.js';
import { contextsOf, proveProject } from './prove.js';
import { migratedReading } from './migrated-reading.js';
import { withItems } from './with-items.js';
import { htaccessAlone, readAlone, readsTheSame, spliceFile, spliceable, vhostsNamedAlike } from './splice.js';
import { sectionKeys } from './file-verdicts.js';

export interface GuardOptions extends RuleOptions {
  /** The access rules whose fixes need proof (those with meta.access). */
  rules: readonly Rule[];
}

interface Check {
  /** Key of each section that shows a difference, with the first differing request. */
  failures: Map<string, string>;
  /** Set when the check itself failed: every access fix of the file is then vetoed. */
  error?: string;
}

/** The key of the innermost scope section holding a problem ('\0file' outside them): what a veto names. */
function problemKey(project: Project, file: ConfigFile, problem: Problem): string {
  // Section keys by node, shared by the original and edited copies of a file (in document order, outer first).
  const keys = sectionKeys(project.cache, file);
  let best: Section | null = null;
  for (const s of keys.keys()) if (s.start <= problem.start && problem.start < s.end) best = s;
  return best ? keys.get(best)! : '\0file';
}

export function accessGuard(project: Project, options: GuardOptions): FixGuard {
  const ids = new Set(options.rules.filter((r) => r.meta.access).map((r) => r.meta.id));
  const cache = new WeakMap<ConfigFile, Check>();
  const runCache = options.runCache ?? project.cache;
  return (file: ConfigFile, problem: Problem, _edits: readonly Edit[], pass: readonly FixGroup[]): Problem | null => {
    if (!ids.has(problem.ruleId)) return null;
    let check = cache.get(file);
    if (!check) {
      try {
        check = checkFile(project, file, (text, path) => reparse(runCache, text, path), pass.filter((g) => ids.has(g.problem.ruleId)));
      } catch (e) {
        check = { failures: new Map(), error: (e as Error).message };
      }
      cache.set(file, check);
    }
    if (check.error !== undefined) {
      return { ...problem, fix: undefined, suggestion: undefined, severity: 'error', message: `The rewrite was not applied because the re-check failed (internal: ${check.error}). ${problem.message}` };
    }
    if (!check.failures.size) return null;
    const why = check.failures.get(problemKey(project, file, problem));
    if (!why) return null;
    return { ...problem, fix: undefined, suggestion: undefined, severity: 'error', message: `The rewrite was not applied because the re-check of the edited file found a difference: ${why}. ${problem.message}` };
  };
}

/**
 * The other files' sections with the items the reference gives them (their own rewrites, proven together). A section
 * the reference holds with errors is one it kept as written (a rewrite's copy has none): this reading of the same text
 * already has those items and errors, and a copy would drop the errors, so a .htaccess 2.4 fails on (an
 * AuthzGroupFileAuthoritative line) would answer here and differ from the reference on requests the file checked
 * never sees (second-run seed 129000904).
 */
function asProven(model: Model, reference: Model, path: string): Model {
  const byKey = new Map(reference.scopes.map((s) => [keyOf(s), s]));
  const items = new Map<Scope, Item[]>();
  for (const s of model.scopes) {
    if (s.path === path) continue;
    const r = byKey.get(keyOf(s));
    if (r && r.items !== s.items && !r.errors.length) items.set(s, r.items);
  }
  return withItems(model, items);
}

/**
 * Checks the file with the access fixes of this pass applied. A section that shows a difference is vetoed, and the
 * file is checked again with the fixes left: those were proven together with the vetoed one, and one may hold only
 * beside it (a <Directory sub> rewritten to Require all granted, under a <Directory> whose Deny line stays, inherits
 * that Deny from mod_access_compat where its own Allow list had replaced it). So every fix that goes through was
 * checked with exactly the others that go through.
 */
function checkFile(project: Project, file: ConfigFile, reparse: (text: string, path: string) => ConfigFile, groups: readonly FixGroup[]): Check {
  const failures = differences(project, file, reparse, groups.flatMap((g) => g.edits));
  // The usual case: nothing differs, and no fix needs its section's key (a file of 20,000 sections has as many fixes).
  if (!failures.size) return { failures };
  const keyed = groups.map((g) => ({ key: problemKey(project, file, g.problem), edits: g.edits }));
  let left = keyed.length;
  for (;;) {
    const kept = keyed.filter((g) => !failures.has(g.key));
    if (!kept.length || kept.length === left) return { failures };
    left = kept.length;
    for (const [k, why] of differences(project, file, reparse, kept.flatMap((g) => g.edits))) if (!failures.has(k)) failures.set(k, why);
  }
}

/** Key of each of the file's sections that answers a request otherwise than the proof, with the first such request. */
function differences(project: Project, file: ConfigFile, reparse: (text: string, path: string) => ConfigFile, edits: readonly Edit[]): Map<string, string> {
  const edited = reparse(applyEdits(file.text, edits), file.path);
  const reference: Model = proveProject(project).after;
  const failures = new Map<string, string>();
  const splice = spliceable(project, file.path);
  const hasConf = () => project.files.some((f) => f.kind === 'conf' && f.readError === undefined);
  const alone = splice ? readAlone(reference, edited)
    : htaccessAlone(project, file.path) ? readAlone(reference, edited, htaccessDir(file.path, hasConf())) : null;
  const part = alone && vhostsNamedAlike(reference, alone) ? alone : null;
  // The usual case: the edited file reads to exactly the sections the prover established.
  if (part && readsTheSame(reference, part, file.path)) return failures;
  const after = splice && part
    ? spliceFile(reference, edited, part)
    : asProven(migratedReading(project, {}, new Map([[file.path, edited]])), reference, file.path);
  const own = after.scopes.filter((s) => s.path === file.path);
  if (!own.length) return failures;
  const editedKeys = sectionKeys(project.cache, edited);
  const keyOfScope = (s: Scope) => (s.node ? editedKeys.get(s.node) ?? '\0file' : '\0file');
  eachRepresentative([reference, after], contextsOf(own, [reference, after]), (r) => {
    const a = decide(after, r);
    const b = decide(reference, r);
    if (a.status === b.status) return;
    const blame = [...applicableScopes(after, r)].reverse().find((s) => s.path === file.path);
    const k = blame ? keyOfScope(blame) : '\0file';
    if (!failures.has(k)) failures.set(k, describeDifference({ request: r, before: b, after: a }));
  });
  return failures;
}
