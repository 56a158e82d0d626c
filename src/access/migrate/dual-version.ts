/**
 * Dual-version blocks: read-time conditionals (`<IfModule !mod_authz_core.c>`,
 * `<IfVersion < 2.4>`…) whose truth differs between 2.2 and 2.4 (issue item 7).
 */
import type { Directive, Node, Section } from '../../ast/nodes.js';
import { conditionHolds, type CondContext, isAccessItem, keyOf, projectModel, type Scope } from '../model/index.js';
import { COMPAT_ACCESS, isAccessLine } from '../../apache/access-directives.js';
import { condition } from '../../ast/query.js';
import { moduleOfTest } from '../../apache/conditions.js';
import { memo } from '../../ast/memo.js';
import type { Project } from '../../project/project.js';
import { placer } from './place.js';

const CONDITIONAL: ReadonlySet<string> = new Set(['ifmodule', 'ifdefine', 'ifversion']);
/** Sections whose body belongs to the section around them, as the access model reads them. */
export const TRANSPARENT: ReadonlySet<string> = new Set(['limit', 'limitexcept', 'ifmodule', 'ifdefine', 'ifversion']);

/**
 * How 2.2 and 2.4 (with mod_access_compat) read the project's conditional sections, once per project and `builtin`
 * (the `--httpd` binary's compiled-in modules, as the prover reads them: proofOptions).
 */
export function versionConds(project: Project, builtin?: readonly string[]): [CondContext, CondContext] {
  return memo(project, `dual-version:conds:${builtin?.join(',') ?? ''}`, () => [projectModel(project, '2.2').cond!, projectModel(project, '2.4', { compat: true, ...(builtin ? { builtin } : {}) }).cond!]);
}

/** 'legacy': read only by 2.2; 'modern': read only by 2.4; null: the same in both. */
export function branchKind(s: Section, c22: CondContext, c24: CondContext): 'legacy' | 'modern' | null {
  if (!CONDITIONAL.has(s.lname)) return null;
  const a = conditionHolds(s, c22);
  const b = conditionHolds(s, c24);
  if (a === b) return null;
  return a ? 'legacy' : 'modern';
}

/** True when a section body or any block inside it holds access-control lines. */
export function hasAccess(nodes: readonly Node[]): boolean {
  return nodes.some((n) => (n.type === 'directive' && isAccessLine(n.lname))
    || (n.type === 'section' && (TRANSPARENT.has(n.lname) || /^require(all|any|none)$/.test(n.lname)) && hasAccess(n.children)));
}

/**
 * The version-dependent blocks with access lines directly in a body (looking through Limit and the
 * conditionals both readings read; not into one both skip, see unreadDualBlocks).
 */
export function dualBlocks(nodes: readonly Node[], c22: CondContext, c24: CondContext): { section: Section; kind: 'legacy' | 'modern' }[] {
  return blocksIn(nodes, c22, c24, false);
}

function blocksIn(nodes: readonly Node[], c22: CondContext, c24: CondContext, intoSkipped: boolean): { section: Section; kind: 'legacy' | 'modern' }[] {
  const out: { section: Section; kind: 'legacy' | 'modern' }[] = [];
  for (const n of nodes) {
    if (n.type !== 'section' || !TRANSPARENT.has(n.lname) || (!intoSkipped && skippedByBoth(n, c22, c24))) continue;
    const kind = branchKind(n, c22, c24);
    if (kind && hasAccess(n.children)) out.push({ section: n, kind });
    else if (!kind) out.push(...blocksIn(n.children, c22, c24, intoSkipped));
  }
  return out;
}

/** Whether neither reading reads a conditional section's body. */
function skippedByBoth(s: Section, c22: CondContext, c24: CondContext): boolean {
  return CONDITIONAL.has(s.lname) && conditionHolds(s, c22) === false && conditionHolds(s, c24) === false;
}

/**
 * The conditionals of a body that both readings skip and that hold blocks written for both versions:
 * `<IfModule mod_version.c>` around `<IfVersion < 2.4>` and `<IfVersion >= 2.4>` twins, in a tree that
 * loads no mod_version. A server that loads the module, or has it built in (Debian's 2.4), reads them.
 */
export function unreadDualBlocks(nodes: readonly Node[], c22: CondContext, c24: CondContext): Section[] {
  const out: Section[] = [];
  for (const n of nodes) {
    if (n.type !== 'section' || !TRANSPARENT.has(n.lname)) continue;
    if (skippedByBoth(n, c22, c24)) {
      if (blocksIn(n.children, c22, c24, true).length) out.push(n);
    } else if (!branchKind(n, c22, c24)) out.push(...unreadDualBlocks(n.children, c22, c24));
  }
  return out;
}

/**
 * Where a section beside such unread blocks can be rewritten: the `<IfModule>` of its body that
 * both readings read and that tests the same module as every unread block, negated the other way
 * (`<IfModule !mod_version.c>` beside `<IfModule mod_version.c>`), when it holds every access line
 * the readings read. Every server reads exactly one of the two, so the rewrite stays inside it:
 * where the server reads the unread blocks instead (mod_version built in), it reads neither the
 * old lines nor the new, as before; elsewhere it reads what the prover proved. Undefined when the
 * body has no unread blocks or no such branch (the section is then left as written for both versions).
 */
export function fallbackBranch(nodes: readonly Node[], c22: CondContext, c24: CondContext): Section | undefined {
  const unread = unreadDualBlocks(nodes, c22, c24);
  if (!unread.length) return undefined;
  const read = (n: Node) => n.type === 'section' && n.lname === 'ifmodule' && conditionHolds(n, c22) === true && conditionHolds(n, c24) === true;
  const withAccess = withAccessLines(nodes).filter((n) => !unread.includes(n as Section));
  const branch = withAccess[0];
  if (withAccess.length !== 1 || !branch || branch.type !== 'section' || !read(branch)) return undefined;
  const test = condition(branch);
  const opposite = (u: Section) => nodes.includes(u) && u.lname === 'ifmodule' && moduleOfTest(condition(u).name) === moduleOfTest(test.name) && condition(u).negated !== test.negated;
  return unread.every(opposite) ? branch : undefined;
}

/**
 * The `<IfDefine !NAME>` of a body that holds every access line of it, where there is one: both models read it (no
 * start-up define is known), and the rewrite stays inside it. httpd started with `-DNAME` skips it, and then reads
 * neither the old lines nor the new, as it read none in 2.2; written outside, the new lines would apply there too.
 */
export function negatedDefineBranch(nodes: readonly Node[]): Section | undefined {
  const withAccess = withAccessLines(nodes);
  const branch = withAccess[0];
  return withAccess.length === 1 && branch?.type === 'section' && branch.lname === 'ifdefine' && condition(branch).negated ? branch : undefined;
}

/** The nodes of a body that are access lines or hold some. */
function withAccessLines(nodes: readonly Node[]): Node[] {
  return nodes.filter((n) => (n.type === 'directive' ? isAccessLine(n.lname) : n.type === 'section' && hasAccess([n])));
}

/** The nodes a section holds, or those of the .htaccess file or fragment a scope without a node stands for. */
export function bodyOf(project: Project, s: Pick<Scope, 'node' | 'path'>): readonly Node[] {
  return s.node ? s.node.children : project.byPath.get(s.path)?.ast.children ?? [];
}

/** A conditional block as written on its opening line: `<IfModule mod_authz_core.c>`. */
export function branchLabel(text: string, s: Section): string {
  return text.slice(s.open.contentStart, s.open.contentEnd);
}

/**
 * For the sections a request meets in the 2.4 reading (in order): when the last one with access
 * lines is written for 2.4 apart (`dual`: a 2.4 branch, with or without a 2.2 twin), that branch and
 * where it is, `<IfModule mod_authz_core.c> (htdocs/a/.htaccess:1)`: 2.4's answer is decided there.
 */
export function dualBranchAt(project: Project, dual: readonly Scope[], c22: CondContext, c24: CondContext): (scopes: readonly Scope[]) => string | undefined {
  const keys = new Set(dual.map(keyOf));
  const where = placer(project);
  return (scopes) => {
    const last = [...scopes].reverse().find((s) => s.items.some(isAccessItem));
    if (!last || !keys.has(keyOf(last))) return undefined;
    const branch = dualBlocks(bodyOf(project, last), c22, c24).find((b) => b.kind === 'modern')?.section;
    const text = project.byPath.get(last.path)?.ast.text;
    return branch && text !== undefined ? `${branchLabel(text, branch)} (${where(last.path, branch.start)})` : undefined;
  };
}

/** Every Order, Allow, Deny or Satisfy line inside the nodes, at any depth. */
export function compatLines(nodes: readonly Node[]): Directive[] {
  return nodes.flatMap((n) => n.type === 'directive' ? (COMPAT_ACCESS.has(n.lname) ? [n] : []) : n.type === 'section' ? compatLines(n.children) : []);
}

/**
 * `<IfDefine NAME>` blocks that hold Order/Allow/Deny/Satisfy lines and that both models skip only
 * because no `-DNAME` is known (the tree is read without start-up defines): httpd started with
 * `-DNAME` reads them, in 2.2 as in 2.4. The outermost such block of each branch.
 */
export function startupDefineBlocks(nodes: readonly Node[], conds: () => [CondContext, CondContext]): Section[] {
  const out: Section[] = [];
  for (const n of nodes) {
    if (n.type !== 'section') continue;
    const skipped = CONDITIONAL.has(n.lname) && conds().every((c) => conditionHolds(n, c) === false);
    if (!skipped) out.push(...startupDefineBlocks(n.children, conds));
    else if (n.lname === 'ifdefine' && !condition(n).negated && compatLines(n.children).length > 0) out.push(n);
  }
  return out;
}
