// The recorded set of modules Debian's 2.4 compiles in is what the installed binary says (`-l`),
// and --httpd asks the binary it is given.
import { describe, expect, it } from 'vitest';
import { BUILTIN_DEBIAN_24 } from '../../src/apache/modules.js';
import { compiledIn, parseCompiledIn } from '../../src/httpd/built-in.js';
import rule from '../../rules/load-implicit-modules.js';
import { runRule } from '../helpers/rule-tester.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';

const oracle = requireHttpdOrSkip();

describe('parseCompiledIn', () => {
  it('reads the names httpd -l prints, a static MPM included', () => {
    expect(parseCompiledIn('Compiled in modules:\n  core.c\n  mod_so.c\n  http_core.c\n  prefork.c\n  mod_unixd.c\n')).toEqual(['core', 'so', 'http', 'mpm_prefork', 'unixd']);
  });
});

describe('load-implicit-modules with the modules the target binary compiles in (--httpd)', () => {
  const code = 'ServerRoot "/srv/httpd"\nLoadModule mime_module modules/mod_mime.so\nLoadModule authz_core_module modules/mod_authz_core.so\nLoadModule authn_core_module modules/mod_authn_core.so\n';
  it('adds no MPM and no mod_unixd that the binary has compiled in', () => {
    const r = runRule(rule, code, 'httpd.conf', { builtin: ['core', 'so', 'http', 'mpm_prefork', 'unixd'] });
    expect(r.output).toBe(code);
  });
  it('adds them when the binary has them as modules', () => {
    const r = runRule(rule, code, 'httpd.conf', { builtin: ['core', 'so', 'http'] });
    expect(r.output).toContain('LoadModule mpm_prefork_module modules/mod_mpm_prefork.so');
    expect(r.output).toContain('<IfModule !unixd_module>');
  });
});

describe.skipIf(oracle.skip)('BUILTIN_DEBIAN_24', () => {
  it('is the set `apache2 -l` lists', () => {
    expect([...compiledIn(oracle.httpd!)!].sort()).toEqual([...BUILTIN_DEBIAN_24].sort());
  });
});
