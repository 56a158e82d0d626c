/**
 * Translating a section of a tree that already mixes 2.4 Require lines with
 * mod_access_compat lines (semantics §3.5): its effective 2.4 state is the
 * compat record (host rules and Satisfy) combined with the merged Require tree,
 * which becomes one complete Require tree.
 */
import type { AuthzNode, Mask } from '../model/index.js';
import { applies, type Merged, satisfyFor } from '../decide/index.js';
import { confWord } from '../../parse/words.js';
import { anyOf, byMethodClass, DENIED, GRANTED, hostTree, Untranslatable, type Out } from './translate.js';

function collectMasks(n: AuthzNode | null, into: Set<string>): void {
  if (!n) return;
  if (n.mask) n.mask.methods.forEach((x) => into.add(x));
  if (n.kind === 'container') n.children.forEach((c) => collectMasks(c, into));
}

function line(n: Extract<AuthzNode, { kind: 'provider' }>): Out {
  if (n.name === 'all' && !n.negate) return n.args.join(' ').toLowerCase() === 'granted' ? GRANTED : DENIED;
  // Each word as ap_getword_conf reads it back ("john smith" quoted); an expression is read as the rest of the line.
  const args = n.name.toLowerCase() === 'expr' ? n.args : n.args.map(confWord);
  return { t: 'line', text: ['Require', ...(n.negate ? ['not'] : []), n.name, ...args].join(' ') };
}

/**
 * The tree for one method as printable lines, or 'granted' / 'neutral' where a
 * part does not apply to the method (apply_authz_sections: GRANTED under AND,
 * NEUTRAL under OR).
 */
function forMethod(n: AuthzNode, method: string, parentAnd: boolean): Out | 'granted' | 'neutral' {
  if (!applies(n.mask as Mask, method)) return parentAnd ? 'granted' : 'neutral';
  if (n.kind === 'provider') return line(n);
  if (n.negate && n.op === 'and') throw new Untranslatable('a negated <RequireAll> cannot be written back');
  const kids: Out[] = [];
  for (const c of n.children) {
    const o = forMethod(c, method, n.op === 'and');
    if (o === 'granted' || o === 'neutral') continue;
    kids.push(o);
  }
  if (!kids.length) return n.op === 'and' && !n.negate ? 'granted' : 'neutral';
  if (n.negate) return { t: 'none', children: kids };
  if (n.op === 'and') return kids.length === 1 ? kids[0]! : { t: 'all', children: kids };
  return anyOf(kids);
}

/** The complete tree for a section of a mixed tree, per method class. */
export function translateMixedState(m: Merged, unit: string): string[] {
  const methods = new Set<string>();
  for (const it of m.host ?? []) if (it.mask) it.mask.methods.forEach((x: string) => methods.add(x));
  collectMasks(m.tree, methods);
  return byMethodClass([...methods], (meth) => {
    const h = hostTree(m.host, meth);
    const t0 = m.tree ? forMethod(m.tree, meth, true) : 'granted';
    if (t0 === 'neutral') throw new Untranslatable('the inherited Require tree gives no decision for some method');
    if (t0 !== 'granted' && t0.t === 'none') throw new Untranslatable('the inherited Require tree holds only negative lines');
    const t: Out = t0 === 'granted' ? GRANTED : t0;
    const any = satisfyFor(m.host ?? [], meth) === true;
    if (any) {
      if (h === GRANTED || t === GRANTED) return GRANTED;
      if (h === DENIED) return t;
      return anyOf([...(h.t === 'any' ? h.children : [h]), ...(t.t === 'any' ? t.children : [t])]);
    }
    if (h === DENIED || t === DENIED) return DENIED;
    if (h === GRANTED) return t;
    if (t === GRANTED) return h;
    return { t: 'all', children: [...(h.t === 'all' ? h.children : [h]), t] };
  }, unit);
}
