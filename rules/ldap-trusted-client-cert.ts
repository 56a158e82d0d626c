import type { Directive, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { insertIntoSection, removeLine } from '../src/edit/fixer.js';
import { defineRule } from '../src/engine/rule.js';

const DIR_CONTEXTS: ReadonlySet<string> = new Set(['directory', 'directorymatch', 'location', 'locationmatch', 'files', 'filesmatch', 'proxy', 'proxymatch']);

/** True when a directive makes its directory context authenticate or authorize against LDAP. */
export function usesLdap(d: Directive): boolean {
  if (d.lname === 'authldapurl') return true;
  if (d.lname === 'authbasicprovider') return d.args.some((a) => a.value.toLowerCase() === 'ldap');
  if (d.lname === 'require') return /^ldap-/i.test(d.args[0]?.value ?? '');
  return false;
}

const key = (d: Directive) => d.args.map((a) => a.value).join('\0');

export default defineRule({
  meta: {
    id: 'ldap-trusted-client-cert',
    description: 'Move server-level LDAPTrustedClientCert lines, which 2.4 refuses, into each directory context that uses LDAP.',
    row: 'Per-module behavior changes: mod_ldap LDAPTrustedClientCert is a per-directory setting only',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    return {
      FileExit() {
        if (file.path.endsWith('.htaccess')) return;
        /** Server-level certificates by virtual host (null: the main server), in file order. */
        const certs = new Map<Section | null, Directive[]>();
        /** Innermost directory contexts that use LDAP, with their virtual host. */
        const users = new Map<Section, Section | null>();
        walk(file, {
          directive: (d, anc) => {
            const cert = d.lname === 'ldaptrustedclientcert';
            if (!cert && !usesLdap(d)) return;
            const dirs = anc.filter((s) => DIR_CONTEXTS.has(s.lname));
            const vhost = [...anc].reverse().find((s) => s.lname === 'virtualhost') ?? null;
            if (cert && dirs.length === 0) certs.set(vhost, [...(certs.get(vhost) ?? []), d]);
            if (usesLdap(d) && dirs.length) users.set(dirs[dirs.length - 1]!, vhost);
          },
        });
        if (certs.size === 0) return;
        const applying = (vhost: Section | null) => [...(certs.get(null) ?? []), ...(vhost ? certs.get(vhost) ?? [] : [])];
        const served = new Set<Directive>();
        /** Server-level lines some LDAP context still lacks: they go only once every context has its copy. */
        const pending = new Set<Directive>();
        for (const [section, vhost] of users) {
          const wanted = applying(vhost);
          wanted.forEach((c) => served.add(c));
          const present = new Set<string>();
          walk(section, { directive: (d) => { if (d.lname === 'ldaptrustedclientcert') present.add(key(d)); } });
          const missing = wanted.filter((c) => !present.has(key(c)));
          if (missing.length === 0) continue;
          missing.forEach((c) => pending.add(c));
          const lines = missing.map((c) => file.text.slice(c.contentStart, c.contentEnd));
          context.report({
            node: section,
            message: `In 2.2, LDAPTrustedClientCert at server level applied to every LDAP connection, including the one this <${section.name}> uses. `
              + 'In 2.4 it is a per-directory setting: it must appear in each directory context that needs it. '
              + `Add inside <${section.name}>: ${lines.join(' / ')}`,
            fix: [insertIntoSection(file, section, lines)],
          });
        }
        for (const [vhost, list] of certs) {
          const refused = `2.4 stops at this line ("LDAPTrustedClientCert not allowed ${vhost ? 'in <VirtualHost> context' : 'here'}")`;
          for (const c of list) {
            if (pending.has(c)) continue;
            const line = file.text.slice(c.contentStart, c.contentEnd);
            if (served.has(c)) {
              context.report({
                node: c,
                message: `LDAPTrustedClientCert is per-directory only in 2.4, and ${refused}. Every directory context of this server in this file `
                  + 'that uses LDAP has its own copy, so the line goes; copy it too into the .htaccess files and the contexts in other files '
                  + `that use LDAP on this server: ${line}`,
                fix: [removeLine(file, c)],
              });
              continue;
            }
            context.report({
              node: c,
              message: 'In 2.2, LDAPTrustedClientCert at server level applied to every LDAP connection. In 2.4 it is per-directory only, '
                + `${refused}, and no directory context of this server in this file uses LDAP authentication (AuthBasicProvider ldap, AuthLDAPURL, Require ldap-*). `
                + `Move this line into each <Directory>, <Location> or .htaccess that does: ${line}`,
            });
          }
        }
      },
    };
  },
});
