// The recorded set of modules Debian's 2.4 compiles in is what the installed binary says (`-l`).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUILTIN_DEBIAN_24 } from '../../src/apache/modules.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';

const oracle = requireHttpdOrSkip();

describe.skipIf(oracle.skip)('BUILTIN_DEBIAN_24', () => {
  it('is the set `apache2 -l` lists', () => {
    const out = execFileSync(oracle.httpd!, ['-l'], { encoding: 'utf8' });
    const listed = out.split('\n').map((l) => l.trim()).filter((l) => l.endsWith('.c'))
      .map((l) => (l === 'core.c' ? 'core' : l === 'http_core.c' ? 'http' : l.replace(/^mod_|\.c$/g, '')));
    expect([...listed].sort()).toEqual([...BUILTIN_DEBIAN_24].sort());
  });
});
