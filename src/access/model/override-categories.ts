/** What the migration does to AllowOverride, so that proofs read .htaccess files the way they will be read. */
import { dirname } from 'node:path';
import type { Node } from '../../ast/nodes.js';
import type { Project, SourceFile } from '../../project/project.js';
import { HOST_ACCESS } from '../../apache/access-directives.js';

/** Directives of the AuthConfig category: under AllowOverride Limit, 2.2 already answered 500 for a .htaccess holding one. */
const AUTHCONFIG = /^(satisfy|require|auth\w*|require(all|any|none))$/;

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
