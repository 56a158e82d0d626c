/**
 * The environment variables the access rules test are free inputs of the comparison: both trees are
 * asked with the same variables set. That holds only where both trees set them alike. A hand
 * migration that sets one another way (SetEnv, which mod_env runs at fixups, after access control,
 * where 2.2 had SetEnvIf) answers differently to the requests that carried it (checked on 2.4.71:
 * `SetEnv okay 1` + `Require env okay` refuses everyone; 2.2's `SetEnvIf User-Agent ^ok$ okay` +
 * `Allow from env=okay` let that agent in). Such a variable is a gap: its requests are not decided.
 */
import type { Directive } from '../../ast/nodes.js';
import { directives } from '../../ast/walk.js';
import type { Project } from '../../project/project.js';
import type { AuthzNode, Model } from '../model/index.js';

/** The directives that set or unset variables, and the index of their first variable word. */
const SETTERS: Readonly<Record<string, number>> = {
  setenvif: 2, setenvifnocase: 2, browsermatch: 1, browsermatchnocase: 1, setenvifexpr: 1, setenv: 0, unsetenv: 0, passenv: 0,
};

/** The variable names a line sets or unsets, lower-cased as the deciders compare them. */
function setNames(d: Directive): string[] {
  const from = SETTERS[d.lname];
  const words = d.args.map((a) => a.value);
  if (from !== undefined) {
    const names = (d.lname === 'setenv' ? words.slice(0, 1) : words.slice(from)).map((w) => w.replace(/^!/, '').split('=')[0]!);
    return names.map((n) => n.toLowerCase());
  }
  if (d.lname === 'rewriterule') {
    const flags = /^\[(.*)\]$/.exec(words[words.length - 1] ?? '')?.[1] ?? '';
    return flags.split(',').map((f) => /^(?:e|env)=!?([^:]*)/i.exec(f.trim())?.[1]).filter((n): n is string => !!n).map((n) => n.toLowerCase());
  }
  return [];
}

/** Each variable's setting lines in a tree, as written (name lower-cased, words as read), sorted. */
function settersByName(project: Project): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of project.files) {
    for (const d of directives(f.ast, ...Object.keys(SETTERS), 'rewriterule')) {
      for (const name of setNames(d)) out.set(name, [...(out.get(name) ?? []), [d.lname, ...d.args.map((a) => a.value)].join(' ')]);
    }
  }
  for (const list of out.values()) list.sort();
  return out;
}

/** The variables a model's access rules test (Allow/Deny env=, Require env). */
function testedNames(model: Model): Set<string> {
  const out = new Set<string>();
  const visit = (n: AuthzNode): void => {
    if (n.kind === 'provider') { if (n.name === 'env') for (const a of n.args) out.add(a.toLowerCase()); }
    else n.children.forEach(visit);
  };
  for (const s of model.scopes) {
    for (const it of s.items) {
      if (it.k === 'allow' || it.k === 'deny') { for (const e of it.entries) if (e.kind === 'env') out.add(e.name); }
      else if (it.k === 'authz') visit(it.node);
    }
  }
  return out;
}

/** A gap for each variable the access rules test that the two trees set with different lines. */
export function envSetterGaps(oldProject: Project, before: Model, newProject: Project, after: Model): string[] {
  const tested = new Set([...testedNames(before), ...testedNames(after)]);
  const old = settersByName(oldProject);
  const neu = settersByName(newProject);
  const gaps: string[] = [];
  for (const name of [...tested].sort()) {
    const a = old.get(name) ?? [];
    const b = neu.get(name) ?? [];
    if (a.join('\n') === b.join('\n')) continue;
    const show = (l: string[]) => (l.length ? l.map((x) => `"${x}"`).join(', ') : 'no line');
    const late = b.some((l) => l.startsWith('setenv ')) ? ' (SetEnv runs after access control: Require env never sees it)' : '';
    gaps.push(`the requests with the environment variable ${name} set are not decided: the old tree sets it with ${show(a)}, the new one with ${show(b)}${late}`);
  }
  return gaps;
}
