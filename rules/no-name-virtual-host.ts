import type { Section } from '../src/ast/nodes.js';
import { directives } from '../src/ast/walk.js';
import { memo } from '../src/ast/memo.js';
import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import type { Project } from '../src/project/project.js';

/** The ports of the project's `NameVirtualHost *:port` lines (`*` for a bare `*`), as the files were read. */
function wildcardNamePorts(project: Project): Set<string> {
  return memo(project, 'no-name-virtual-host:ports', () => new Set(project.files.flatMap((f) => directives(f.ast, 'namevirtualhost'))
    .flatMap((d) => d.args.map((a) => /^\*(?::(\w+|\*))?$/.exec(a.value)?.[1] ?? (a.value === '*' ? '*' : null)))
    .filter((p): p is string => p !== null)));
}

/** The port of a `_default_` address of a `<VirtualHost>` (`*` for `_default_` or `_default_:*`), or null. */
function defaultPort(s: Section): string | null {
  for (const a of s.args) {
    const m = /^_default_(?::(\w+|\*))?$/i.exec(a.value);
    if (m) return m[1] ?? '*';
  }
  return null;
}

export default defineRule({
  meta: {
    id: 'no-name-virtual-host',
    description: 'Remove NameVirtualHost, which 2.4 ignores with a warning, and report a _default_ host that joins the name-based hosts in 2.4.',
    row: 'Directives with changed or removed effect: NameVirtualHost',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:namevirtualhost'(node) {
        const addr = node.args.map((a) => a.raw).join(' ');
        context.report({
          node,
          message: `NameVirtualHost ${addr} is removed: 2.2 needed it for name-based hosting, 2.4 ignores it (AH00548) and treats every address:port used by several <VirtualHost> blocks as name-based.`,
          fix: [removeLine(context.file, node)],
        });
      },
      'Section:virtualhost'(node) {
        const port = defaultPort(node);
        if (port === null) return;
        const named = wildcardNamePorts(context.project);
        const hit = [...named].find((p) => p === '*' || port === '*' || p === port);
        if (hit === undefined) return;
        context.report({
          node: node.open,
          severity: 'error',
          message: `<VirtualHost ${node.args.map((a) => a.raw).join(' ')}> never answered in 2.2, where NameVirtualHost *:${hit} made that port name-based and a _default_ host served only addresses and ports no other host used. `
            + `2.4 reads _default_ as *: the host joins the name-based hosts of *:${hit}, and where it comes first it answers every request whose Host header names no ServerName (apache2 -S shows it as the default server). `
            + 'Remove it to keep what 2.2 answered, or give it the address and ServerName it is meant to serve.',
        });
      },
    };
  },
});
