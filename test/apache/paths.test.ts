import { describe, expect, it } from 'vitest';
import { canonicalDir } from '../../src/apache/paths.js';

describe('canonicalDir', () => {
  it('collapses // and /./ and dir/.., and drops a trailing slash, as apr_filepath_merge does', () => {
    expect(canonicalDir('/srv//www/')).toBe('/srv/www');
    expect(canonicalDir('/srv/./www')).toBe('/srv/www');
    expect(canonicalDir('/srv/x/../www')).toBe('/srv/www');
    expect(canonicalDir('/')).toBe('/');
    expect(canonicalDir('//')).toBe('/');
    expect(canonicalDir('/srv/*/htdocs/')).toBe('/srv/*/htdocs');
  });
});
