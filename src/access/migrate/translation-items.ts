/** Reads the Require lines a translation printed back as 2.4 items. */
import { type AuthzNode, type Item, type Mask, type Model, requireNode } from '../model/index.js';

/** The 2.4 items of the translated lines (the small grammar translate.ts prints: Require, <Require*>, <Limit*>). */
export function itemsOf(lines: readonly string[], after: Model): { items: Item[]; errors: string[] } {
  const modules = new Set(after.modules);
  const errors: string[] = [];
  const items: Item[] = [];
  let mask: Mask = null;
  const stack: Extract<AuthzNode, { kind: 'container' }>[] = [];
  const add = (n: AuthzNode) => { const top = stack[stack.length - 1]; if (top) top.children.push(n); else items.push({ k: 'authz', node: n }); };
  for (const raw of lines) {
    const l = raw.trim();
    let m: RegExpExecArray | null;
    if ((m = /^<(Limit|LimitExcept) ([^>]*)>$/.exec(l))) mask = { except: m[1] === 'LimitExcept', methods: m[2]!.split(/\s+/).map((x) => (x === 'HEAD' ? 'GET' : x)) };
    else if (/^<\/Limit(Except)?>$/.test(l)) mask = null;
    else if ((m = /^<Require(All|Any|None)>$/.exec(l))) {
      const c: Extract<AuthzNode, { kind: 'container' }> = { kind: 'container', op: m[1] === 'All' ? 'and' : 'or', negate: m[1] === 'None', mask, children: [] };
      add(c);
      stack.push(c);
    } else if (/^<\/Require(All|Any|None)>$/.test(l)) stack.pop();
    else if (l.startsWith('Require ')) { const n = requireNode(l.slice(8).trim().split(/\s+/), mask, modules, errors, after.cache); if (n) add(n); }
    else errors.push(`unexpected line in a translation: ${l}`);
  }
  return { items, errors };
}
