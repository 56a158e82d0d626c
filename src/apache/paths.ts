/** Paths as httpd keeps them after reading a configuration. */
import { posix } from 'node:path';

/**
 * A `<Directory>` path, DocumentRoot or Alias target as httpd keeps it: both versions pass it through
 * apr_filepath_merge (APR_FILEPATH_TRUENAME), which collapses `//`, `/./` and `dir/..`, so
 * `<Directory "/srv//www/">` is the section of /srv/www. No trailing slash, but for `/`.
 */
export function canonicalDir(p: string): string {
  if (canonicalAbsolute(p)) return p;
  const n = p.startsWith('/') ? posix.normalize(p) : p;
  return n.length > 1 ? n.replace(/\/+$/, '') || '/' : n;
}

/** A `//`, or a `.` or `..` component: what normalising an absolute path may change. */
const NOT_CANONICAL = /\/\/|\/\.\.?(?:\/|$)/;

/** An absolute path that normalising leaves as it is (most paths, as written): no `//`, `.` or `..` component, no trailing slash. */
function canonicalAbsolute(p: string): boolean {
  return p.length > 1 && p.charCodeAt(0) === 47 && p.charCodeAt(p.length - 1) !== 47 && !NOT_CANONICAL.test(p);
}

/**
 * A path argument httpd takes against the ServerRoot (ap_server_root_relative: Include, DocumentRoot,
 * …): an absolute one as it is, a relative one joined to the ServerRoot (`.` and `..` folded).
 */
export function serverRootRelative(p: string, serverRoot: string): string {
  if (canonicalAbsolute(p)) return p;
  return posix.resolve(serverRoot, p);
}
