import type { ConfigFile, LineSpan } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { memo } from '../src/ast/memo.js';
import { defineRule } from '../src/engine/rule.js';
import { fileIndex, gather } from '../src/rules-kit/project-facts.js';

/** `${NAME}` as ap_resolve_env reads it: everything up to the next `}`. */
const VAR = /\$\{([^}]*)\}/g;

/** The Define and UnDefine lines of a file, in order (a bare `Define NAME` sets no variable). */
function defineEvents(file: ConfigFile): { at: number; name: string; on: boolean }[] {
  return memo(file, 'undefined-variable:events', () => {
    const events: { at: number; name: string; on: boolean }[] = [];
    walk(file, {
      directive: (d) => {
        if (d.lname === 'define' && d.args.length >= 2) events.push({ at: d.start, name: d.args[0]!.value, on: true });
        if (d.lname === 'undefine' && d.args.length) events.push({ at: d.start, name: d.args[0]!.value, on: false });
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
    const before = new Set<string>();
    // The Define and UnDefine lines of the files read before this one (only files that have some are visited).
    const at = fileIndex(context.project, file);
    for (const { file: f, events } of gather(context.project, file, 'undefined-variable:defines', definesOf)) {
      if (f === file || fileIndex(context.project, f) >= at) break;
      for (const e of events) {
        if (e.on) before.add(e.name);
        else before.delete(e.name);
      }
    }
    const events = defineEvents(file);
    const isDefined = (name: string, at: number) => events.reduce((on, e) => (e.at < at && e.name === name ? e.on : on), before.has(name));
    const check = (line: LineSpan) => {
      const text = file.text.slice(line.contentStart, line.contentEnd);
      for (const m of text.matchAll(VAR)) {
        const name = m[1]!;
        if (name === '' || name.includes(':') || env[name] !== undefined) continue;
        const start = line.contentStart + m.index;
        if (isDefined(name, start)) continue;
        context.report({
          start, end: start + m[0].length,
          message: `\${${name}} is not set. 2.2 looked it up in the environment only and silently kept the text "\${${name}}"; `
            + `2.4 also looks in Define variables, and finding neither it keeps the text and logs AH00111 "Config variable \${${name}} is not defined". `
            + `Set it before this line with Define ${name} <value>, or export ${name} in the environment httpd starts with (for example in /etc/apache2/envvars).`,
        });
      }
    };
    return {
      Directive(node) { check(node); },
      Section(node) { check(node.open); },
    };
  },
});
