// The one evaluator of <IfModule>/<IfDefine>/<IfVersion>/<IfDirective> (src/apache/conditions.ts), and the callers that
// used to carry their own: the access evaluator (eval/modules.ts), the missing-module check (httpd/missing-modules.ts) and
// the rules' "does 2.4 read this" test (rules-kit/reach.ts). They disagreed on <IfModule prefork.c>: the access evaluator
// took it for a module named `prefork`, never loaded, so it read the body as skipped where httpd reads it.
import { describe, expect, it } from 'vitest';
import type { Section } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { conditionHolds, moduleOfTest } from '../../src/apache/conditions.js';
import { conditionHolds as accessConditionHolds, type CondContext } from '../../src/access/model/index.js';
import { effectiveLoaded, missingModules } from '../../src/httpd/missing-modules.js';
import { readBy24 } from '../../src/rules-kit/reach.js';
import { httpdModulesDir, moduleLoadLines, requireHttpdOrSkip, syntaxCheck } from '../oracle/httpd.js';

const oracle = requireHttpdOrSkip();

/** The first section of a one-section text. */
function section(text: string): Section {
  const node = parse(text, '/t/httpd.conf').children.find((n) => n.type === 'section');
  if (!node || node.type !== 'section') throw new Error(`no section in ${text}`);
  return node;
}

const access = (version: '2.2' | '2.4', modules: string[], anyModule = false): CondContext =>
  ({ version, modules: new Set(modules), anyModule, defines: new Set() });

describe('moduleOfTest', () => {
  it('names a module the same in every spelling <IfModule> accepts', () => {
    for (const t of ['prefork.c', 'mpm_prefork_module', 'mod_mpm_prefork.c']) expect(moduleOfTest(t)).toBe('mpm_prefork');
    for (const t of ['mod_cache_disk.c', 'cache_disk_module', 'mod_cache_disk.so']) expect(moduleOfTest(t)).toBe('cache_disk');
    expect(moduleOfTest('core.c')).toBe('core');
    expect(moduleOfTest('http_core.c')).toBe('http');
    expect(moduleOfTest('mod_foo.c')).toBe('foo');
    expect(moduleOfTest('foo_module')).toBe('foo');
  });
});

describe('<IfModule prefork.c>: one answer for every caller', () => {
  const prefork = section('<IfModule prefork.c>\n    ExpiresActive On\n</IfModule>\n');
  const byDefine = section('<IfModule mpm_prefork_module>\n    ExpiresActive On\n</IfModule>\n');

  it('holds where the prefork MPM is loaded and not where another is, in the access evaluator', () => {
    expect(accessConditionHolds(prefork, access('2.4', ['mpm_prefork']))).toBe(true);
    expect(accessConditionHolds(prefork, access('2.4', ['mpm_event']))).toBe(false);
    expect(accessConditionHolds(byDefine, access('2.4', ['mpm_prefork']))).toBe(true);
  });

  it('reads the source name and the symbol alike when the tree names no modules, in both versions', () => {
    for (const version of ['2.2', '2.4'] as const) {
      expect(accessConditionHolds(prefork, access(version, [], true))).toBe(true);
      expect(accessConditionHolds(byDefine, access(version, [], true))).toBe(true);
    }
  });

  it('gives the missing-module check the same answer: a directive inside counts only where prefork is loaded', () => {
    const file = parse('<IfModule prefork.c>\n    ExpiresActive On\n</IfModule>\n', '/t/httpd.conf');
    const withPrefork = missingModules([file], effectiveLoaded(['mpm_prefork']), new Set(['mpm_prefork_module']));
    const withEvent = missingModules([file], effectiveLoaded(['mpm_event']), new Set(['mpm_event_module']));
    expect(withPrefork.map((m) => m.module)).toEqual(['expires']);
    expect(withEvent).toEqual([]);
    expect(conditionHolds(prefork, { version: '2.4', hasModule: (m) => m === 'mpm_prefork' })).toBe(true);
  });

  it('is undecided where the modules are not known (the rules), so the rules read the body', () => {
    expect(conditionHolds(prefork, { version: '2.4' })).toBeNull();
    expect(readBy24([prefork])).toBe(true);
  });

  it('takes the core modules as always loaded, even in a tree that lists its modules', () => {
    expect(accessConditionHolds(section('<IfModule core.c>\n</IfModule>\n'), access('2.4', ['mpm_event']))).toBe(true);
    expect(accessConditionHolds(section('<IfModule !http_core.c>\n</IfModule>\n'), access('2.2', ['alias']))).toBe(false);
  });
});

describe('<IfVersion>, <IfDefine>, <IfDirective>', () => {
  it('decides <IfVersion> for both versions, and every caller skips what 2.4 skips', () => {
    const old = section('<IfVersion < 2.3>\n    ExpiresActive On\n</IfVersion>\n');
    expect(conditionHolds(old, { version: '2.2' })).toBe(true);
    expect(conditionHolds(old, { version: '2.4' })).toBe(false);
    expect(readBy24([old])).toBe(false);
    const file = parse('<IfVersion < 2.3>\n    ExpiresActive On\n</IfVersion>\n', '/t/httpd.conf');
    expect(missingModules([file], effectiveLoaded(['mpm_event']), new Set())).toEqual([]);
  });

  it('decides <IfDefine> only against known -D names and <IfDirective> only against known modules', () => {
    const def = section('<IfDefine !SSL>\n</IfDefine>\n');
    expect(conditionHolds(def, { version: '2.4' })).toBeNull();
    expect(conditionHolds(def, { version: '2.4', defines: new Set(['SSL']) })).toBe(false);
    const dir = section('<IfDirective ExpiresActive>\n</IfDirective>\n');
    expect(conditionHolds(dir, { version: '2.4' })).toBeNull();
    expect(conditionHolds(dir, { version: '2.4', hasDirective: (l) => l === 'expiresactive' })).toBe(true);
  });
});

describe.skipIf(oracle.skip)('the answers on the real httpd 2.4', () => {
  // A body httpd reads stops it at the unknown directive; a skipped body does not.
  const run = (mpm: string, test: string) => syntaxCheck(`${moduleLoadLines([mpm], httpdModulesDir())}\n<IfModule ${test}>\n    NoSuchDirective\n</IfModule>\n`);

  it('reads <IfModule prefork.c> and <IfModule mpm_prefork_module> under prefork and skips them under event, as the evaluator says', async () => {
    for (const test of ['prefork.c', 'mpm_prefork_module', '!worker.c']) {
      for (const mpm of ['mpm_prefork', 'mpm_event']) {
        const r = await run(mpm, test);
        const said = accessConditionHolds(section(`<IfModule ${test}>\n</IfModule>\n`), access('2.4', [mpm]));
        expect({ test, mpm, read: r.stderr.includes("Invalid command 'NoSuchDirective'") }).toEqual({ test, mpm, read: said });
      }
    }
  });
});
