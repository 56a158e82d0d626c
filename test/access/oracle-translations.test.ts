/**
 * Differential check against the real httpd 2.4 (skipped when it is not
 * installed): for every Order × Allow × Deny combination (with loopback
 * addresses, host names from nss_wrapper and variables from SetEnvIf), the
 * original lines (run with mod_access_compat, which for a single section is
 * 2.2's evaluation, httpd-oracle.md §8) and the rewrite (pure 2.4) must both
 * give the status decide22 predicts. A rewrite that 2.4 refuses to start
 * fails the whole batch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { DEFAULT_MODULES, runBatch, WITHOUT_COMPAT, type BatchResult } from '../oracle/harness.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { dir, m22, m24, req } from './helpers.js';
import { migrateText } from './prove-helpers.js';

const oracle = requireHttpdOrSkip();

const ALLOW = [null, 'all', '127.0.1.2', '127.0.1', '127.0.0.0/23', 'example.test', 'env=good', 'env=!bad'];
const DENY = [null, 'all', '127.0.1.2', '127.0.1', '127.0.0.0/23', 'bad.example.test', 'env=bad', 'env=!good'];
const ORDERS = ['Deny,Allow', 'Allow,Deny', 'Mutual-failure'];

/** Clients: address, the name nss_wrapper gives it, the variables SetEnvIf sets for it. */
const CLIENTS: [string, string | null, string[]][] = [
  ['127.0.1.2', null, []],
  ['127.0.0.10', 'www.example.test', ['good']],
  ['127.0.9.3', 'bad.example.test', ['good', 'bad']],
  ['127.0.9.2', 'notexample.test', ['bad']],
  ['127.0.2.1', null, []],
];

const GLOBAL = 'SetEnvIf Remote_Addr "^127\\.0\\.(0\\.10|9\\.3)$" good\nSetEnvIf Remote_Addr "^127\\.0\\.9\\.[23]$" bad\n';

interface Case { name: string; old: string; neu: string }

const cases: Case[] = [];
for (const order of ORDERS) for (const a of ALLOW) for (const d of DENY) {
  const body = [`Order ${order}`, a && `Allow from ${a}`, d && `Deny from ${d}`].filter(Boolean).join('\n');
  const input = dir(body);
  const output = migrateText(input).output;
  const inner = (t: string) => t.split('\n').slice(1, -2).join('\n');
  cases.push({ name: `Order ${order}, Allow ${a ?? 'none'}, Deny ${d ?? 'none'}`, old: inner(input), neu: inner(output) });
}

describe.skipIf(oracle.skip)('translations on the real httpd 2.4', () => {
  let result: BatchResult;
  beforeAll(async () => {
    result = await runBatch({
      modules: [...DEFAULT_MODULES, 'setenvif'],
      global: GLOBAL,
      hosts: { '127.0.0.10': ['www.example.test'], '127.0.9.3': ['bad.example.test'], '127.0.9.2': ['notexample.test'] },
      scenarios: cases.flatMap((c) => [c.old, c.neu]).map((body) => ({
        config: `<Directory "@DIR@">\n${body}\n</Directory>`,
        requests: CLIENTS.map(([from]) => ({ path: '/f.html', from })),
      })),
    });
  }, 120_000);

  it('starts with every rewrite', () => {
    expect(result.startError ?? '').toBe('');
    expect(result.ok).toBe(true);
  });

  it.each(cases.map((c, i) => [c.name, i] as const))('%s: old and new give the predicted statuses', (_name, i) => {
    const c = cases[i]!;
    const before = m22(dir(c.old));
    const after = m24(dir(c.neu), false);
    const old = result.scenarios[2 * i]!.results;
    const neu = result.scenarios[2 * i + 1]!.results;
    CLIENTS.forEach(([ip, host, env], k) => {
      const r = req({ ip, host, env });
      const want = decide22(before, r).status;
      expect(decide24(after, r).status, `model 2.4 for ${ip}`).toBe(want);
      expect(old[k]!.status, `real 2.4 + compat, old lines, ${ip}`).toBe(want);
      expect(neu[k]!.status, `real 2.4, rewrite, ${ip}`).toBe(want);
    });
  });
});

/** Whole-section rewrites (the §3.5/§4.5 traps and the authz modules) run on the real 2.4 and checked against decide22 of the original. */
const AUTH = 'AuthType Basic\nAuthName "oracle"\nAuthUserFile "@HTPASSWD@"';
const TREES: [string, string][] = [
  ['a Satisfy-only child', `<Directory "@DIR@">\n${AUTH}\nOrder deny,allow\nDeny from all\nAllow from 127.0.1.0/24\nRequire valid-user\n</Directory>\n<Directory "@DIR@/sub">\nSatisfy Any\n</Directory>`],
  ['an Allow-only child', `<Directory "@DIR@">\n${AUTH}\nSatisfy Any\nRequire valid-user\nOrder deny,allow\nDeny from all\n</Directory>\n<Directory "@DIR@/sub">\nAllow from 127.0.1.0/24\n</Directory>`],
  ['Satisfy Any with no Require', `<Directory "@DIR@">\nOrder deny,allow\nDeny from all\nAllow from 127.0.1.0/24\nSatisfy Any\n</Directory>`],
  ['Deny inside <Limit POST>', `<Directory "@DIR@">\nOrder allow,deny\nAllow from all\n<Limit POST>\nDeny from 127.0.1.2\n</Limit>\n</Directory>`],
  ['Require inside <LimitExcept GET>', `<Directory "@DIR@">\n${AUTH}\n<LimitExcept GET>\nRequire valid-user\n</LimitExcept>\n</Directory>`],
  ['valid-user and group under the stock module order', `<Directory "@DIR@">\n${AUTH}\nAuthGroupFile "@GROUPS@"\nRequire valid-user\nRequire group admins\n</Directory>`],
  ['the same with AuthzGroupFileAuthoritative Off', `<Directory "@DIR@">\n${AUTH}\nAuthGroupFile "@GROUPS@"\nAuthzGroupFileAuthoritative Off\nRequire valid-user\nRequire group admins\n</Directory>`],
  ['Satisfy Any with a user list', `<Directory "@DIR@">\n${AUTH}\nOrder allow,deny\nAllow from 127.0.1.2\nRequire user alice\nSatisfy any\n</Directory>`],
];
const REQS = (['/f.html', '/sub/f.html'] as const).flatMap((path) => (['GET', 'POST'] as const).flatMap((method) => ['127.0.1.2', '127.0.2.1'].flatMap((from) =>
  ([[undefined, undefined], ['alice', 'good'], ['bob', 'good'], ['alice', 'wrong']] as const).map(([user, pass]) => ({ path, method, from, user, pass })))));

const DOC = '/srv/htdocs';
const rewritten = TREES.map(([name, text]) => {
  const local = text.replaceAll('@DIR@', DOC);
  return { name, local, output: migrateText(local).output };
});

describe.skipIf(oracle.skip)('whole-section rewrites on the real httpd 2.4', () => {
  let result: BatchResult;
  beforeAll(async () => {
    result = await runBatch({
      modules: WITHOUT_COMPAT,
      users: { alice: 'good', bob: 'good' },
      groups: { admins: ['bob'] },
      scenarios: rewritten.map((t) => ({ config: t.output.replaceAll(DOC, '@DIR@'), requests: REQS.map((r) => ({ ...r, path: r.path })) })),
    });
  }, 120_000);

  it('starts with every rewrite and without mod_access_compat', () => {
    expect(result.startError ?? '').toBe('');
    for (const t of rewritten) expect(t.output).not.toMatch(/^\s*(Order|Allow|Deny|Satisfy|Authz\w+Authoritative)\b/im);
  });

  it.each(rewritten.map((t, i) => [t.name, i] as const))('%s: the rewrite gives what 2.2 gave', (_name, i) => {
    const before = m22(rewritten[i]!.local);
    const results = result.scenarios[i]!.results;
    REQS.forEach((r, k) => {
      const credentials = r.user ? { user: r.user, groups: r.user === 'bob' ? ['admins'] : [], password: r.pass === 'good' ? 'good' as const : 'bad' as const } : null;
      const want = decide22(before, req({ path: r.path, method: r.method, ip: r.from, credentials })).status;
      expect(results[k]!.status, `${r.method} ${r.path} from ${r.from} as ${r.user ?? '-'}:${r.pass ?? ''}`).toBe(want);
    });
  });
});
