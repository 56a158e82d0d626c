/**
 * Dual-version blocks: read-time conditionals (`<IfModule !mod_authz_core.c>`,
 * `<IfVersion < 2.4>`…) whose truth differs between 2.2 and 2.4 (issue item 7).
 */
import type { Directive, Node, Section } from '../../ast/nodes.js';
import { conditionHolds, type CondContext, isAccessItem, keyOf, projectModel, type Scope } from '../model/index.js';
import { COMPAT_ACCESS, isAccessLine } from '../../apache/access-directives.js';
import { condition } from '../../ast/query.js';
import { memo } from '../../ast/memo.js';
import type { Project } from '../../project/project.js';
import { placer } from './place.js';

const CONDITIONAL: ReadonlySet<string> = new Set(['ifmodule', 'ifdefine', 'ifversion']);
/** Sections whose body belongs to the section around them, as the access model reads them. */
export const TRANSPARENT: ReadonlySet<string> = new Set(['limit', 'limitexcept', 'ifmodule', 'ifdefine', 'ifversion']);

/** How 2.2 and 2.4 (with mod_access_compat) read the project's conditional sections, once per project. */
export function versionConds(project: Project): [CondContext, CondContext] {
  return memo(project, 'dual-version:conds', () => [projectModel(project, '2.2').cond!, projectModel(project, '2.4', { compat: true }).cond!]);
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

/** The version-dependent blocks with access lines directly in a body (looking through Limit and conditionals). */
export function dualBlocks(nodes: readonly Node[], c22: CondContext, c24: CondContext): { section: Section; kind: 'legacy' | 'modern' }[] {
  const out: { section: Section; kind: 'legacy' | 'modern' }[] = [];
  for (const n of nodes) {
    if (n.type !== 'section' || !TRANSPARENT.has(n.lname)) continue;
    const kind = branchKind(n, c22, c24);
    if (kind && hasAccess(n.children)) out.push({ section: n, kind });
    else if (!kind) out.push(...dualBlocks(n.children, c22, c24));
  }
  return out;
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
