import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import { walk } from '../src/ast/walk.js';
import { memo } from '../src/ast/memo.js';
import type { ConfigFile } from '../src/ast/nodes.js';
import type { Project } from '../src/project/project.js';
import { loadLines } from '../src/rules-kit/load-module.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { knownModule } from '../src/apache/modules.js';

/** Whether a file has an `AuthDefaultAuthoritative Off` line 2.4 reads. */
function defaultOff(file: ConfigFile): boolean {
  return memo(file, 'authDefaultOff', () => {
    let off = false;
    walk(file, { directive: (d, ancestors) => { if (d.lname === 'authdefaultauthoritative' && asciiLower(d.args[0]?.value ?? '') === 'off' && readBy24(ancestors)) off = true; } });
    return off;
  });
}

/**
 * Whether the tree as written for 2.2 answered a user no provider knows with mod_authn_default's 401 wherever
 * AuthBasicAuthoritative Off passed him on: it loads mod_authn_default (authoritative: no AuthDefaultAuthoritative
 * Off), and only httpd's own modules, none of which authenticates Basic but mod_auth_basic. Read from the files as
 * the project holds them (no-removed-modules drops the mod_authn_default line in the same run).
 */
function authnDefaultAnswers401(project: Project): boolean {
  const lines = project.files.flatMap((f) => loadLines(f.ast));
  return lines.some((l) => l.name === 'authn_default') && lines.every((l) => knownModule(l.symbol) !== null || knownModule(l.path) !== null) && !project.files.some((f) => defaultOff(f.ast));
}

export default defineRule({
  meta: {
    id: 'auth-basic-authoritative',
    description: 'Remove AuthBasicAuthoritative Off where 2.2\'s mod_authn_default answered the users it passed on with 401.',
    row: 'Modules removed in 2.4: mod_authn_default (AuthBasicAuthoritative Off passed an unknown user on to it)',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:authbasicauthoritative'(node, ancestors) {
        if (asciiLower(node.args[0]?.value ?? '') !== 'off' || !readBy24(ancestors) || !authnDefaultAnswers401(context.project)) return;
        context.report({
          node,
          message: 'AuthBasicAuthoritative Off passed a user that no AuthBasicProvider knows on to the other authentication modules: in 2.2 that was '
            + 'mod_authn_default, which answered 401; 2.4 has no mod_authn_default, and mod_authn_core answers such a user with 500 '
            + '("AH01796: AuthType Basic configured without corresponding module", as real 2.4.71 does). This tree loads no other module that '
            + 'authenticates, so the line is removed: 2.4\'s default, On, answers 401 as 2.2 did.',
          fix: [removeLine(context.file, node)],
        });
      },
    };
  },
});
