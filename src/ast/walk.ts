/** Walking the tree with the enclosing sections at hand. */
import type { ConfigFile, Directive, Node, Section } from './nodes.js';

export interface WalkHandlers {
  directive?: (node: Directive, ancestors: readonly Section[]) => void;
  enter?: (node: Section, ancestors: readonly Section[]) => void;
  exit?: (node: Section, ancestors: readonly Section[]) => void;
}

export function walk(file: ConfigFile | Section, handlers: WalkHandlers): void {
  const ancestors: Section[] = [];
  const visit = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === 'directive') handlers.directive?.(n, ancestors);
      else if (n.type === 'section') {
        handlers.enter?.(n, ancestors);
        ancestors.push(n);
        visit(n.children);
        ancestors.pop();
        handlers.exit?.(n, ancestors);
      }
    }
  };
  visit(file.children);
}

/** Every directive in the tree, in order, optionally only those with one of the given lower-case names. */
export function directives(file: ConfigFile | Section, ...lnames: string[]): Directive[] {
  const out: Directive[] = [];
  walk(file, { directive: (d) => { if (lnames.length === 0 || lnames.includes(d.lname)) out.push(d); } });
  return out;
}

/** Every section in the tree, in order, optionally only those with one of the given lower-case names. */
export function sections(file: ConfigFile | Section, ...lnames: string[]): Section[] {
  const out: Section[] = [];
  walk(file, { enter: (s) => { if (lnames.length === 0 || lnames.includes(s.lname)) out.push(s); } });
  return out;
}
