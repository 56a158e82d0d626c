import type { ConfigFile, LineSpan, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { memo } from '../src/ast/memo.js';
import { defineRule } from '../src/engine/rule.js';
import { fileIndex, gather } from '../src/rules-kit/project-facts.js';
import { readInTree } from '../src/rules-kit/tree-reach.js';
import { condition } from '../src/ast/query.js';
import { variableRefs } from '../src/apache/variables.js';

/**
 * One Define or UnDefine line: `on` for a Define, `value` when it sets a variable (a bare `Define NAME` only defines the name
 * for `<IfDefine>`), inside `ancestors`.
 */
interface DefineEvent { at: number; name: string; on: boolean; value: boolean; ancestors: readonly Section[] }

/** The Define and UnDefine lines of a file, in order. */
function defineEvents(file: ConfigFile): DefineEvent[] {
  return memo(file, 'undefined-variable:define-events', () => {
    const events: DefineEvent[] = [];
    walk(file, {
      directive: (d, ancestors) => {
        if (d.lname === 'define' && d.args.length) events.push({ at: d.start, name: d.args[0]!.value, on: true, value: d.args.length >= 2, ancestors: [...ancestors] });
        if (d.lname === 'undefine' && d.args.length) events.push({ at: d.start, name: d.args[0]!.value, on: false, value: false, ancestors: [...ancestors] });
      },
    });
    return events;
  });
}

/** A file's Define and UnDefine lines, as a share of the project-wide list (none when it has no such line). */
function definesOf(file: ConfigFile): { file: ConfigFile; events: ReturnType<typeof defineEvents> }[] {
  const events = defineEvents(file);
  return events.length ? [{ file, events }] : [];
}

export default defineRule({
  meta: {
    id: 'undefined-variable',
    description: 'Report ${NAME} references that neither Define nor the environment sets.',
    row: '${VAR} expansion (2.4 warns AH00111 for an undefined variable)',
    kind: 'report',
  },
  create(context) {
    const file = context.file;
    if (!file.text.includes('${')) return {};
    const env = { ...process.env, ...((context.options.env as Record<string, string> | undefined) ?? {}) };
    // The names each Define and UnDefine line of the files read before this one leaves (only files that have some are visited):
    // `variables` those with a value, `names` every defined name, as <IfDefine> tests them.
    const before = { variables: new Set<string>(), names: new Set<string>() };
    const at = fileIndex(context.project, file);
    // A Define or UnDefine inside a block 2.4 certainly skips (an <IfModule> of a module the tree does not load) does
    // nothing: 2.4.71 logs AH00111 for a use below `<IfModule mod_php5.c> Define PHP_DIR …</IfModule>` without mod_php5.
    // While what is loaded is unknown (no LoadModule line), the block counts as read.
    for (const { file: f, events } of gather(context.project, file, 'undefined-variable:defines', definesOf)) {
      if (f === file || fileIndex(context.project, f) >= at) break;
      const reads = readInTree(context.project, f);
      for (const e of events.filter((ev) => reads(ev.ancestors))) {
        if (e.on && e.value) before.variables.add(e.name);
        else before.variables.delete(e.name);
        if (e.on) before.names.add(e.name);
        else before.names.delete(e.name);
      }
    }
    const readHere = readInTree(context.project, file);
    const events = defineEvents(file).filter((e) => readHere(e.ancestors));
    const isSet = (name: string, at: number, kind: 'variables' | 'names') => events.reduce(
      (on, e) => (e.at < at && e.name === name ? e.on && (kind === 'names' || e.value) : on), before[kind].has(name));
    // httpd expands only the lines it reads: none inside an <IfModule> of a module the tree does not load, nor inside an
    // <IfDefine !NAME> of a name defined before it (tested on 2.4.71: no AH00111 for those). What is undecided counts as read.
    const read = (ancestors: readonly Section[]) => readHere(ancestors)
      && !ancestors.some((s) => s.lname === 'ifdefine' && condition(s).negated && isSet(condition(s).name, s.start, 'names'));
    const check = (line: LineSpan, ancestors: readonly Section[]) => {
      const text = file.text.slice(line.contentStart, line.contentEnd);
      for (const m of variableRefs(text)) {
        const name = m[1]!;
        if (name === '' || name.includes(':') || env[name] !== undefined) continue;
        const start = line.contentStart + m.index;
        if (isSet(name, start, 'variables') || !read(ancestors)) continue;
        context.report({
          start, end: start + m[0].length,
          message: `\${${name}} is not set. 2.2 looked it up in the environment only and silently kept the text "\${${name}}"; `
            + `2.4 also looks in Define variables, and finding neither it keeps the text and logs AH00111 "Config variable \${${name}} is not defined". `
            + `Set it before this line with Define ${name} <value>, or export ${name} in the environment httpd starts with (for example in /etc/apache2/envvars).`,
        });
      }
    };
    return {
      Directive(node, ancestors) { check(node, ancestors); },
      Section(node, ancestors) { check(node.open, ancestors); },
    };
  },
});
