/**
 * Fuzz repro issue12-second-write: a fragment whose only LoadModule line loads
 * mod_authz_default (gone in 2.4). The first write removed that line, which made the
 * second run read the tree with the stock 2.2 module set and rewrite what the first
 * run had refused. A second write must change nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleSet, DEFAULT_22 } from '../../src/access/model/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const CONF = [
  '<Location "/ipa">', '  AuthType Basic', '  AuthName "x"', '  AuthUserFile /etc/pw', '  Require valid-user', '</Location>',
  '<Location "/ipa/session/json">', '  Satisfy Any', '  Order Deny,Allow', '  Allow from all', '</Location>',
  'LoadModule authz_default_module /usr/lib/apache2/modules/mod_authz_default.so', '',
].join('\n');

describe('a LoadModule line of a module gone in 2.4', () => {
  it('does not stand for the whole 2.2 module list', () => {
    expect(moduleSet(['authz_default'], '2.2', false)).toEqual(DEFAULT_22);
    expect(moduleSet(['authz_host', 'authz_default'], '2.2', false)).toEqual(['authz_host', 'authz_default']);
  });

  it('write rewrites everything in the first run; a second write changes nothing', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'f.conf'), CONF);
    await runCli(['write', 'f.conf'], { cwd });
    const first = readFileSync(join(cwd, 'f.conf'), 'latin1');
    expect(first).not.toMatch(/LoadModule authz_default_module/);
    expect(first).not.toMatch(/Satisfy Any/);
    await runCli(['write', 'f.conf'], { cwd });
    expect(readFileSync(join(cwd, 'f.conf'), 'latin1')).toBe(first);
  });
});
