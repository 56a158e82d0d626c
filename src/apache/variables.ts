/**
 * `${NAME}` in a configuration line. Both 2.2 (getenv) and 2.4 (Define, then getenv) replace it
 * with the variable's value on the whole line before the directive reads its words (ap_resolve_env,
 * httpd-semantics.md §1.3). A value holding one is therefore only known when httpd starts, and may
 * even become several words: rules must not decide on it as if it were the text written.
 */
import type { Arg } from '../ast/nodes.js';
import { splitWords } from '../parse/words.js';

/** Each `${NAME}` of a text, as ap_resolve_env reads it (everything up to the next `}`); group 1 is the name. */
export function variableRefs(text: string): IterableIterator<RegExpExecArray> {
  return text.matchAll(/\$\{([^}]*)\}/g);
}

/** True when a text holds a `${NAME}`. */
export function hasVariable(text: string): boolean {
  return text.includes('${') && /\$\{[^}]*\}/.test(text);
}

/** True when some word of a directive holds a `${NAME}`: its words, even how many there are, are known only when httpd starts. */
export function usesVariable(d: { readonly args: readonly { readonly value: string }[] }): boolean {
  return d.args.some((a) => hasVariable(a.value));
}

/** The `${NAME}` references of a text, each once, for a message: `${A}` or `${A}, ${B}`. */
export function variablesNamed(text: string): string {
  return [...new Set([...variableRefs(text)].map((m) => m[0]))].join(', ');
}

/**
 * The words of a line after 2.4's ap_resolve_env with the `Define`d variables known (semantics §1.3):
 * each `${NAME}` of a Define is replaced on the whole line, which is then split into words again (a
 * value may hold several); a name no Define set stays as written (it comes from the environment, or
 * stays literal). Null when the line names no defined variable. Word positions are the line's.
 */
export function expandDefined(args: readonly Arg[], defined: ReadonlyMap<string, string>): Arg[] | null {
  if (!defined.size || !args.some((a) => hasVariable(a.raw))) return null;
  const line = args.map((a) => a.raw).join(' ');
  let changed = false;
  const text = line.replace(/\$\{([^}]*)\}/g, (whole, name: string) => {
    const v = defined.get(name);
    if (v === undefined) return whole;
    changed = true;
    return v;
  });
  if (!changed) return null;
  const start = args[0]!.start;
  const end = args[args.length - 1]!.end;
  return splitWords(text).map((w) => ({ value: w.value, raw: text.slice(w.start, w.end), start, end, quote: w.quote }));
}
