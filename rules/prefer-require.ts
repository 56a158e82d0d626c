import { defineRule } from '../src/engine/rule.js';
import type { ConfigFile, Node, Section } from '../src/ast/nodes.js';
import { accessDirectives, currentAccessText, rewriteEdits } from '../src/eval/rewrite.js';
import { fileVerdicts } from '../src/eval/rule-support.js';

const COMPAT = /^(order|allow|deny|satisfy)$/;

function where(section: Section | null, file: ConfigFile): string {
  if (!section) return file.path.endsWith('.htaccess') ? 'This .htaccess file' : 'This file';
  return `<${section.name} ${section.args.map((a) => a.raw).join(' ')}>`;
}

const CANONICAL: Record<string, string> = { order: 'Order', allow: 'Allow', deny: 'Deny', satisfy: 'Satisfy', require: 'Require' };

function used(nodes: readonly Node[], live?: (s: Section) => boolean): string {
  return [...new Set(accessDirectives(nodes, live).map((d) => CANONICAL[d.lname] ?? d.name))].join('/');
}

export default defineRule({
  meta: {
    id: 'prefer-require',
    description: 'Rewrite Order/Allow/Deny/Satisfy and 2.2 Require lines as 2.4 Require trees, proven equivalent first.',
    row: 'Authentication: rules 1–7, the equivalence tables and the mixed configuration cases',
    kind: 'fix',
    access: true,
  },
  create(context) {
    const modules = context.options['modules'] as string[] | undefined;
    return {
      File(file) {
        const { proof, original, sections } = fileVerdicts(context.project, file, modules ? { modules } : {});
        const live = proof.live;
        if (proof.mixed) {
          const report = (body: readonly Node[], node: Section | null) => {
            const d = accessDirectives(body, live).find((x) => COMPAT.test(x.lname));
            if (d) context.report({ node: node ?? d, message: `${where(node, file)} still uses ${used(body, live)}, which 2.4 reads only through mod_access_compat. The tree already contains 2.4 Require syntax, so the rewrite cannot be proven against 2.2 behaviour; replace these lines by hand with the equivalent Require lines.` });
          };
          report(file.children, null);
          for (const s of allSections(file)) report(s.children, s);
          return;
        }
        for (const [section, v] of sections) {
          const body = section ? section.children : file.children;
          const first = accessDirectives(body, live)[0];
          if (!first) continue;
          const node = section ?? first;
          if (v.status === 'refused') {
            context.report({
              node,
              message: `${where(section, file)} is left with its 2.2 ${used(body, live)} lines: ${v.reason}. Migrate it by hand (semantics §4.5–§4.7)`
                + (accessDirectives(body, live).some((d) => COMPAT.test(d.lname)) ? '; until then its Order/Allow/Deny/Satisfy lines need mod_access_compat in 2.4, and they combine with any inherited Require as an AND (semantics §3.5).' : '.'),
            });
            continue;
          }
          const current = currentAccessText(file, body, live);
          // In a later pass (the fix was deferred behind another rule's edit), offer it again only on unchanged lines.
          if (!original && current.join('\n') !== v.original.join('\n')) continue;
          if (current.join('\n') === v.lines.map((l) => l.trim()).join('\n')) continue;
          context.report({
            node,
            message: `${where(section, file)} uses the 2.2 ${used(body, live)} directives; in 2.4 access is decided by Require (mod_authz_core), and Order/Allow/Deny/Satisfy need mod_access_compat. Write instead: ${v.lines.map((l) => l.trim()).join(' | ')}. This was checked against 2.2 on every representative request.`,
            fix: rewriteEdits(file, body, v.lines, live),
          });
        }
      },
    };
  },
});

function allSections(file: ConfigFile): Section[] {
  const out: Section[] = [];
  const visit = (nodes: readonly Node[]) => { for (const n of nodes) if (n.type === 'section') { out.push(n); visit(n.children); } };
  visit(file.children);
  return out.filter((s) => /^(directory|directorymatch|files|filesmatch|location|locationmatch|proxy|proxymatch)$/.test(s.lname));
}
