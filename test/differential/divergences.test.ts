/**
 * The documented divergences of 2.4 + mod_access_compat from 2.2 (httpd-semantics.md §3.5, §1.9),
 * by name: for each, decide22 and decide24 of the same original config differ as the semantics
 * says, and the real httpd 2.4 gives what decide24 predicts. The generated run (differential.test.ts)
 * meets these cases at random; here each is pinned.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import type { OracleRequest } from '../oracle/harness.js';
import { modelOf, predict, type ScenarioTexts } from './predict.js';
import { runJobs } from './servers.js';
import { statusClass } from './scenario.js';

const oracle = requireHttpdOrSkip();

const AUTH = 'AuthType Basic\n    AuthName "differential"\n    AuthUserFile "@HTPASSWD@"';
const PARENT = `<Directory "@DIR@">\n    AllowOverride All\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.2\n    ${AUTH}\n    Require valid-user\n</Directory>`;

interface Divergence {
  name: string;
  texts: ScenarioTexts;
  request: OracleRequest;
  /** What 2.2 answers and what 2.4 + mod_access_compat answers (semantics §3.5 / §1.9). */
  v22: number;
  v24: number;
}

const CASES: Divergence[] = [
  {
    name: 'a Satisfy-only child resets the host rules to allow-all (fails open)',
    texts: { config: `${PARENT}\n<Directory "@DIR@/sub">\n    Satisfy Any\n</Directory>`, htaccess: {} },
    request: { path: '/sub/f.html', from: '127.0.0.3' }, v22: 401, v24: 200,
  },
  {
    name: 'a .htaccess holding only Satisfy Any does the same',
    texts: { config: PARENT, htaccess: { sub: 'Satisfy Any' } },
    request: { path: '/sub/f.html', from: '127.0.0.3' }, v22: 401, v24: 200,
  },
  {
    name: 'an Allow-only child resets Satisfy to All',
    texts: {
      config: `<Directory "@DIR@">\n    Order deny,allow\n    Deny from all\n    ${AUTH}\n    Require valid-user\n    Satisfy Any\n</Directory>\n<Directory "@DIR@/sub">\n    Allow from 127.0.0.0/24\n</Directory>`,
      htaccess: {},
    },
    request: { path: '/sub/f.html', from: '127.0.0.3' }, v22: 200, v24: 401,
  },
  {
    name: 'Satisfy Any with failing host rules and no Require anywhere',
    texts: { config: '<Directory "@DIR@">\n    Order deny,allow\n    Deny from all\n    Satisfy Any\n</Directory>', htaccess: {} },
    request: { path: '/f.html', from: '127.0.0.3' }, v22: 403, v24: 200,
  },
  {
    name: 'no AllowOverride anywhere: 2.2 obeys the .htaccess (All), 2.4 refuses every directive in it',
    texts: { config: '<Directory "@DIR@">\n    Options FollowSymLinks\n</Directory>', htaccess: { '': 'Order allow,deny\nAllow from all' } },
    request: { path: '/f.html', from: '127.0.0.3' }, v22: 200, v24: 500,
  },
];

describe.skipIf(oracle.skip)('documented divergences of 2.4 + mod_access_compat from 2.2', () => {
  const real = new Map<string, number>();
  beforeAll(async () => {
    const results = await runJobs(CASES.map((c) => ({ texts: c.texts, requests: [c.request] })));
    CASES.forEach((c, i) => real.set(c.name, statusClass(results[i]!.statuses[0]!)));
  }, 60_000);

  for (const c of CASES) {
    it(c.name, () => {
      const [p] = predict(modelOf(c.texts, '2.2'), modelOf(c.texts, '2.4'), [c.request]);
      expect({ decide22: p!.o22.status, decide24: p!.o24.status, real24: real.get(c.name) })
        .toEqual({ decide22: c.v22, decide24: c.v24, real24: c.v24 });
    });
  }
});
