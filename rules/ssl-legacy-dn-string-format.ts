import type { Directive, Node, Section } from '../src/ast/nodes.js';
import { rawArgs } from '../src/ast/query.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter, insertLinesBefore } from '../src/edit/fixer.js';
import { ownDirectives } from '../src/rules-kit/directory-model.js';
import { deadIn24, liveDirectives, projectServerLevel, scopeOf } from '../src/rules-kit/directive-scope.js';

const DN_VAR = /SSL_(?:CLIENT|SERVER)_[SI]_DN(?![A-Za-z0-9_])/;
const LINE = 'SSLOptions +LegacyDNStringFormat';
const hasLegacy = (d: Directive) => d.args.some((a) => /^\+?LegacyDNStringFormat$/i.test(a.value));
const stdEnv = (d: Directive) => d.args.some((a) => /^\+?StdEnvVars$/i.test(a.value));
/** A section or scope that runs CGI-like scripts, which see the *_DN values through SSLOptions +StdEnvVars. */
const CGI_SECTION = /cgi|php|shtml|\.pl\b/i;
const cgiDirective = (d: Directive) => (d.lname === 'options' && d.args.some((a) => /^\+?ExecCGI$/i.test(a.value)))
  || (['sethandler', 'addhandler'].includes(d.lname) && d.args.some((a) => /^cgi-script$/i.test(a.value))) || d.lname === 'scriptalias';

export default defineRule({
  meta: {
    id: 'ssl-legacy-dn-string-format',
    description: 'Offer SSLOptions +LegacyDNStringFormat where the *_DN variables are used, since 2.4 formats them differently.',
    row: 'Directives with changed or removed effect: LegacyDNStringFormat (SSLOptions); mod_ssl — the default format of the *_DN variables changed',
    kind: 'suggest',
  },
  create(context) {
    const done = new Set<Section | null>();
    return {
      Directive(node, ancestors) {
        const scope = scopeOf(ancestors);
        if (done.has(scope) || deadIn24(ancestors)) return;
        const cgi = () => (scope !== null && CGI_SECTION.test(scope.args.map((a) => a.value).join(' ')))
          || liveDirectives(scope ?? context.file).some((l) => cgiDirective(l.directive));
        const how = node.lname === 'ssloptions'
          ? (stdEnv(node) && cgi() ? 'exports them to scripts with SSLOptions +StdEnvVars' : null)
          : (DN_VAR.exec(rawArgs(context.file, node)) ? `uses ${DN_VAR.exec(rawArgs(context.file, node))![0]} in ${node.name}` : null);
        if (how === null) return;
        done.add(scope);
        // Already kept: in this scope, an enclosing one or the main server.
        const around = ancestors.flatMap((s) => ownDirectives(s, 'ssloptions'))
          .concat(projectServerLevel(context.project, context.file, 'ssloptions'));
        if (around.some((l) => hasLegacy(l.directive))) return;
        const siblings: Node[] = ancestors.length ? ancestors[ancestors.length - 1]!.children : context.file.children;
        const lastOptions = siblings.filter((n): n is Directive => n.type === 'directive' && n.lname === 'ssloptions').pop();
        context.report({
          node,
          message: `This scope ${how}: httpd 2.2 formatted the *_DN variables in OpenSSL's old one-line form (/C=DE/O=Example/CN=Jo); `
            + '2.4 uses the RFC 2253 form (CN=Jo,O=Example,C=DE), so comparisons with these values and scripts that parse them stop matching. '
            + `To keep the 2.2 format write "${LINE}" in this scope (or update the comparisons to the new form).`,
          suggestion: [lastOptions ? insertLinesAfter(context.file, lastOptions, [LINE]) : insertLinesBefore(context.file, node, [LINE])],
        });
      },
    };
  },
});
