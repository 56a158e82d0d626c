/**
 * Prints a tree back to text. Every node keeps the offsets of its lines, so
 * printing is concatenation; print(parse(x)) === x is what proves the tree
 * lossless (test/parse/roundtrip.test.ts).
 */
import type { ConfigFile, Node } from '../ast/nodes.js';

export function print(file: ConfigFile): string {
  const parts: string[] = [];
  if (file.bom) parts.push(file.text.slice(0, 3));
  const text = file.text;
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === 'section') {
        parts.push(text.slice(n.open.start, n.open.end));
        walk(n.children);
        if (n.close) parts.push(text.slice(n.close.start, n.close.end));
      } else {
        parts.push(text.slice(n.start, n.end));
      }
    }
  };
  walk(file.children);
  return parts.join('');
}

/** Encodes printed text back to the bytes it came from. */
export function toBytes(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}
