/**
 * A `Require user` or `Require group` name that 2.2 read as one quoted word ("john smith", "my group"), or an
 * environment variable of `Allow from "env=also in"`: the translation writes it quoted again, in a 2.2 tree and
 * in one that already mixes 2.4 lines with compat ones (translate-mixed.ts). Written bare, 2.4 reads two names,
 * so the prover refused the rewrite and the section kept its 2.2 lines and mod_access_compat.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { confWord, quoteWord } from '../../src/parse/words.js';
import { parse } from '../../src/parse/parser.js';
import { migrate } from '../../src/migrate.js';
import { loadProject } from '../../src/project/load.js';
import { runBatch, WITHOUT_COMPAT, type BatchResult } from '../oracle/harness.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { tempDir } from '../helpers/tmp.js';

describe('confWord', () => {
  it('leaves a word bare where the lexer reads it back unchanged, and quotes it where it would not', () => {
    const cases: [string, boolean][] = [
      ['alice', false], ["o'brien", false], ['back\\slash', false], ['end\\', false],
      ['john smith', true], ['tab\there', true], ['', true], ['"q"', true], ["'q'", true], ['two\\\\backslashes', true],
    ];
    for (const [value, quoted] of cases) {
      const word = confWord(value);
      expect([value, word]).toEqual([value, quoted ? quoteWord(value) : value]);
      const line = parse(`Require user ${word} x\n`, 'x.conf').children[0]!;
      expect(line.type === 'directive' && line.args.map((a) => a.value)).toEqual(['user', value, 'x']);
    }
  });
});

/** A tree already read by 2.4 with mod_access_compat: its modules, and a section in 2.4 syntax. */
const MIXED = ['authz_core', 'access_compat', 'authz_host', 'authn_core', 'authn_file', 'auth_basic', 'authz_user', 'authz_groupfile', 'mpm_prefork']
  .map((m) => `LoadModule ${m}_module modules/mod_${m}.so\n`).join('');

/**
 * A main config with `head` before its DocumentRoot and the sections `body` gives (told the DocumentRoot), migrated:
 * its sections (the DocumentRoot as @DIR@), how many prefer-require rewrites it made, and its findings left.
 */
function migrateSections(head: string, body: (docroot: string) => string): { conf: string; applied: number; remaining: string[] } {
  const root = tempDir();
  const docroot = join(root, 'htdocs');
  mkdirSync(docroot, { recursive: true });
  writeFileSync(join(root, 'httpd.conf'), `ServerRoot "${root}"\nListen 127.0.0.1:18181\n${head}DocumentRoot "${docroot}"\n${body(docroot)}`);
  const result = migrate(loadProject([join(root, 'httpd.conf')], { cwd: root }));
  const out = result.files[0]!.output;
  return {
    conf: out.slice(out.indexOf('<Directory')).replaceAll(docroot, '@DIR@'),
    applied: result.files[0]!.applied.filter((p) => p.ruleId === 'prefer-require').length,
    remaining: result.files.flatMap((f) => f.remaining).filter((p) => p.ruleId === 'prefer-require').map((p) => p.message),
  };
}

function migrated(mixed = false): ReturnType<typeof migrateSections> {
  const auth = '    AuthType Basic\n    AuthName "members"\n    AuthUserFile "@HTPASSWD@"\n    AuthGroupFile "@GROUPS@"\n';
  return migrateSections(mixed ? MIXED : '', (docroot) => (mixed ? `<Directory "${docroot}/open">\n    Require all granted\n</Directory>\n` : '')
    + `<Directory "${docroot}/users">\n${auth}    Require user "john smith" alice\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.5\n    Satisfy all\n</Directory>\n`
    + `<Directory "${docroot}/groups">\n${auth}    Require group "my group"\n    Order deny,allow\n    Deny from all\n    Allow from 127.0.0.5\n    Satisfy all\n</Directory>\n`);
}

describe('Require user and group names with a space', () => {
  it.each([['a 2.2 tree', false], ['a tree that mixes 2.4 and compat lines', true]])('are rewritten in %s, proven, with the names quoted', (_, mixed) => {
    const m = migrated(mixed);
    expect(m.remaining).toEqual([]);
    expect(m.applied).toBe(2);
    expect(m.conf).not.toMatch(/^\s*(Order|Allow|Deny|Satisfy) /m);
    expect(m.conf).toContain('Require user "john smith" alice');
    expect(m.conf).toContain('Require group "my group"');
  });
});

/** Host rules on environment variables whose names hold a space, set by mod_setenvif from the client address. */
function migratedEnv(): ReturnType<typeof migrateSections> {
  return migrateSections('', (docroot) => `<Directory "${docroot}/blocked">\n    SetEnvIf Remote_Addr "^127\\.0\\.0\\.5$" "bad bot"\n    Order allow,deny\n    Allow from all\n    Deny from "env=bad bot"\n</Directory>\n`
    + `<Directory "${docroot}/listed">\n    SetEnvIf Remote_Addr "^127\\.0\\.0\\.7$" "also in"\n    Order deny,allow\n    Deny from all\n    Allow from env=let_me_in "env=also in"\n</Directory>\n`);
}

describe('Allow and Deny on an environment variable whose name holds a space', () => {
  it('are rewritten, proven, with the names quoted', () => {
    const m = migratedEnv();
    expect(m.remaining).toEqual([]);
    expect(m.applied).toBe(2);
    expect(m.conf).toMatch(/<RequireNone>\s+Require env "bad bot"\s+<\/RequireNone>/);
    expect(m.conf).toContain('Require env let_me_in "also in"');
  });
});

const oracle = requireHttpdOrSkip();

describe.skipIf(oracle.skip)('the quoted names on the real httpd 2.4 without mod_access_compat', () => {
  let result: BatchResult;
  beforeAll(async () => {
    const as = (user: string, path: string, from = '127.0.0.5') => ({ path, from, user, pass: 'pw' });
    const requests = [
      as('john smith', '/users/f.html'), as('alice', '/users/f.html'), as('john', '/users/f.html'),
      as('john smith', '/users/f.html', '127.0.0.6'),
      as('bob', '/groups/f.html'), as('carl', '/groups/f.html'),
    ];
    result = await runBatch({
      modules: WITHOUT_COMPAT,
      users: { 'john smith': 'pw', john: 'pw', alice: 'pw', bob: 'pw', carl: 'pw' },
      // carl is in groups "my" and "group", which the name written bare would have meant.
      groups: { 'my group': ['bob'], my: ['carl'], group: ['carl'] },
      scenarios: [false, true].map((mixed) => ({ config: migrated(mixed).conf, requests })),
    });
  }, 120_000);

  it('answers as 2.2 did: the quoted name is one user or group', () => {
    expect(result.startError ?? '').toBe('');
    for (const s of result.scenarios) expect(s.results.map((r) => r.status)).toEqual([200, 200, 401, 403, 200, 401]);
  });
});

describe.skipIf(oracle.skip)('the quoted environment variables on the real httpd 2.4 without mod_access_compat', () => {
  let result: BatchResult;
  beforeAll(async () => {
    result = await runBatch({
      modules: [...WITHOUT_COMPAT, 'setenvif'],
      scenarios: [{
        config: migratedEnv().conf,
        requests: ['127.0.0.5', '127.0.0.6'].map((from) => ({ path: '/blocked/f.html', from }))
          .concat(['127.0.0.7', '127.0.0.6'].map((from) => ({ path: '/listed/f.html', from }))),
      }],
    });
  }, 120_000);

  it('answers as 2.2 did: the client that sets "bad bot" refused, the one that sets "also in" let in', () => {
    expect(result.startError ?? '').toBe('');
    expect(result.scenarios[0]!.results.map((r) => r.status)).toEqual([403, 200, 200, 403]);
  });
});
