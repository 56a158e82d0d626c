/**
 * Directives of 2.2 that a .htaccess could not hold: declared for the server configuration only
 * (RSRC_CONF: NameVirtualHost, LoadModule, DumpIOLogLevel, RewriteLog, RewriteLogLevel, the BeOS
 * MPM's MaxRequestsPerThread) or for <Directory> sections only (ACCESS_CONF: ExtFilterOptions), as
 * the 2.2.x sources declare them. In a .htaccess that httpd 2.2 read, such a line was refused
 * ("X not allowed here", or "Invalid command" where the module was not there) and every request the
 * file applies to was answered 500; 2.4 refuses them there too (checked on 2.4.71). Only the
 * directives some rule removes or wraps are listed: a rule that rewrites a line into another
 * server-only line (MaxClients → MaxRequestWorkers, LockFile → Mutex) keeps the 500 by itself.
 */
const SERVER_ONLY_22: ReadonlySet<string> = new Set([
  'namevirtualhost', 'loadmodule', 'dumpiologlevel', 'rewritelog', 'rewriteloglevel', 'maxrequestsperthread', 'extfilteroptions',
]);

/** Whether 2.2 refused the directive (lower-case name) in a .htaccess file. */
export function serverOnly22(lname: string): boolean {
  return SERVER_ONLY_22.has(lname);
}
