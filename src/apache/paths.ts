/** Paths as httpd keeps them after reading a configuration. */
import { posix } from 'node:path';

/**
 * A `<Directory>` path, DocumentRoot or Alias target as httpd keeps it: both versions pass it through
 * apr_filepath_merge (APR_FILEPATH_TRUENAME), which collapses `//`, `/./` and `dir/..`, so
 * `<Directory "/srv//www/">` is the section of /srv/www. No trailing slash, but for `/`.
 */
export function canonicalDir(p: string): string {
  const n = p.startsWith('/') ? posix.normalize(p) : p;
  return n.length > 1 ? n.replace(/\/+$/, '') || '/' : n;
}

/**
 * A path argument httpd takes against the ServerRoot (ap_server_root_relative: Include, DocumentRoot,
 * …): an absolute one as it is, a relative one joined to the ServerRoot (`.` and `..` folded).
 */
export function serverRootRelative(p: string, serverRoot: string): string {
  return posix.resolve(serverRoot, p);
}
