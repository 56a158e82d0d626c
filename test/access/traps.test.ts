/**
 * The traps of semantics §3.5 and §4.5: keeping the 2.2 lines under
 * mod_access_compat changes behaviour, and the rewrite does not.
 */
import { describe, expect, it } from 'vitest';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { compareModels } from '../../src/access/compare/index.js';
import { buildModel, moduleSet } from '../../src/access/model/index.js';
import { parse } from '../../src/parse/parser.js';
import { ALICE, dir, m22, m24, req } from './helpers.js';
import { migrateText, prove } from './prove-helpers.js';

const sub = (body: string) => `<Directory /srv/htdocs/sub>\n${body}\n</Directory>\n`;

describe('a Satisfy-only child', () => {
  const input = dir('Order deny,allow\nDeny from all\nAllow from 10.0.0.0/8', true) + sub('Require valid-user\nSatisfy Any');
  it('fails open when kept under mod_access_compat (2.2: 401, 2.4: 200)', () => {
    const r = req({ path: '/sub/f.html', ip: '127.0.0.1' });
    expect(decide22(m22(input), r).status).toBe(401);
    expect(decide24(m24(input), r).status).toBe(200);
  });
  it('is rewritten with the inherited host rules re-emitted, and proven', () => {
    const { output } = migrateText(input);
    expect(output).toContain('<Directory /srv/htdocs/sub>\nRequire ip 10.0.0.0/8\nRequire valid-user\n</Directory>');
    expect(prove(input, output).equivalent).toBe(true);
  });
});

describe('an Allow-only child', () => {
  const input = dir('Satisfy Any\nRequire valid-user\nOrder deny,allow\nDeny from all', true) + sub('Allow from 192.168.0.0/16');
  it('resets Satisfy to All when kept under mod_access_compat (2.2: 200, 2.4: 401)', () => {
    const r = req({ path: '/sub/f.html', ip: '127.0.0.1' });
    expect(decide22(m22(input), r).status).toBe(200);
    expect(decide24(m24(input), r).status).toBe(401);
  });
  it('is rewritten as the allow-all it was in 2.2, and proven', () => {
    const { output } = migrateText(input);
    expect(output).toContain('<Directory /srv/htdocs/sub>\nRequire all granted\n</Directory>');
    expect(prove(input, output).equivalent).toBe(true);
  });
});

describe('Satisfy Any with no Require', () => {
  const input = dir('Order deny,allow\nDeny from all\nAllow from 10.0.0.0/8\nSatisfy Any');
  it('is 403 in 2.2 but 200 under mod_access_compat', () => {
    expect(decide22(m22(input), req({ ip: '127.0.0.1' })).status).toBe(403);
    expect(decide24(m24(input), req({ ip: '127.0.0.1' })).status).toBe(200);
  });
  it('is rewritten to the host rules alone, and proven', () => {
    const { output } = migrateText(input);
    expect(output).toBe(dir('Require ip 10.0.0.0/8'));
    expect(prove(input, output).equivalent).toBe(true);
  });
});

describe('Require local is not used for 127.0.0.1', () => {
  const input = dir('Order deny,allow\nDeny from all\nAllow from 127.0.0.1');
  it('translates to Require ip 127.0.0.1', () => {
    expect(migrateText(input).output).toBe(dir('Require ip 127.0.0.1'));
  });
  it('would not be equivalent as Require local (127.0.0.2 and ::1 get in)', () => {
    const c = prove(input, dir('Require local')).counterexample!;
    expect(c.before.status).toBe(403);
    expect(c.after.status).toBe(200);
    expect(c.request.ip).toMatch(/^(127\.|::1$|::ffff:127\.|192\.0\.2\.1$)/);
    expect(c.request.ip).not.toBe('127.0.0.1');
  });
});

describe('AllowOverride Limit against AuthConfig', () => {
  const conf = '<Directory /srv/htdocs>\nAllowOverride Limit\n</Directory>\n';
  const models = (htaccess: string, version: '2.2' | '2.4', overrides: 'real' | 'migrated') => {
    const m = buildModel([
      { file: parse(conf, '/etc/httpd.conf'), kind: 'conf' },
      { file: parse(htaccess, '/srv/htdocs/.htaccess'), kind: 'htaccess', dir: '/srv/htdocs' },
    ], { version, modules: moduleSet([], version, false) });
    m.htaccessOverride = overrides;
    return m;
  };
  const old = 'Order deny,allow\nDeny from all\nAllow from 10.0.0.0/8\n';
  it('a .htaccess with Allow is fine under Limit in 2.2, and its Require translation gives 500 under Limit in 2.4', () => {
    const { output } = migrateText(old, '.htaccess');
    expect(output).toBe('Require ip 10.0.0.0/8\n');
    const r = req({ ip: '10.1.1.1' });
    expect(decide22(models(old, '2.2', 'real'), r).status).toBe(200);
    expect(decide24(models(output, '2.4', 'real'), r)).toMatchObject({ status: 500 });
  });
  it('is equivalent once the enclosing AllowOverride grants AuthConfig', () => {
    const before = models(old, '2.2', 'real');
    const after = models('Require ip 10.0.0.0/8\n', '2.4', 'migrated');
    expect(compareModels(before, after).equivalent).toBe(true);
    expect(decide24(after, req({ ip: '192.0.2.1', credentials: ALICE })).status).toBe(403);
  });
});
