import { defineRule } from '../src/engine/rule.js';
import { removeLine, replaceLines } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import type { Directive, Section } from '../src/ast/nodes.js';
import { moduleNames, REMOVED as REMOVED_MODULES } from '../src/apache/modules.js';
import { ACCESS_DIRECTIVES } from '../src/apache/access-directives.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';
import { readBy24 } from '../src/rules-kit/reach.js';

interface Removed {
  /** What 2.2 did and why the line goes. */
  why: string;
  /** The 2.4 lines that keep the behaviour, given the directive's arguments; null when none exist. */
  replace: ((d: Directive) => string[] | null) | null;
  /** Modules whose <IfModule> makes the line dead under 2.4 (their directives are then left alone). */
  modules: string[];
}

/** The names `<IfModule>` tests a removed 2.2 module by (`mod_mem_cache.c`, `mem_cache_module`). */
function gone(module: keyof typeof REMOVED_MODULES): string[] {
  const m = moduleNames(module);
  return [m.source, m.symbol];
}

/** Directives of 2.2 that no 2.4 module provides (semantics §6.1), except those other rules rewrite. */
const REMOVED: Record<string, Removed> = {
  mcachesize: mem('MCacheSize'), mcachemaxobjectcount: mem('MCacheMaxObjectCount'), mcacheminobjectsize: mem('MCacheMinObjectSize'),
  mcachemaxobjectsize: mem('MCacheMaxObjectSize'), mcacheremovalalgorithm: mem('MCacheRemovalAlgorithm'), mcachemaxstreamingbuffer: mem('MCacheMaxStreamingBuffer'),
  cookielog: {
    why: 'CookieLog (mod_log_config) wrote each request\'s cookies to a file; 2.4 removed it',
    replace: (d) => [`CustomLog ${d.args[0]?.raw ?? 'logs/cookies'} "%{Cookie}n \\"%r\\" %t"`],
    modules: [],
  },
  ssiaccessenable: {
    why: 'SSIAccessEnable let 2.2\'s mod_include use the -A access test; in 2.4 -A is always available in #if expr',
    replace: (d) => (asciiLower(d.args[0]?.value ?? '') === 'on' ? [] : null),
    modules: ['mod_include.c', 'include_module'],
  },
  win32disableacceptex: {
    why: 'Win32DisableAcceptEx turned off AcceptEx() in 2.2\'s winnt MPM; 2.4 does the same with AcceptFilter',
    replace: () => ['AcceptFilter http none', 'AcceptFilter https none'],
    modules: ['mpm_winnt.c', 'mpm_winnt_module'],
  },
  maxrequestsperthread: {
    why: 'MaxRequestsPerThread belonged to the BeOS MPM, which 2.4 removed',
    replace: () => [],
    modules: ['beos.c', 'mpm_beos_module'],
  },
  authldapauthzenabled: {
    why: 'AuthLDAPAuthzEnabled switched LDAP authorization on or off in 2.2; in 2.4 LDAP authorizes only through Require ldap-* lines',
    replace: (d) => (asciiLower(d.args[0]?.value ?? '') === 'off' ? [] : null),
    modules: [],
  },
  authzdefaultauthoritative: {
    why: 'AuthzDefaultAuthoritative belonged to mod_authz_default, which 2.4 removed: mod_authz_core denies what no Require grants',
    replace: defaultOnly, modules: gone('authz_default'),
  },
  authdefaultauthoritative: {
    why: 'AuthDefaultAuthoritative belonged to mod_authn_default, which 2.4 removed: mod_authn_core answers 401 when no provider knows the user',
    replace: defaultOnly, modules: gone('authn_default'),
  },
};

function mem(name: string): Removed {
  return {
    why: `${name} configured mod_mem_cache, which 2.4 removed, so the memory cache is gone; use mod_cache_socache (CacheEnable socache, CacheSocache shmcb) or mod_cache_disk instead`,
    replace: null,
    modules: gone('mem_cache'),
  };
}

/** The On value is what 2.2 did without the line; Off chose a behaviour 2.4 has no switch for. */
function defaultOnly(d: Directive): string[] | null {
  return asciiLower(d.args[0]?.value ?? '') === 'on' ? [] : null;
}


function guarded(ancestors: readonly Section[], modules: string[]): boolean {
  return ancestors.some((s) => s.lname === 'ifmodule' && modules.includes(s.args[0]?.value ?? ''));
}

export default defineRule({
  meta: {
    id: 'no-removed-directive',
    description: 'Replace or remove directives that 2.4 no longer has, which stop it from starting.',
    row: 'Directives in 2.2 that do not exist in 2.4',
    kind: 'fix',
  },
  create(context) {
    return {
      Directive(node, ancestors) {
        const r = REMOVED[node.lname];
        if (!r || guarded(ancestors, r.modules) || !readBy24(ancestors)) return;
        const refused = refusedInHtaccess(context.project, context.file, node);
        if (refused !== null) {
          context.report({ node, message: `${r.why}. ${refused}` });
          return;
        }
        const fatal = `2.4 stops at start-up with "Invalid command '${node.name}'"`;
        const parent = ancestors[ancestors.length - 1];
        if (r.replace === defaultOnly && parent && parent.children.some((n) => n.type === 'directive' && ACCESS_DIRECTIVES.has(n.lname))) {
          context.report({ node, message: `${r.why}. ${fatal}; prefer-require removes it when it rewrites this section, with the logic it implied made explicit.` });
          return;
        }
        const lines = r.replace?.(node) ?? null;
        if (lines === null && r.modules.includes(moduleNames('mem_cache').source)) {
          // Keeping the line stops 2.4 from starting; dropping the cache changes behaviour: offered, not applied.
          context.report({
            node,
            message: `${r.why}. ${fatal}. Kept as it is; on request it is wrapped in <IfModule mod_mem_cache.c>, which 2.4 skips.`,
            suggestion: [replaceLines(context.file, node, node, ['<IfModule mod_mem_cache.c>', `    ${context.file.text.slice(node.contentStart, node.contentEnd)}`, '</IfModule>'])],
          });
          return;
        }
        if (lines === null) {
          context.report({ node, message: `${r.why}. ${fatal}; there is no 2.4 equivalent: delete the line and configure the replacement named here.` });
          return;
        }
        context.report({
          node,
          message: lines.length
            ? `${r.why}. ${fatal}; it becomes: ${lines.join(' / ')}.`
            : `${r.why}. ${fatal}; the line is removed, which keeps the 2.2 behaviour.`,
          fix: [lines.length ? replaceLines(context.file, node, node, lines) : removeLine(context.file, node)],
        });
      },
    };
  },
});
