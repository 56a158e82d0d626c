import { describe, expect, it } from 'vitest';
import { decide22 } from '../../src/access/decide/index.js';
import type { Credentials } from '../../src/access/model/index.js';
import { ALICE, BOB_ADMIN, dir, m22, model, req } from './helpers.js';
import { ORACLE_ROWS } from './oracle-rows.js';

describe('decide22 on the oracle rows (2.2 column of httpd-oracle.md §5)', () => {
  for (const row of ORACLE_ROWS) {
    it(`${row.id}: gives the real 2.2 statuses`, () => {
      const m = m22(dir(row.old, row.auth));
      for (const [ip, host, credentials, status] of row.requests) {
        expect(decide22(m, req({ ip, host, credentials })).status, `${ip} ${host} ${credentials?.user}`).toBe(status);
      }
    });
  }
});

describe('decide22 merging (semantics §2.1, §2.2)', () => {
  it('an Order-only Allow,Deny child denies everything; a Deny,Allow one allows everything', () => {
    const parent = dir('Order deny,allow\nDeny from all\nAllow from 10.0.0.0/8');
    const ad = m22(parent + '<Directory /srv/htdocs/sub>\nOrder allow,deny\n</Directory>\n');
    const da = m22(dir('Order allow,deny\nAllow from all') + '<Directory /srv/htdocs/sub>\nOrder deny,allow\nDeny from 10.0.0.1\n</Directory>\n');
    expect(decide22(ad, req({ path: '/sub/f.html', ip: '10.0.0.1' })).status).toBe(403);
    expect(decide22(ad, req({ path: '/f.html', ip: '10.0.0.1' })).status).toBe(200);
    expect(decide22(da, req({ path: '/sub/f.html', ip: '10.0.0.1' })).status).toBe(403);
    expect(decide22(da, req({ path: '/sub/f.html', ip: '10.0.0.2' })).status).toBe(200);
  });
  it('an Allow-only child allows everyone (default Deny,Allow, parent lists gone)', () => {
    const m = m22(dir('Order allow,deny\nDeny from all') + '<Directory /srv/htdocs/sub>\nAllow from 192.168.0.0/16\n</Directory>\n');
    expect(decide22(m, req({ path: '/sub/f.html', ip: '10.9.9.9' })).status).toBe(200);
  });
  it('merges Satisfy per method and keeps the inherited host rules in a Satisfy-only child (401, not 200)', () => {
    const parent = dir('Order deny,allow\nDeny from all\nAllow from 10.0.0.0/8', true);
    const m = m22(parent + '<Directory /srv/htdocs/sub>\nRequire valid-user\nSatisfy Any\n</Directory>\n');
    expect(decide22(m, req({ path: '/sub/f.html', ip: '127.0.0.1' })).status).toBe(401);
    expect(decide22(m, req({ path: '/sub/f.html', ip: '10.0.0.1' })).status).toBe(200);
  });
  it('keeps Satisfy Any from the parent for an Allow-only child (200 without credentials)', () => {
    const m = m22(dir('Satisfy Any\nRequire valid-user\nOrder deny,allow\nDeny from all', true) + '<Directory /srv/htdocs/sub>\nAllow from 192.168.0.0/16\n</Directory>\n');
    expect(decide22(m, req({ path: '/sub/f.html', ip: '127.0.0.1' })).status).toBe(200);
  });
  it('Satisfy Any with failing host rules and no Require gives 403', () => {
    expect(decide22(m22(dir('Order deny,allow\nDeny from all\nSatisfy Any')), req({})).status).toBe(403);
  });
  it('scopes Allow inside <Limit POST> to POST', () => {
    const m = m22(dir('Order allow,deny\n<Limit POST>\nAllow from all\n</Limit>'));
    expect(decide22(m, req({ method: 'POST' })).status).toBe(200);
    expect(decide22(m, req({ method: 'GET' })).status).toBe(403);
  });
  it('treats junk after an inline # as host names that never match', () => {
    const m = m22(dir('Order deny,allow\nDeny from all\nAllow from 127.0.0.1 # local'));
    expect(decide22(m, req({ ip: '127.0.0.1' })).status).toBe(200);
    expect(decide22(m, req({ ip: '127.0.0.2', host: 'localhost' })).status).toBe(403);
  });
});

describe('decide22 RUN_FIRST authorisation (semantics §2.5)', () => {
  const both = 'Require valid-user\nRequire group admins';
  const alice: Credentials = ALICE;
  it('lets the group file decide alone under the stock order (alice 401, bob 200)', () => {
    const m = m22(dir(both, true));
    expect(decide22(m, req({ credentials: alice }))).toEqual({ status: 401, by: 'authz_groupfile' });
    expect(decide22(m, req({ credentials: BOB_ADMIN })).status).toBe(200);
  });
  it('admits both with AuthzGroupFileAuthoritative Off', () => {
    const m = m22(dir(both + '\nAuthzGroupFileAuthoritative Off', true));
    expect(decide22(m, req({ credentials: alice })).status).toBe(200);
  });
  it('lets authz_user decide first when it is loaded first', () => {
    const m = model(dir(both, true), '2.2', { modules: ['authz_host', 'authz_user', 'authz_groupfile', 'authz_default', 'auth_basic'] });
    expect(decide22(m, req({ credentials: alice })).status).toBe(200);
  });
  it('a child with AuthzGroupFileAuthoritative Off loses the parent AuthGroupFile', () => {
    const m = m22(dir('Require group admins', true) + '<Directory /srv/htdocs/sub>\nAuthzGroupFileAuthoritative Off\n</Directory>\n');
    expect(decide22(m, req({ path: '/sub/f.html', credentials: BOB_ADMIN })).status).toBe(401);
    expect(decide22(m, req({ path: '/f.html', credentials: BOB_ADMIN })).status).toBe(200);
  });
  it('answers 401 for a mistyped Require keyword', () => {
    expect(decide22(m22(dir('Require usr alice', true)), req({ credentials: alice })).status).toBe(401);
  });
  it('accepts Require Valid-User in any case', () => {
    expect(decide22(m22(dir('Require Valid-User', true)), req({ credentials: alice })).status).toBe(200);
  });
});
