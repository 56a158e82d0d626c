/**
 * Long lists of host rules: a blocklist of thousands of `Deny from` lines, as hosting sites keep in their
 * .htaccess files. The deciders look such a list up (host-rules.ts hostIndex, subnet-set.ts) instead of
 * testing every word for every request, which made a list of N words N² tests (20,000 lines: 72 s in a
 * <Directory>, 282 s in a .htaccess). The translation writes such a list as several Require lines: the real
 * 2.4 answers 500 ("Line too long") for every request under a .htaccess with a line of 8,192 bytes or more.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryMatches, hostAllows } from '../../src/access/decide/host-rules.js';
import { evalTree, merge } from '../../src/access/decide/index.js';
import { applies } from '../../src/access/decide/merge.js';
import { type AuthzNode, clientAddress, formatAddress, type Item, parseAddress, subnetContains, subnetRange } from '../../src/access/model/index.js';
import { migrate } from '../../src/migrate.js';
import { loadProject } from '../../src/project/load.js';
import { RunCache } from '../../src/project/run-cache.js';
import { runBatch, WITHOUT_COMPAT, type BatchResult } from '../oracle/harness.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { tempDir } from '../helpers/tmp.js';
import { m22, m24, req } from './helpers.js';

/** hostAllows as it was: every word of every line, in order. */
function reference(items: readonly Item[], r: ReturnType<typeof req>): boolean {
  const addr = parseAddress(r.ip);
  let order = 'deny,allow';
  let a = false;
  let d = false;
  for (const it of items) {
    if (!('mask' in it) || !applies(it.mask, r.method)) continue;
    if (it.k === 'order') order = it.value;
    else if (it.k === 'allow') a ||= it.entries.some((e) => entryMatches(e, r, addr));
    else if (it.k === 'deny') d ||= it.entries.some((e) => entryMatches(e, r, addr));
  }
  return order === 'deny,allow' ? a || !d : a && !d;
}

function random(seed: number): (n: number) => number {
  let s = seed;
  return (n) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
}

/** A word of an Allow/Deny line: addresses, networks (some overlapping, one not normalized, one non-contiguous), IPv6, names, env. */
function word(rand: (n: number) => number): string {
  const a = `10.${rand(4)}.${rand(8)}`;
  switch (rand(11)) {
    case 0: return `${a}.${rand(256)}`;
    case 1: return `${a}.0/24`;
    case 2: return `10.${rand(4)}.0.0/16`;
    case 3: return `${a}.${rand(256)}/30`;
    case 4: return `${a}.5/24`;
    case 5: return `10.${rand(4)}.0.0/255.0.255.0`;
    case 6: return `2001:db8::${rand(16).toString(16)}/126`;
    case 7: return `.h${rand(5)}.example`;
    case 8: return `env=v${rand(3)}`;
    case 9: return `10.${rand(4)}`;
    default: return rand(20) === 0 ? 'all' : `${a}.${rand(256)}/${20 + rand(13)}`;
  }
}

/** A <Directory> with Order and many Allow/Deny lines, some under a method limit. */
function section(seed: number, lines: number): string {
  const rand = random(seed);
  const out = ['<Directory /srv/htdocs>', rand(2) ? 'Order allow,deny' : 'Order deny,allow'];
  for (let i = 0; i < lines; i++) {
    const l = `${rand(2) ? 'Allow' : 'Deny'} from ${Array.from({ length: 1 + rand(3) }, () => word(rand)).join(' ')}`;
    out.push(rand(12) === 0 ? `<Limit POST>\n${l}\n</Limit>` : l);
  }
  if (rand(4) === 0) out.push('<Limit GET>\nOrder deny,allow\n</Limit>');
  return `${out.join('\n')}\n</Directory>\n`;
}

/** Each IPv4 subnet's first and last address and the two beside them: where an interval's bounds would show. */
function edges(items: readonly Item[]): string[] {
  const out = new Set<string>();
  for (const it of items) {
    if (it.k !== 'allow' && it.k !== 'deny') continue;
    for (const e of it.entries) {
      if (e.kind !== 'ip' || e.subnet.family !== 4) continue;
      const [lo, hi] = subnetRange(e.subnet);
      for (const v of [lo - 1n, lo, hi, hi + 1n]) if (v >= 0n && v <= 0xffffffffn) out.add(formatAddress(4, v));
    }
  }
  return [...out];
}

const CLIENTS = ['10.0.0.0', '10.0.0.1', '10.0.1.5', '10.1.2.3', '10.1.255.255', '10.2.0.7', '10.3.7.255', '10.3.8.0', '10.4.0.0', '10.0.5.4', '127.0.0.1', '::ffff:10.0.1.5', '2001:db8::5', '2001:db8::11', '::1'];

describe('host rules of a long list', () => {
  it('let through the same requests as each word tested in turn', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const m = m22(section(seed, 40 + (seed % 5) * 30));
      const items = merge(m, req({ path: '/f.html' })).host!;
      expect(items.length).toBeGreaterThanOrEqual(32);
      const cache = new RunCache();
      for (const ip of [...CLIENTS, ...edges(items)]) {
        for (const method of ['GET', 'POST']) {
          for (const env of [[], ['v1']]) {
            const r = req({ ip, method, env, host: ip === '10.0.1.5' ? 'www.h1.example' : null });
            expect([seed, ip, method, env, hostAllows(items, r, clientAddress(cache, r.ip), cache)]).toEqual([seed, ip, method, env, reference(items, r)]);
          }
        }
      }
    }
  });
});

describe('a long Require ip list', () => {
  it('grants the same clients as each subnet tested in turn', () => {
    const rand = random(7);
    const words = Array.from({ length: 200 }, () => word(rand)).filter((w) => /^[0-9a-f:.]+(\/[0-9.]+)?$/.test(w) && !w.startsWith('.'));
    const m = m24(`<Directory /srv/htdocs>\nRequire ip ${words.join(' ')}\n</Directory>\n`);
    const tree = merge(m, req({})).tree as AuthzNode & { kind: 'container' };
    const node = tree.children.find((c) => c.kind === 'provider' && c.name === 'ip') as Extract<AuthzNode, { kind: 'provider' }>;
    expect(node.subnets!.length).toBeGreaterThanOrEqual(32);
    const cache = new RunCache();
    for (const ip of CLIENTS) {
      const r = req({ ip });
      const addr = parseAddress(ip);
      const expected = addr !== null && node.subnets!.some((s) => subnetContains(s, addr)) ? 'granted' : 'denied';
      expect([ip, evalTree(node, true, r, null, merge(m, r), addr, cache)]).toEqual([ip, expected]);
    }
  });
});

/**
 * A site whose DocumentRoot lets .htaccess files override everything, with the given .htaccess files (directory below the
 * DocumentRoot → text), migrated: the main config's sections (the DocumentRoot as @DIR@), each file's output and the
 * prefer-require findings left.
 */
function migrateSite(htaccess: Record<string, string>): { conf: string; out: (dir: string) => string; refusals: string[]; applied: (dir: string) => string } {
  const root = tempDir();
  const docroot = join(root, 'htdocs');
  writeFileSync(join(root, 'httpd.conf'), `ServerRoot "${root}"\nListen 127.0.0.1:18181\nDocumentRoot "${docroot}"\n<Directory "${docroot}">\n    AllowOverride All\n    Order allow,deny\n    Allow from all\n</Directory>\n`);
  for (const [dir, text] of Object.entries(htaccess)) {
    mkdirSync(join(docroot, dir), { recursive: true });
    writeFileSync(join(docroot, dir, '.htaccess'), text);
  }
  const result = migrate(loadProject([join(root, 'httpd.conf')], { cwd: root }));
  const file = (path: string) => result.files.find((f) => f.file.path === path)!;
  const conf = file(join(root, 'httpd.conf')).output;
  return {
    conf: conf.slice(conf.indexOf('<Directory')).replaceAll(docroot, '@DIR@'),
    out: (dir) => file(join(docroot, dir, '.htaccess')).output,
    refusals: result.files.flatMap((f) => f.remaining).filter((p) => p.ruleId === 'prefer-require').map((p) => p.message),
    applied: (dir) => file(join(docroot, dir, '.htaccess')).applied.find((p) => p.ruleId === 'prefer-require')!.message,
  };
}

/** A site whose .htaccess keeps a blocklist of 1,500 addresses, one `Deny from` line each, and one that allows a list. */
function migrated(): { conf: string; blocked: string; allowed: string; refusals: string[]; said: string } {
  const list = Array.from({ length: 1500 }, (_, i) => `10.${i >> 8}.${i & 255}.7`);
  const site = migrateSite({
    blocked: `Order allow,deny\nAllow from all\n${[...list, '127.0.0.5'].map((a) => `Deny from ${a}\n`).join('')}`,
    allowed: `Order deny,allow\nDeny from all\nAllow from ${list.slice(0, 700).join(' ')}\nAllow from ${[...list.slice(700), '127.0.0.5'].join(' ')}\n`,
  });
  return { conf: site.conf, blocked: site.out('blocked'), allowed: site.out('allowed'), refusals: site.refusals, said: site.applied('blocked') };
}

describe('a .htaccess blocklist of 1,500 lines', () => {
  it('is rewritten as Require lines 2.4 reads in a .htaccess (each under 8,192 bytes), proven', () => {
    const m = migrated();
    expect(m.refusals).toEqual([]);
    for (const text of [m.blocked, m.allowed]) {
      expect(text).not.toMatch(/Order|Allow|Deny/);
      expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(4100);
      expect(text.match(/Require ip /g)!.length).toBeGreaterThan(3);
    }
    // The blocklist's lines are alternatives inside <RequireNone>; the allowed list's, Require lines side by side (any one grants).
    expect(m.blocked).toMatch(/<RequireNone>/);
  });

  it('is quoted in part in the finding, with how many lines the rewrite has (the patch has them all)', () => {
    const m = migrated();
    const lines = m.blocked.trimEnd().split('\n').length;
    expect(m.said.length).toBeLessThan(2000);
    expect(m.said).toContain(`Write instead: <RequireAll> | Require all granted | <RequireNone> | Require ip 10.0.0.7 10.0.1.7`);
    expect(m.said).toContain(`… (${lines} lines in all; \`httpd-migrate diff\` shows them whole). This was checked against 2.2 on every representative request.`);
  });
});

const oracle = requireHttpdOrSkip();

describe.skipIf(oracle.skip)('the rewritten blocklists on the real httpd 2.4 without mod_access_compat', () => {
  let result: BatchResult;
  beforeAll(async () => {
    const m = migrated();
    result = await runBatch({
      modules: WITHOUT_COMPAT,
      scenarios: [{
        config: m.conf,
        htaccess: { blocked: m.blocked, allowed: m.allowed },
        requests: [
          { path: '/blocked/f.html', from: '127.0.0.1' },
          { path: '/blocked/f.html', from: '127.0.0.5' },
          { path: '/allowed/f.html', from: '127.0.0.5' },
          { path: '/allowed/f.html', from: '127.0.0.6' },
        ],
      }],
    });
  }, 120_000);

  it('answers as 2.2 did (the listed client refused, or alone let in), not 500', () => {
    expect(result.startError ?? '').toBe('');
    expect(result.scenarios[0]!.results.map((r) => r.status)).toEqual([200, 403, 200, 403]);
  });
});

/**
 * A 2.2 `Require user` line near 2.2's limit of 8,190 bytes, in a .htaccess with Satisfy all: the rewrite puts it in
 * a <RequireAll>, where the one line indented would pass 2.4's limit (the real 2.4 then answers 500 for every
 * request there). The list is written as several lines in a <RequireAny>, each under 4,100 bytes.
 */
function longUserList(): { conf: string; htaccess: string; remaining: string[]; users: string[] } {
  const users: string[] = [];
  let line = 'Require user';
  for (let i = 1; line.length + 7 <= 8188; i++) {
    users.push(`u${String(i).padStart(5, '0')}`);
    line += ` ${users[users.length - 1]}`;
  }
  const site = migrateSite({ members: `AuthType Basic\nAuthName "members"\nAuthUserFile "@HTPASSWD@"\n${line}\nSatisfy all\nOrder deny,allow\nDeny from all\nAllow from 127.0.0.5\n` });
  return { conf: site.conf, htaccess: site.out('members'), remaining: site.refusals, users };
}

describe('a .htaccess Require user line of 8,188 bytes under Satisfy all', () => {
  it('is rewritten, proven, as several Require user lines in a <RequireAny>, each under 4,100 bytes', () => {
    const m = longUserList();
    expect(m.remaining).toEqual([]);
    expect(m.htaccess).not.toMatch(/Order|Allow|Deny|Satisfy/);
    expect(Math.max(...m.htaccess.split('\n').map((l) => l.length))).toBeLessThan(4100);
    expect(m.htaccess).toMatch(/<RequireAll>\n {4}Require ip 127\.0\.0\.5\n {4}<RequireAny>\n {8}Require user u00001 /);
    const listed = m.htaccess.match(/Require user [^\n]*/g)!.flatMap((l) => l.split(' ').slice(2));
    expect(listed).toEqual(m.users);
  });
});

describe.skipIf(oracle.skip)('the rewritten Require user list on the real httpd 2.4 without mod_access_compat', () => {
  let result: BatchResult;
  beforeAll(async () => {
    const m = longUserList();
    const last = m.users[m.users.length - 1]!;
    result = await runBatch({
      modules: WITHOUT_COMPAT,
      users: { [last]: 'pw', u00001: 'pw', outsider: 'pw' },
      scenarios: [{
        config: m.conf,
        htaccess: { members: m.htaccess },
        requests: [
          { path: '/members/f.html', from: '127.0.0.5', user: last, pass: 'pw' },
          { path: '/members/f.html', from: '127.0.0.5', user: 'u00001', pass: 'pw' },
          { path: '/members/f.html', from: '127.0.0.5', user: 'outsider', pass: 'pw' },
          { path: '/members/f.html', from: '127.0.0.5' },
          { path: '/members/f.html', from: '127.0.0.6', user: last, pass: 'pw' },
        ],
      }],
    });
  }, 120_000);

  it('answers as 2.2 did (a listed user from the allowed address in, others refused), not 500', () => {
    expect(result.startError ?? '').toBe('');
    expect(result.scenarios[0]!.results.map((r) => r.status)).toEqual([200, 200, 401, 401, 403]);
  });
});
