import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalDir, serverRootRelative } from '../../src/apache/paths.js';

describe('canonicalDir', () => {
  it('collapses // and /./ and dir/.., and drops a trailing slash, as apr_filepath_merge does', () => {
    expect(canonicalDir('/srv//www/')).toBe('/srv/www');
    expect(canonicalDir('/srv/./www')).toBe('/srv/www');
    expect(canonicalDir('/srv/x/../www')).toBe('/srv/www');
    expect(canonicalDir('/')).toBe('/');
    expect(canonicalDir('//')).toBe('/');
    expect(canonicalDir('/srv/*/htdocs/')).toBe('/srv/*/htdocs');
  });

  it('folds a . or .. component at the end, and keeps names that merely start with dots', () => {
    expect(canonicalDir('/srv/www/.')).toBe('/srv/www');
    expect(canonicalDir('/srv/www/..')).toBe('/srv');
    expect(canonicalDir('/srv/.well-known')).toBe('/srv/.well-known');
    expect(canonicalDir('/srv/..x/...')).toBe('/srv/..x/...');
    expect(canonicalDir('relative/./dir')).toBe('relative/./dir');
  });

  it('gives what normalising and dropping the trailing slash give, for every path of a few components', () => {
    const parts = ['', '.', '..', 'a', '.a', '..a', '...'];
    for (const x of parts) for (const y of parts) for (const end of ['', '/']) {
      const p = `/${x}/${y}${end}`;
      const n = posix.normalize(p);
      expect(canonicalDir(p), p).toBe(n.length > 1 ? n.replace(/\/+$/, '') || '/' : n);
    }
  });
});

describe('serverRootRelative', () => {
  it('joins a relative path to the ServerRoot and folds . and .. in either', () => {
    expect(serverRootRelative('htdocs', '/etc/httpd')).toBe('/etc/httpd/htdocs');
    expect(serverRootRelative('../www/./x/', '/etc/httpd')).toBe('/etc/www/x');
    expect(serverRootRelative('/srv/www', '/etc/httpd')).toBe('/srv/www');
    expect(serverRootRelative('/srv//www/', '/etc/httpd')).toBe('/srv/www');
    expect(serverRootRelative('/srv/www/..', '/etc/httpd')).toBe('/srv');
  });
});
