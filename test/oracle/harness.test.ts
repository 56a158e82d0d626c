// Reproduces the verified tables of httpd-oracle.md (in spec/ of the data folder: test/helpers/shared-data.ts) §5 on the real httpd 2.4.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp.js';
import { DEFAULT_MODULES, runBatch, untilCreated, type BatchResult, type OracleRequest } from './harness.js';
import { moduleLoadLines, requireHttpdOrSkip, syntaxCheck } from './httpd.js';

const oracle = requireHttpdOrSkip();

const AUTH = 'AuthType Basic\nAuthName "oracle"\nAuthUserFile "@HTPASSWD@"';
const dir = (body: string) => `<Directory "@DIR@">\n${body}\n</Directory>`;

interface Expected {
  req: OracleRequest;
  status: number;
  ahCodes: string[];
}
interface Row {
  name: string;
  config: string;
  htaccess?: Record<string, string>;
  expected: Expected[];
}

/** [from (last octet or full address), 'user:pass' or '-', status, AH codes ('A,B' or ''), path?] */
type Case = [from: string, creds: string, status: number, ah: string, path?: string];

function expected([from, creds, status, ah, path = '/f.html']: Case): Expected {
  const [user, pass] = creds === '-' ? [] : creds.split(':');
  const req: OracleRequest = { path, from: from.includes('.') ? from : `127.0.0.${from}`, user, pass };
  return { req, status, ahCodes: ah ? ah.split(',') : [] };
}

type PairCase = [from: string, creds: string, status: number, ahOld: string, ahNew: string, path?: string];

/** One §5 row: the 2.2 syntax ("old", run with access_compat) and the 2.4 syntax ("new"). */
function pair(name: string, oldBody: string, newBody: string, cases: PairCase[]): Row[] {
  return [
    { name: `${name} old`, config: dir(oldBody), expected: cases.map(([f, c, s, ahOld, , p]) => expected([f, c, s, ahOld, p])) },
    { name: `${name} new`, config: dir(newBody), expected: cases.map(([f, c, s, , ahNew, p]) => expected([f, c, s, ahNew, p])) },
  ];
}

const DENY_ALL = 'Order deny,allow\nDeny from all';
const HOST_OLD = 'Order Deny,Allow\nDeny from all\nAllow from';
const B_OLD = `${AUTH}\nRequire valid-user\nOrder deny,allow\nDeny from all\nAllow from 127.0.0.2`;
const B_NEW_ALL = `${AUTH}\n<RequireAll>\nRequire valid-user\nRequire ip 127.0.0.2\n</RequireAll>`;

const ROWS: Row[] = [
  ...pair('a1', DENY_ALL, 'Require all denied', [['1', '-', 403, 'AH01797', 'AH01630'], ['9', '-', 403, 'AH01797', 'AH01630']]),
  ...pair('a2', 'Order allow,deny\nAllow from all', 'Require all granted', [['1', '-', 200, '', ''], ['9', '-', 200, '', '']]),
  ...pair('a3', `${HOST_OLD} allowed.example.test`, 'Require host allowed.example.test', [
    ['10', '-', 200, '', ''], ['12', '-', 200, '', ''],
    ['11', '-', 403, 'AH01797', 'AH01630'], ['14', '-', 403, 'AH01797', 'AH01630'],
    ['13', '-', 403, 'AH01797', 'AH01753,AH01630'], ['1', '-', 403, 'AH01797', 'AH01630'],
  ]),
  ...pair('a4', `${HOST_OLD} example.test`, 'Require host example.test', [
    ['10', '-', 200, '', ''], ['11', '-', 200, '', ''], ['12', '-', 200, '', ''],
    ['13', '-', 403, 'AH01797', 'AH01753,AH01630'], ['1', '-', 403, 'AH01797', 'AH01630'],
  ]),
  ...pair('a5', `${HOST_OLD} 127.0.0.2 127.0.1.0/24`, 'Require ip 127.0.0.2 127.0.1.0/24', [
    ['2', '-', 200, '', ''], ['127.0.1.7', '-', 200, '', ''], ['3', '-', 403, 'AH01797', 'AH01630'],
  ]),
  ...pair('b1', `${B_OLD}\nSatisfy All`, B_NEW_ALL, [
    ['2', '-', 401, '', ''], ['2', 'alice:good', 200, '', ''], ['2', 'alice:wrong', 401, 'AH01617', 'AH01617'],
    ['3', '-', 403, 'AH01797', 'AH01630'], ['3', 'alice:good', 403, 'AH01797', 'AH01630'],
    ['3', 'alice:wrong', 403, 'AH01797', 'AH01630'],
  ]),
  ...pair('b2', B_OLD, B_NEW_ALL, [
    ['2', '-', 401, '', ''], ['2', 'alice:good', 200, '', ''], ['3', 'alice:good', 403, 'AH01797', 'AH01630'],
  ]),
  ...pair('b3', `${B_OLD}\nSatisfy Any`, `${AUTH}\nRequire valid-user\nRequire ip 127.0.0.2`, [
    ['2', '-', 200, '', ''], ['2', 'alice:wrong', 200, '', ''],
    ['3', '-', 401, 'AH01797', ''], ['3', 'alice:good', 200, 'AH01797', ''],
    ['3', 'alice:wrong', 401, 'AH01797,AH01617', 'AH01617'], ['3', 'nobody:x', 401, 'AH01797,AH01618', 'AH01618'],
  ]),
  ...pair('b4', `Order allow,deny\nAllow from all\n${AUTH}\nRequire user alice`, `${AUTH}\nRequire user alice`, [
    ['1', '-', 401, '', ''], ['1', 'alice:good', 200, '', ''],
    ['1', 'bob:good', 401, 'AH01631', 'AH01631'], ['1', 'alice:wrong', 401, 'AH01617', 'AH01617'],
  ]),
  {
    name: 'c1',
    config: `${dir(`AllowOverride None\n${DENY_ALL}`)}\n<Location "@LOC@/server-status">\nSetHandler server-status\nRequire local\n</Location>`,
    expected: [expected(['1', '-', 403, 'AH01797', '/server-status']), expected(['5', '-', 403, 'AH01797', '/server-status'])],
  },
  {
    name: 'c2',
    config: `${dir('AllowOverride None\nRequire all denied')}\n<Location "@LOC@/server-status">\nSetHandler server-status\n${DENY_ALL}\nAllow from 127.0.0.1\n</Location>`,
    expected: [expected(['1', '-', 403, 'AH01630', '/server-status']), expected(['5', '-', 403, 'AH01797', '/server-status'])],
  },
  {
    name: 'c3',
    config: `${dir('Require all granted')}\n<Directory "@DIR@/sub">\n${DENY_ALL}\n</Directory>`,
    expected: [expected(['1', '-', 200, '']), expected(['1', '-', 403, 'AH01797', '/sub/f.html'])],
  },
  {
    name: 'c4',
    config: `${dir('Order allow,deny\nAllow from all')}\n<Location "@LOC@/sub">\nRequire all denied\n</Location>`,
    expected: [expected(['1', '-', 200, '']), expected(['1', '-', 403, 'AH01630', '/sub/f.html'])],
  },
  {
    name: 'h1',
    config: dir('AllowOverride All\nRequire all granted'),
    htaccess: { sub: DENY_ALL },
    expected: [expected(['1', '-', 200, '']), expected(['1', '-', 403, 'AH01797', '/sub/f.html'])],
  },
  {
    name: 'h2',
    config: dir('AllowOverride AuthConfig\nRequire all granted'),
    htaccess: { '': DENY_ALL },
    expected: [expected(['1', '-', 500, ''])],
  },
  {
    name: 'h3',
    config: dir('AllowOverride AuthConfig\nOrder allow,deny\nAllow from all'),
    htaccess: { '': 'Require all denied' },
    expected: [expected(['1', '-', 403, 'AH01630'])],
  },
  {
    name: 'Location only',
    config: '<Location "@LOC@">\nRequire ip 127.0.0.2\n</Location>',
    expected: [expected(['2', '-', 200, '']), expected(['3', '-', 403, 'AH01630'])],
  },
];

/** PIDs of live processes whose command line mentions `root`. */
function processesMentioning(root: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(root);
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
}

describe('untilCreated (httpd can accept on its port before it has opened its error log)', () => {
  it('waits for a file that appears later, and gives up when the server is gone', async () => {
    const tmp = tempDir('until-created-');
    const log = join(tmp, 'error.log');
    setTimeout(() => writeFileSync(log, ''), 50);
    expect(await untilCreated(log, () => true)).toBe(true);
    expect(existsSync(log)).toBe(true);
    expect(await untilCreated(join(tmp, 'never.log'), () => false)).toBe(false);
    expect(await untilCreated(join(tmp, 'never.log'), () => true, 30)).toBe(false);
  });
});

describe('moduleLoadLines', () => {
  it('writes Debian LoadModule lines and leaves out built-in modules', () => {
    expect(moduleLoadLines(['mpm_event', 'unixd', 'authz_core', 'log_config'], '/m')).toBe(
      'LoadModule mpm_event_module /m/mod_mpm_event.so\nLoadModule authz_core_module /m/mod_authz_core.so',
    );
  });
});

describe.skipIf(oracle.skip)('httpd oracle (spec §5 tables on real httpd 2.4)', () => {
  let batch: BatchResult;

  beforeAll(async () => {
    batch = await runBatch({
      scenarios: ROWS.map((row) => ({ config: row.config, htaccess: row.htaccess, requests: row.expected.map((e) => e.req) })),
      modules: [...DEFAULT_MODULES, 'status'],
      users: { alice: 'good', bob: 'good' },
      hosts: {
        '127.0.0.10': ['allowed.example.test'],
        '127.0.0.11': ['other.example.test'],
        '127.0.0.12': ['www.allowed.example.test'],
        '127.0.0.14': ['notallowed.example.test'],
      },
    });
    const m = batch.ms;
    console.log(`§5 batch: start ${m.start.toFixed(1)} ms, requests ${m.requests.toFixed(1)} ms, stop ${m.stop.toFixed(1)} ms`);
  });

  it('starts', () => {
    expect(batch.startError).toBeUndefined();
    expect(batch.ok).toBe(true);
  });

  it.each(ROWS.map((row, i) => ({ ...row, i })))('$name', ({ i, expected: rows }) => {
    const actual = batch.scenarios[i]?.results.map(({ status, ahCodes }) => ({ status, ahCodes }));
    expect(actual).toEqual(rows.map(({ status, ahCodes }) => ({ status, ahCodes })));
  });

  it('h2 logs the .htaccess error without an AH code', () => {
    const i = ROWS.findIndex((row) => row.name === 'h2');
    expect(batch.scenarios[i]?.results[0]?.log.join('\n')).toMatch(/\[core:alert\].*\.htaccess: order not allowed here/);
  });

  it('leaves no server process and no server root behind', () => {
    expect(processesMentioning(batch.root)).toEqual([]);
    expect(existsSync(batch.root)).toBe(false);
  });

  it('reports a start-up error and still leaves nothing behind', async () => {
    const failed = await runBatch({ scenarios: [{ config: 'Bogus directive', requests: [{ path: '/f.html', from: '127.0.0.1' }] }] });
    expect(failed.ok).toBe(false);
    expect(failed.startError).toContain("Invalid command 'Bogus'");
    expect(processesMentioning(failed.root)).toEqual([]);
    expect(existsSync(failed.root)).toBe(false);
  });
});

describe.skipIf(oracle.skip)('syntaxCheck', () => {
  const conf = (modules: string[]) =>
    `${moduleLoadLines(['mpm_event', 'authz_core', ...modules])}\n<Directory "@ROOT@">\nOrder deny,allow\nDeny from all\n</Directory>`;

  it("rejects Order without access_compat: Invalid command 'Order'", async () => {
    const result = await syntaxCheck(conf([]));
    expect(result.ok).toBe(false);
    expect(result.exit).toBe(1);
    expect(result.stderr).toContain("Invalid command 'Order'");
  });

  it('accepts Order with access_compat loaded', async () => {
    const result = await syntaxCheck(conf(['access_compat']));
    expect(result).toMatchObject({ ok: true, exit: 0 });
    expect(result.stderr).toContain('Syntax OK'); // 2.4.71 prints it on stderr, not stdout
  });
});
