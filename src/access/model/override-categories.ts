/** What the migration does to AllowOverride, so that proofs read .htaccess files the way they will be read. */
import { dirname } from 'node:path';
import type { Node } from '../../ast/nodes.js';
import type { Project, SourceFile } from '../../project/project.js';
import { HOST_ACCESS } from '../../apache/access-directives.js';

/**
 * Directives of the AuthConfig category (OR_AUTHCFG in the 2.2 and 2.4 sources): under AllowOverride
 * Limit, 2.2 already answered 500 for a .htaccess holding one. Not only the Auth* names: mod_authn_anon's
 * Anonymous* lines, and mod_ssl's per-directory checks and client-certificate settings.
 */
const AUTHCONFIG = /^(satisfy|require|auth\w*|require(all|any|none)|anonymous\w*|ssl(require|requiressl|username|ciphersuite|verifyclient|verifydepth|renegbuffersize))$/;

export function hasLimitDirectives(nodes: readonly Node[]): boolean {
  return nodes.some((n) => (n.type === 'directive' && HOST_ACCESS.has(n.lname)) || (n.type === 'section' && hasLimitDirectives(n.children)));
}

export function hasAuthConfig(nodes: readonly Node[]): boolean {
  return nodes.some((n) => (n.type === 'directive' && AUTHCONFIG.test(n.lname)) || (n.type === 'section' && (AUTHCONFIG.test(n.lname) || hasAuthConfig(n.children))));
}

/**
 * The .htaccess files that 2.2 refused under AllowOverride Limit (they hold AuthConfig lines, with or
 * without Allow/Deny): allowoverride-authconfig leaves the AllowOverride above them alone, since
 * adding AuthConfig would make them work in 2.4 where 2.2 answered 500.
 */
export function refusedHtaccess(project: Project): SourceFile[] {
  return project.files.filter((f) => f.kind === 'htaccess' && hasAuthConfig(f.ast.children));
}

/** The directories of refusedHtaccess, for the proofs (model.keepOverrideFor). */
export function refusedHtaccessDirs(project: Project): string[] {
  return refusedHtaccess(project).map((f) => dirname(f.path));
}
