/**
 * Host names compare blind to the case of ASCII letters only, as httpd does (apr_tolower in the C
 * locale, one byte at a time). Lower-casing the Latin-1 text with JavaScript changed bytes of 0x80
 * and above (Ã, 0xC3, became ã, 0xE3): `Allow from hôte.example` (UTF-8) got a spurious
 * counterexample naming `hã´te.example` and its rewrite was refused. Found by a helper's bug hunt.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inDomain } from '../../src/access/model/index.js';
import { decide } from '../../src/access/compare/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';
import { m22, m24, req } from './helpers.js';

describe('host names', () => {
  it('match blind to ASCII case only', () => {
    expect(inDomain('Example.ORG', 'www.example.org')).toBe(true);
    expect(inDomain('h\xf4te.example', 'www.h\xf4te.example')).toBe(true);
    // Ô (0xD4) and ô (0xF4) are different bytes to httpd.
    expect(inDomain('H\xd4TE.example', 'h\xf4te.example')).toBe(false);
    // UTF-8 read as Latin-1: Ã (0xC3) must not become ã (0xE3).
    expect(inDomain('h\xc3\xb4te.example', 'h\xc3\xb4te.example')).toBe(true);
  });

  it('Allow from and Require host with bytes above 0x7F keep their name', () => {
    const name = 'h\xc3\xb4te.example';
    const r = req({ ip: '10.9.9.9', host: name });
    expect(decide(m22(`<Directory /srv/htdocs>\nOrder deny,allow\nDeny from all\nAllow from ${name}\n</Directory>\n`), r).status).toBe(200);
    expect(decide(m24(`<Directory /srv/htdocs>\nRequire host ${name}\n</Directory>\n`, false), r).status).toBe(200);
    expect(decide(m24(`<Directory /srv/htdocs>\nRequire forward-dns ${name}\n</Directory>\n`, false), r).status).toBe(200);
  });

  it('an Allow from of a UTF-8 name is rewritten, not refused with a mangled name', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.conf'), Buffer.from('<Directory "/srv/x">\n    Order deny,allow\n    Deny from all\n    Allow from hôte.example\n</Directory>\n', 'utf8'));
    const r = await runCli(['check', '--no-color', '--no-follow-includes', '--only', 'prefer-require', 'a.conf'], { cwd });
    expect(r.stdout).toContain('Write instead: Require host hôte.example.');
    expect(r.stdout).not.toContain('hã');
  });
});
