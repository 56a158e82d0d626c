import { describe, expect, it } from 'vitest';
import { decide24, evalTree, merge } from '../../src/access/decide/index.js';
import { ALICE, BOB_ADMIN, dir, m24, req } from './helpers.js';
import { ORACLE_ROWS } from './oracle-rows.js';

describe('decide24 on the oracle rows (httpd-oracle.md §5)', () => {
  for (const row of ORACLE_ROWS) {
    it(`${row.id}: old syntax with mod_access_compat and new syntax give the real statuses`, () => {
      const old = m24(dir(row.old, row.auth));
      const neu = m24(dir(row.new, row.auth), false);
      for (const [ip, host, credentials, status] of row.requests) {
        const r = req({ ip, host, credentials });
        expect(decide24(old, r).status, `old ${ip} ${host} ${credentials?.user}`).toBe(status);
        expect(decide24(neu, r).status, `new ${ip} ${host} ${credentials?.user}`).toBe(status);
      }
    });
  }
});

describe('decide24 mixed configurations (oracle c1–c4, h1, h3)', () => {
  it('c1: compat Deny from all in the Directory wins over Require local in the Location (403 by access_compat)', () => {
    const m = m24('<Directory /srv/htdocs>\nAllowOverride None\nOrder deny,allow\nDeny from all\n</Directory>\n<Location /server-status>\nRequire local\n</Location>\n');
    for (const ip of ['127.0.0.1', '127.0.0.5']) {
      expect(decide24(m, req({ path: '/server-status', ip }))).toEqual({ status: 403, by: 'access_compat' });
    }
  });
  it('c2: Require all denied in the Directory still applies under a compat-only Location (403, not 200)', () => {
    const m = m24('<Directory /srv/htdocs>\nAllowOverride None\nRequire all denied\n</Directory>\n<Location /server-status>\nOrder deny,allow\nDeny from all\nAllow from 127.0.0.1\n</Location>\n');
    expect(decide24(m, req({ path: '/server-status', ip: '127.0.0.1' }))).toEqual({ status: 403, by: 'authz_core' });
    expect(decide24(m, req({ path: '/server-status', ip: '127.0.0.5' }))).toEqual({ status: 403, by: 'access_compat' });
  });
  it('c3: a compat-only child denies under Require all granted', () => {
    const m = m24('<Directory /srv/htdocs>\nRequire all granted\n</Directory>\n<Directory /srv/htdocs/sub>\nOrder deny,allow\nDeny from all\n</Directory>\n');
    expect(decide24(m, req({ path: '/f.html' })).status).toBe(200);
    expect(decide24(m, req({ path: '/sub/f.html' })).status).toBe(403);
  });
  it('c4: Require all denied in a Location denies under compat Allow from all', () => {
    const m = m24('<Directory /srv/htdocs>\nOrder allow,deny\nAllow from all\n</Directory>\n<Location /sub>\nRequire all denied\n</Location>\n');
    expect(decide24(m, req({ path: '/f.html' })).status).toBe(200);
    expect(decide24(m, req({ path: '/sub/f.html' }))).toEqual({ status: 403, by: 'authz_core' });
  });
});

describe('decide24 Require trees', () => {
  it('treats a negated child as NEUTRAL when it does not match', () => {
    const m = m24(dir('<RequireAll>\nRequire all granted\nRequire not ip 10.0.0.0/8\n</RequireAll>'), false);
    expect(decide24(m, req({ ip: '10.1.1.1' })).status).toBe(403);
    expect(decide24(m, req({ ip: '192.168.1.1' })).status).toBe(200);
    const tree = merge(m, req({})).tree!;
    expect(evalTree(tree, true, req({ ip: '10.1.1.1' }), null, merge(m, req({})))).toBe('denied');
  });
  it('replaces the parent tree with AuthMerging unset and combines with AuthMerging And', () => {
    const text = dir('Require user alice bob', true)
      + '<Directory /srv/htdocs/sub>\nRequire user bob\n</Directory>\n'
      + '<Directory /srv/htdocs/sub/deeper>\nAuthMerging And\nRequire group admins\n</Directory>\n';
    const m = m24(text, false);
    expect(decide24(m, req({ path: '/sub/f.html', credentials: ALICE })).status).toBe(401);
    expect(decide24(m, req({ path: '/sub/deeper/f.html', credentials: ALICE })).status).toBe(401);
    expect(decide24(m, req({ path: '/sub/deeper/f.html', credentials: BOB_ADMIN })).status).toBe(200);
  });
  it('grants a child with AuthMerging Off and no Require under Require all denied', () => {
    const m = m24(dir('Require all denied') + '<Directory /srv/htdocs/sub>\nAuthMerging Off\n</Directory>\n', false);
    expect(decide24(m, req({ path: '/sub/f.html' })).status).toBe(200);
    expect(decide24(m, req({ path: '/f.html' })).status).toBe(403);
  });
  it('gives 500 when AuthType is set and there is no Require', () => {
    const m = m24(dir('', true), false);
    expect(decide24(m, req({})).status).toBe(500);
  });
  it('grants Require local to 127.0.0.2 and ::1, which Require ip 127.0.0.1 refuses', () => {
    const local = m24(dir('Require local'), false);
    const ip = m24(dir('Require ip 127.0.0.1'), false);
    for (const a of ['127.0.0.2', '::1']) {
      expect(decide24(local, req({ ip: a })).status).toBe(200);
      expect(decide24(ip, req({ ip: a })).status).toBe(403);
    }
  });
  it('refuses to start on a negative Require directly in the implicit RequireAny', () => {
    const m = m24(dir('Require not ip 10.0.0.1'), false);
    expect(decide24(m, req({})).by).toMatch(/^startup: negative Require directive has no effect/);
  });
  it('refuses to start on an upper-case provider name, which 2.2 accepted', () => {
    const m = m24(dir('Require Valid-User', true), false);
    expect(decide24(m, req({})).by).toBe('startup: Unknown Authz provider: Valid-User at /etc/httpd/test.conf:6');
  });
  it('limits Require lines inside <Limit> to those methods and grants the others', () => {
    const m = m24(dir('<Limit POST>\nRequire valid-user\n</Limit>', true), false);
    expect(decide24(m, req({ method: 'POST' })).status).toBe(401);
    expect(decide24(m, req({ method: 'GET' })).status).toBe(200);
  });
});

describe('decide24 with mod_access_compat (semantics §3.5)', () => {
  const parent = dir('Order deny,allow\nDeny from all\nAllow from 10.0.0.0/8', true);
  it('a Satisfy-only child resets the host rules to allow-all and fails open', () => {
    const m = m24(parent + '<Directory /srv/htdocs/sub>\nRequire valid-user\nSatisfy Any\n</Directory>\n');
    expect(decide24(m, req({ path: '/sub/f.html', ip: '127.0.0.1' })).status).toBe(200);
  });
  it('an Allow-only child resets Satisfy to All', () => {
    const m = m24(dir('Satisfy Any\nRequire valid-user\nOrder deny,allow\nDeny from all', true) + '<Directory /srv/htdocs/sub>\nAllow from 192.168.0.0/16\n</Directory>\n');
    expect(decide24(m, req({ path: '/sub/f.html', ip: '127.0.0.1' })).status).toBe(401);
  });
  it('Satisfy Any with failing host rules and no Require grants', () => {
    const m = m24(dir('Order deny,allow\nDeny from all\nSatisfy Any'));
    expect(decide24(m, req({})).status).toBe(200);
  });
});

describe('method names are case-sensitive (semantics §1.10)', () => {
  it('<Limit get DELETE> does not cover GET, and <LimitExcept get> does', () => {
    const limit = m24(dir('Require user alice bob', true) + '<Directory /srv/htdocs/sub>\n<Limit get DELETE>\nDeny from 127.0.0.8/255.255.255.252\n</Limit>\n</Directory>\n');
    expect(decide24(limit, req({ path: '/sub/g.html', method: 'GET', ip: '127.0.0.9' })).status).toBe(401);
    expect(decide24(limit, req({ path: '/sub/g.html', method: 'DELETE', ip: '127.0.0.9' })).status).toBe(403);
    const except = m24(dir('Require group staff\n<LimitExcept get>\nSatisfy any\n</LimitExcept>', true));
    expect(decide24(except, req({ method: 'GET', ip: '127.0.0.3' })).status).toBe(200);
  });
  it('an extension method named in <Limit> is covered by it', () => {
    const m = m24(dir('<Limit BREW DELETE>\nDeny from 127.0.0. example.test\n</Limit>'));
    expect(decide24(m, req({ method: 'BREW', ip: '127.0.0.10' })).status).toBe(403);
    expect(decide24(m, req({ method: 'GET', ip: '127.0.0.10' })).status).toBe(200);
  });
});
