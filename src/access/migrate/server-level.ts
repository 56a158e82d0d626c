/**
 * Access lines httpd reads at server level (outside every per-directory section, in the main
 * server or a <VirtualHost>) in a main configuration. 2.2 registered <Limit> and <LimitExcept>
 * with OR_ALL and took them there; 2.4 registers them OR_LIMIT|OR_AUTHCFG and refuses to start
 * ("<Limit not allowed here"). Order/Allow/Deny/Satisfy/Require were refused there by both.
 */
import type { ConfigFile, Directive, Node, Section } from '../../ast/nodes.js';
import { CONDITIONAL_SECTIONS, LIMIT_SECTIONS } from '../../ast/query.js';
import { ACCESS_DIRECTIVES } from '../../apache/access-directives.js';
import { isFragment } from '../model/index.js';

export interface ServerLevelAccess {
  /** A server-level <Limit>/<LimitExcept>, or an access directive outside any section. */
  node: Section | Directive;
  /** Whether the <Limit> holds anything but blank lines and comments. */
  empty: boolean;
  /** Inside a <VirtualHost> (2.4 then says "not allowed in <VirtualHost> context"). */
  inVirtualHost: boolean;
}

/** The server-level <Limit> sections and access lines of a main configuration file (none for an access file, or a fragment, read as a <Directory>). */
export function serverLevelAccess(file: ConfigFile, accessFile: boolean): ServerLevelAccess[] {
  if (accessFile || isFragment(file)) return [];
  const out: ServerLevelAccess[] = [];
  const visit = (nodes: readonly Node[], inVirtualHost: boolean): void => {
    for (const n of nodes) {
      if (n.type === 'directive' && ACCESS_DIRECTIVES.has(n.lname)) out.push({ node: n, empty: false, inVirtualHost });
      else if (n.type !== 'section') continue;
      else if (LIMIT_SECTIONS.has(n.lname)) out.push({ node: n, empty: !n.children.some((c) => c.type === 'directive' || c.type === 'section'), inVirtualHost });
      else if (CONDITIONAL_SECTIONS.has(n.lname) || n.lname === 'virtualhost') visit(n.children, inVirtualHost || n.lname === 'virtualhost');
    }
  };
  visit(file.children, false);
  return out;
}
