import type { ConfigFile, Directive } from '../ast/nodes.js';
import { moduleOfDirective } from '../apache/directive-table.js';
import { serverOnly22 } from '../apache/server-only-22.js';
import { isAccessFile, type Project } from '../project/project.js';

/**
 * Where a .htaccess holds a line that 2.2 refused there (src/apache/server-only-22.ts), what a
 * finding says of it; else null. Every request the file applies to was answered 500 in 2.2 and is in
 * 2.4 as long as the line stays: removing it (or guarding it) would serve them, so the line is
 * reported, not fixed. Found by a helper's bug hunt on the real 2.4.71: a NameVirtualHost,
 * DumpIOLogLevel or LoadModule line in a .htaccess was removed, and its directory answered 200.
 */
export function refusedInHtaccess(project: Project, file: ConfigFile, node: Directive): string | null {
  if (!serverOnly22(node.lname) || !isAccessFile(project, file.path)) return null;
  const in24 = moduleOfDirective(node.lname)
    ? `2.4 answers 500 there too ("${node.name} not allowed here")`
    : `2.4, which has no ${node.name}, answers 500 there too ("Invalid command")`;
  return `${node.name} is not allowed in .htaccess: 2.2 refused the line ("${node.name} not allowed here") and answered 500 to every request this file applies to (where AllowOverride lets httpd read it), `
    + `and ${in24}. Removing the line would serve those requests: remove it only if that is wanted.`;
}
