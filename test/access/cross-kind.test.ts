/**
 * Host rules, Require and Satisfy split over sections of different kinds (semantics §2.1, §4.5):
 * the case of issue 9, where a `<Location>` that sets only Satisfy Any sits over a `<Directory>`
 * with Require valid-user and host rules. 2.2 keeps the Directory's host rules and Require for
 * the Location (Satisfy lives in core, not in mod_authz_host's record), so /sub means "the
 * allowed address or a valid user"; the 2.4 mod_access_compat reading (a Satisfy-only section
 * resets the host rules) would grant everyone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decide22 } from '../../src/access/decide/index.js';
import { runBatch, WITHOUT_COMPAT, type BatchResult } from '../oracle/harness.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { m22, req } from './helpers.js';
import { migrateText, prove } from './prove-helpers.js';

const oracle = requireHttpdOrSkip();

const example = (dir: string, loc: string, ip: string) => `<Directory "${dir}">
    AuthType Basic
    AuthName "t"
    AuthUserFile @HTPASSWD@
    Require valid-user
    Order deny,allow
    Deny from all
    Allow from ${ip}
</Directory>
<Location "${loc}/sub">
    Satisfy Any
</Location>
`;

const input = example('/srv/htdocs', '', '10.0.0.2');

describe('a <Location> with only Satisfy Any over a <Directory> with Require and host rules', () => {
  it('asks 2.2 for credentials from other addresses, and lets the allowed address in', () => {
    expect(decide22(m22(input), req({ path: '/sub/f.html', ip: '10.0.0.1' })).status).toBe(401);
    expect(decide22(m22(input), req({ path: '/sub/f.html', ip: '10.0.0.2' })).status).toBe(200);
  });

  it('is rewritten as "the address or a valid user" in the <Location>, never as Require all granted, and proven', () => {
    const { output } = migrateText(input);
    expect(output).toContain('<Location "/sub">\n    Require ip 10.0.0.2\n    Require valid-user\n</Location>');
    expect(output).not.toContain('Require all granted');
    expect(prove(input, output).equivalent).toBe(true);
  });
});

describe.skipIf(oracle.skip)('the rewrite of that case on the real httpd 2.4 without mod_access_compat', () => {
  // On loopback: 127.0.0.2 stands for 10.0.0.2, 127.0.0.1 for 10.0.0.1.
  const output = migrateText(example('/srv/htdocs', '', '127.0.0.2')).output
    .replaceAll('"/srv/htdocs"', '"@DIR@"').replaceAll('"/sub"', '"@LOC@/sub"');
  const requests = [
    { path: '/sub/f.html', from: '127.0.0.1' },
    { path: '/sub/f.html', from: '127.0.0.1', user: 'alice', pass: 'good' },
    { path: '/sub/f.html', from: '127.0.0.2' },
    { path: '/f.html', from: '127.0.0.2' },
  ];
  let result: BatchResult;
  beforeAll(async () => {
    result = await runBatch({
      modules: WITHOUT_COMPAT,
      users: { alice: 'good' },
      scenarios: [{ config: output, requests }],
    });
  }, 120_000);

  it('answers 401 to 10.0.0.1 without credentials, 200 with them, and 200 to 10.0.0.2', () => {
    expect(output).toContain('Require ip 127.0.0.2\n    Require valid-user\n</Location>');
    expect(result.startError ?? '').toBe('');
    // /f.html keeps the Directory's "address and valid user": 401 even for 10.0.0.2.
    expect(result.scenarios[0]!.results.map((r) => r.status)).toEqual([401, 200, 200, 401]);
  });
});

describe('a <Location> with only Satisfy Any over a <Directory> whose host rules fail for POST (oracle22 m22-0004)', () => {
  const input = `<Location "/s4">\n Satisfy Any\n</Location>\n<Directory "/srv/htdocs/s4">\n <LimitExcept GET>\n  Order allow,deny\n  Deny from 127.0.0.5\n </LimitExcept>\n</Directory>\n`;
  it('is 403 for POST in 2.2: Satisfy Any with failing host rules and no Require anywhere', () => {
    expect(decide22(m22(input), req({ path: '/s4/f.html', file: '/srv/htdocs/s4/f.html', method: 'POST' })).status).toBe(403);
  });
  it('is rewritten so that POST stays 403 (not Require all granted), and proven', () => {
    const { output } = migrateText(input);
    expect(output).toContain('<Location "/s4">\n <Limit GET>\n     Require all granted\n </Limit>\n <LimitExcept GET>\n     Require all denied\n </LimitExcept>\n</Location>');
    expect(prove(input, output).equivalent).toBe(true);
  });
  it('meets the <Directory> at the directory itself (/s4 is the directory /srv/htdocs/s4, not a file in /srv/htdocs)', () => {
    expect(decide22(m22(input), req({ path: '/s4', file: '/srv/htdocs/s4', method: 'POST' })).status).toBe(403);
  });
});
