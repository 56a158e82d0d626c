import type { ConfigFile, Directive, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { insertIntoSection, insertLinesBefore, removeLine } from '../src/edit/fixer.js';
import { isAccessFile, readForContext } from '../src/project/project.js';
import { defineRule } from '../src/engine/rule.js';
import { gather } from '../src/rules-kit/project-facts.js';
import { MAIN_SERVER, serversOf } from '../src/rules-kit/directive-scope.js';

const DIR_CONTEXTS: ReadonlySet<string> = new Set(['directory', 'directorymatch', 'location', 'locationmatch', 'files', 'filesmatch', 'proxy', 'proxymatch']);

/** True when a directive makes its directory context authenticate or authorize against LDAP. */
export function usesLdap(d: Directive): boolean {
  if (d.lname === 'authldapurl') return true;
  if (d.lname === 'authbasicprovider') return d.args.some((a) => a.value.toLowerCase() === 'ldap');
  if (d.lname === 'require') return /^ldap-/i.test(d.args[0]?.value ?? '');
  return false;
}

const key = (d: Directive) => d.args.map((a) => a.value).join('\0');


const innermostContext = (anc: readonly Section[]) => [...anc].reverse().find((s) => DIR_CONTEXTS.has(s.lname)) ?? null;

interface LdapUser {
  /** The top-level node that holds the first line using LDAP (where a .htaccess gets its copy). */
  top: Section | Directive;
  vhost: Section | null;
}

/**
 * The directory contexts of a file whose lines use LDAP: the innermost `<Directory>`, `<Location>`…
 * around each such line, or null for lines outside them in a .htaccess file (the file is the
 * context). Lines outside every directory context of a main configuration are left out.
 */
function ldapUsers(file: ConfigFile, accessFile: boolean): Map<Section | null, LdapUser> {
  const users = new Map<Section | null, LdapUser>();
  walk(file, {
    directive: (d, anc) => {
      if (!usesLdap(d)) return;
      const inner = innermostContext(anc);
      if ((inner || accessFile) && !users.has(inner)) {
        users.set(inner, { top: anc[0] ?? d, vhost: [...anc].reverse().find((s) => s.lname === 'virtualhost') ?? null });
      }
    },
  });
  return users;
}

interface Cert {
  cert: Directive;
  file: ConfigFile;
  /** The main server's, which every server read in 2.2 (outside <VirtualHost>, along every way the file is read). */
  main: boolean;
  vhost: Section | null;
}

export default defineRule({
  meta: {
    id: 'ldap-trusted-client-cert',
    description: 'Move server-level LDAPTrustedClientCert lines, which 2.4 refuses, into each directory context that uses LDAP.',
    row: 'Per-module behavior changes: mod_ldap LDAPTrustedClientCert is a per-directory setting only',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    const project = context.project;
    /** The server-level certificate lines of the project, this file's tree in place of its copy, in file order. */
    const certs = () => gather(project, file, 'ldap-trusted-client-cert:certs', (f): Cert[] => {
      if (isAccessFile(project, f.path)) return [];
      const out: Cert[] = [];
      walk(f, {
        directive: (d, anc) => {
          if (d.lname !== 'ldaptrustedclientcert' || innermostContext(anc)) return;
          const vhost = anc.find((s) => s.lname === 'virtualhost') ?? null;
          out.push({ cert: d, file: f, vhost, main: !vhost && serversOf(project, f, anc).every((k) => k === MAIN_SERVER) });
        },
      });
      return out;
    });
    /** The other files of the project with a directory context that uses LDAP: each gets its copy of the main server's lines. */
    const otherUsers = () => gather(project, file, 'ldap-trusted-client-cert:users', (f) => (ldapUsers(f, isAccessFile(project, f.path)).size ? [f] : []))
      .filter((f) => f.path !== file.path);
    const textOf = (c: Cert) => c.file.text.slice(c.cert.contentStart, c.cert.contentEnd);
    return {
      FileExit() {
        const all = certs();
        if (all.length === 0) return;
        const own = all.filter((c) => c.file.path === file.path);
        // The lines that applied to a context in 2.2: the main server's (from any file), then its
        // server's in this file (its virtual host's, or those of a file read inside one).
        const applying = (vhost: Section | null) => all.filter((c) => c.main || (c.file.path === file.path && c.vhost === vhost));
        const served = new Set<Directive>();
        /** Server-level lines some LDAP context still lacks: they go only once every context has its copy. */
        const pending = new Set<Directive>();
        for (const [section, { top, vhost }] of ldapUsers(file, isAccessFile(project, file.path))) {
          const wanted = applying(vhost);
          wanted.forEach((c) => served.add(c.cert));
          const present = new Set<string>();
          walk(section ?? file, {
            directive: (d, anc) => {
              if (d.lname === 'ldaptrustedclientcert' && (section || !innermostContext(anc))) present.add(key(d));
            },
          });
          const missing = wanted.filter((c, i) => !present.has(key(c.cert)) && wanted.findIndex((o) => key(o.cert) === key(c.cert)) === i);
          const where = section ? `<${section.name}>` : 'this .htaccess';
          // A .htaccess may be served by a virtual host whose lines it cannot be tied to: said, not copied.
          const unknown = isAccessFile(project, file.path) ? all.filter((c) => !c.main && !present.has(key(c.cert))).map(textOf) : [];
          const also = unknown.length ? ` A <VirtualHost> also had ${unknown.join(' / ')}: if it serves this directory, add that here too.` : '';
          const at = top.type === 'section' ? top.open : top;
          const node = section ?? at;
          if (missing.length === 0) {
            if (also) {
              context.report({
                node,
                message: 'In 2.2, LDAPTrustedClientCert in a <VirtualHost> applied to every LDAP connection of that server. '
                  + `In 2.4 it is a per-directory setting only.${also}`,
              });
            }
            continue;
          }
          missing.forEach((c) => pending.add(c.cert));
          const lines = missing.map(textOf);
          context.report({
            node,
            message: `In 2.2, LDAPTrustedClientCert at server level applied to every LDAP connection, including the one ${where} uses. `
              + 'In 2.4 it is a per-directory setting: it must appear in each directory context that needs it'
              + (section ? '. ' : ' (in a .htaccess it needs AllowOverride AuthConfig, as its LDAP lines do). ')
              + `Add ${section ? `inside <${section.name}>` : 'to this .htaccess'}: ${lines.join(' / ')}${also}`,
            fix: [section ? insertIntoSection(file, section, lines) : insertLinesBefore(file, at, lines)],
          });
        }
        if (isAccessFile(project, file.path)) return;
        // The main server's lines reach the contexts of the other files (.htaccess files included), which get their copy there.
        const elsewhere = otherUsers();
        const htaccessUsers = elsewhere.filter((f) => isAccessFile(project, f.path));
        for (const c of own) {
          if (pending.has(c.cert)) continue;
          const line = textOf(c);
          const refused = `2.4 stops at this line ("LDAPTrustedClientCert not allowed ${c.vhost ? 'in <VirtualHost> context' : 'here'}")`;
          if (c.vhost && served.has(c.cert) && htaccessUsers.length) {
            context.report({
              node: c.cert,
              message: `LDAPTrustedClientCert is per-directory only in 2.4, and ${refused}. Every directory context of this virtual host in this file `
                + `that uses LDAP has its own copy, but ${htaccessUsers.map((f) => f.path).join(', ')} use LDAP too, and may be served by this virtual host: `
                + `copy the line into those this host serves, then remove it here: ${line}`,
            });
            continue;
          }
          // A file outside the tree is read, not written: it gets no copy, so the line stays (2.4 refuses it) and says why.
          const unwritten = c.main ? elsewhere.filter((f) => readForContext(context.project, f.path)) : [];
          if (unwritten.length) {
            context.report({
              node: c.cert,
              message: `LDAPTrustedClientCert is per-directory only in 2.4, and ${refused}. ${unwritten.map((f) => f.path).join(', ')} use${unwritten.length > 1 ? '' : 's'} LDAP on this server `
                + `but ${unwritten.length > 1 ? 'are' : 'is'} outside the tree, so ${unwritten.length > 1 ? 'they get' : 'it gets'} no copy of the line and the line stays: add ${unwritten.length > 1 ? 'their directories' : 'its directory'} with --root to migrate ${unwritten.length > 1 ? 'them' : 'it'}, or copy the line there by hand, then remove it here: ${line}`,
            });
            continue;
          }
          if (served.has(c.cert) || (c.main && elsewhere.length)) {
            context.report({
              node: c.cert,
              message: `LDAPTrustedClientCert is per-directory only in 2.4, and ${refused}. Every directory context of this server `
                + `that uses LDAP${c.main ? ', in this file, the other files of the configuration and its .htaccess files,' : ' in this file'} has its own copy, so the line goes`
                + (c.main ? `: ${line}` : `; copy it too into the contexts in other files that use LDAP on this server: ${line}`),
              fix: [removeLine(file, c.cert)],
            });
            continue;
          }
          context.report({
            node: c.cert,
            message: 'In 2.2, LDAPTrustedClientCert at server level applied to every LDAP connection. In 2.4 it is per-directory only, '
              + `${refused}, and no directory context of this server uses LDAP authentication (AuthBasicProvider ldap, AuthLDAPURL, Require ldap-*). `
              + `Move this line into each <Directory>, <Location> or .htaccess that does: ${line}`,
          });
        }
      },
    };
  },
});
