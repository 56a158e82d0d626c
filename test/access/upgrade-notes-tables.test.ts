/**
 * Every row of the upgrade notes' equivalence tables and mixed-configuration
 * table (upgrade notes, "Authentication"). Where the real
 * server disagrees with the notes, the test follows the server
 * (httpd-oracle.md §5, semantics §3.5).
 */
import { describe, expect, it } from 'vitest';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { describeDifference } from '../../src/access/compare/index.js';
import { ALICE, dir, m22, m24, req } from './helpers.js';
import { migrateText, prove } from './prove-helpers.js';

const BASIC = 'AuthType Basic\nAuthBasicProvider file\nAuthUserFile /etc/htpasswd\nAuthName realm\nRequire valid-user';

describe('Equivalences (no authentication)', () => {
  it.each([
    ['Order deny,allow\nDeny from all', 'Require all denied'],
    ['Order allow,deny\nAllow from all', 'Require all granted'],
    ['Order Deny,Allow\nDeny from all\nAllow from example.org', 'Require host example.org'],
  ])('%s ≡ %s: the rule writes it and the prover agrees', (old, neu) => {
    const input = dir(old);
    expect(migrateText(input).output).toBe(dir(neu));
    expect(prove(input, dir(neu)).equivalent).toBe(true);
  });
});

describe('Equivalences (with authentication)', () => {
  it('host control disabled so that authentication alone applies: drop the host lines', () => {
    const input = dir(`Order Deny,Allow\nAllow from all\n${BASIC}`);
    const { output } = migrateText(input);
    expect(output).not.toMatch(/Order|Allow from/);
    expect(output.match(/Require/g)).toEqual(['Require']);
    expect(prove(input, output).equivalent).toBe(true);
    expect(prove(input, dir(BASIC)).equivalent).toBe(true);
  });

  it('both criteria must hold: RequireAll of valid-user and ip (with the Deny,Allow order that makes the 2.2 form work)', () => {
    const input = dir(`Order deny,allow\nDeny from all\nSatisfy ALL\nAllow from 192.0.2.7\n${BASIC}`);
    const neu = dir(`${BASIC.replace('\nRequire valid-user', '')}\n<RequireAll>\nRequire valid-user\nRequire ip 192.0.2.7\n</RequireAll>`);
    expect(prove(input, neu).equivalent).toBe(true);
    expect(prove(input, migrateText(input).output).equivalent).toBe(true);
  });

  it('both criteria, as the notes write it (Order allow,deny + Deny from all), denies everyone in 2.2, so the notes\' RequireAll is not equivalent', () => {
    const input = dir(`Order allow,deny\nDeny from all\nSatisfy ALL\nAllow from 192.0.2.7\n${BASIC}`);
    expect(decide22(m22(input), req({ ip: '192.0.2.7', credentials: ALICE })).status).toBe(403);
    const neu = dir(`${BASIC.replace('\nRequire valid-user', '')}\n<RequireAll>\nRequire valid-user\nRequire ip 192.0.2.7\n</RequireAll>`);
    const c = prove(input, neu).counterexample!;
    expect(describeDifference(c)).toMatch(/: 403 before, (200|401) after$/);
    expect(decide24(m24(neu, false), req({ ip: '192.0.2.7', credentials: ALICE })).status).toBe(200);
    expect(migrateText(input).output).toContain('Require all denied');
  });

  it('either criterion suffices: valid-user and ip with no container (the implicit RequireAny)', () => {
    const input = dir(`Order deny,allow\nDeny from all\nSatisfy any\nAllow from 192.0.2.7\n${BASIC}`);
    const neu = dir(`${BASIC}\nRequire ip 192.0.2.7`);
    expect(prove(input, neu).equivalent).toBe(true);
    expect(prove(input, migrateText(input).output).equivalent).toBe(true);
  });

  it('either criterion, as the notes write it (Order allow,deny + Deny from all), is authentication alone in 2.2', () => {
    const input = dir(`Order allow,deny\nDeny from all\nSatisfy any\nAllow from 192.0.2.7\n${BASIC}`);
    expect(decide22(m22(input), req({ ip: '192.0.2.7' })).status).toBe(401);
    expect(prove(input, dir(BASIC)).equivalent).toBe(true);
  });
});

describe('Mixed configuration cases (2.4 with mod_access_compat)', () => {
  it('row 1: compat Deny from all in the Directory and Require local in the Location: 403 from mod_access_compat (AH01797)', () => {
    const m = m24('<Directory /srv/htdocs>\nAllowOverride None\nOrder deny,allow\nDeny from all\n</Directory>\n<Location /server-status>\nSetHandler server-status\nRequire local\n</Location>\n');
    expect(decide24(m, req({ path: '/server-status', ip: '127.0.0.1' }))).toEqual({ status: 403, by: 'access_compat' });
  });

  it('row 2: Require all denied in the Directory and compat allow in the Location: 403 from mod_authz_core, not the 200 the notes promise', () => {
    const m = m24('<Directory /srv/htdocs>\nAllowOverride None\nRequire all denied\n</Directory>\n<Location /server-status>\nSetHandler server-status\nOrder deny,allow\nDeny from all\nAllow from 127.0.0.1\n</Location>\n');
    expect(decide24(m, req({ path: '/server-status', ip: '127.0.0.1' }))).toEqual({ status: 403, by: 'authz_core' });
  });
});
