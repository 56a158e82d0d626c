/**
 * Runs each rule about mutexes, per-module logging, piped logs and modules over every real
 * corpus file, alone and all together: no crash, no internal failure, the output re-parses
 * without new errors, a second run changes nothing, and every input line a rule rewrote or
 * removed holds one of the directives (or sections) that rule is about. Prints the number of
 * findings per rule.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { diffLines } from 'diff';
import { describe, expect, it } from 'vitest';
import loadImplicitModules from '../../rules/load-implicit-modules.js';
import noDebugLevelOption from '../../rules/no-debug-level-option.js';
import noRemovedModules from '../../rules/no-removed-modules.js';
import pipedLogShell from '../../rules/piped-log-shell.js';
import preferLogLevelDumpio from '../../rules/prefer-log-level-dumpio.js';
import preferLogLevelRewrite from '../../rules/prefer-log-level-rewrite.js';
import preferModCacheDisk from '../../rules/prefer-mod-cache-disk.js';
import preferMutex from '../../rules/prefer-mutex.js';
import thirdPartyModule from '../../rules/third-party-module.js';
import { lintFile } from '../../src/engine/run.js';
import type { Rule } from '../../src/engine/rule.js';
import type { Node } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { CORPUS_DIR, requireCorpusOrSkip } from '../helpers/corpus.js';
import { describeOverCorpus } from '../helpers/corpus-run.js';
import { sourceFile } from '../helpers/source-file.js';

const moduleAndLogRules: Rule[] = [
  loadImplicitModules, noDebugLevelOption, noRemovedModules, pipedLogShell, preferLogLevelDumpio, preferLogLevelRewrite,
  preferModCacheDisk, preferMutex, thirdPartyModule,
];

/** The first word of every line a rule may rewrite or remove (lower case; `<ifmodule` for section lines). */
const TOUCHES: Record<string, string[]> = {
  'load-implicit-modules': [],
  'no-debug-level-option': ['charsetoptions', 'extfilteroptions', 'loglevel'],
  'no-removed-modules': ['loadmodule', '<ifmodule', 'authzdefaultauthoritative', 'authdefaultauthoritative'],
  'piped-log-shell': ['errorlog', 'customlog', 'transferlog'],
  'prefer-log-level-dumpio': ['dumpiologlevel', 'loglevel'],
  'prefer-log-level-rewrite': ['rewritelog', 'rewriteloglevel', 'loglevel'],
  'prefer-mod-cache-disk': ['loadmodule', '<ifmodule'],
  'prefer-mutex': ['acceptmutex', 'lockfile', 'rewritelock', 'sslmutex', 'sslstaplingmutex', 'watchdogmutexpath'],
  'third-party-module': [],
};

const data = requireCorpusOrSkip();
function changedKeywords(before: string, after: string): string[] {
  const spans: { start: number; end: number; key: string }[] = [];
  const visit = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === 'section') {
        spans.push({ start: n.open.start, end: n.open.end, key: `<${n.lname}` });
        visit(n.children);
        if (n.close) spans.push({ start: n.close.start, end: n.close.end, key: `</${n.lname}` });
      } else if (n.type !== 'blank') {
        spans.push({ start: n.start, end: n.end, key: n.type === 'directive' ? n.lname : n.type });
      }
    }
  };
  visit(parse(before, 'x').children);
  const keys: string[] = [];
  let pos = 0;
  for (const c of diffLines(before, after)) {
    if (c.added) continue;
    const end = pos + c.value.length;
    if (c.removed) for (const s of spans) if (s.start < end && pos < s.end && !/^\s*$/.test(before.slice(s.start, s.end))) keys.push(s.key);
    pos = end;
  }
  return keys;
}

describeOverCorpus('module and logging', moduleAndLogRules, {
  title: 'each rule runs, re-parses, is idempotent and keeps other lines',
  alone: true,
  check(rules, text, result) {
    if (rules.length !== 1) return;
    const allowed = TOUCHES[rules[0]!.meta.id]!;
    for (const key of changedKeywords(text, result.output)) expect(allowed, `${rules[0]!.meta.id} changed an unrelated ${key} line`).toContain(key);
  },
});

describe.skipIf(data.skip)('module and logging rules over the Debian squeeze tree as one project', () => {
  const dir = join(CORPUS_DIR, 'debian-squeeze-apache2-2.2.16/debian/config-dir');
  it('reports a2enmod/a2dismod instead of editing Debian module files', () => {
    const rels = ['apache2.conf', ...readdirSync(join(dir, 'mods-available')).map((f) => `mods-available/${f}`)];
    const files = rels.map((rel) => sourceFile(join(dir, rel), readFileSync(join(dir, rel), 'latin1'), { display: rel }));
    const project = projectOf(files);
    const found = files.flatMap((f) => lintFile(f.ast, moduleAndLogRules, project).map((p) => ({ file: f.display, rule: p.ruleId, fix: !!p.fix, message: p.message })));
    expect(found.filter((p) => p.fix && p.file.endsWith('.load'))).toEqual([]);
    // The one edit of apache2.conf by load-implicit-modules moves `Include mods-enabled/*.load` above the MPM tuning blocks,
    // which 2.4 would skip otherwise (the MPM now comes from mods-enabled/).
    expect(found.filter((p) => p.fix).map((p) => `${p.file} ${p.rule}`)).toEqual([
      'apache2.conf load-implicit-modules', 'apache2.conf prefer-mutex', 'mods-available/disk_cache.conf prefer-mod-cache-disk', 'mods-available/ssl.conf prefer-mutex',
    ]);
    expect(found.find((p) => p.fix && p.rule === 'load-implicit-modules')?.message).toMatch(/^2\.2 had its MPM compiled in, so the <IfModule mpm_prefork_module> block above applied\. .*The Include moves to just before the block/);
    const main = found.filter((p) => p.file === 'apache2.conf' && p.rule === 'load-implicit-modules' && !p.fix);
    expect(main).toHaveLength(1);
    expect(main[0]!.message).toMatch(/run `a2dismod mpm_event mpm_worker mpm_prefork; a2enmod mpm_(prefork|worker|event); a2enmod authn_core authz_core access_compat/);
    expect(found.find((p) => p.file === 'mods-available/disk_cache.load')?.message).toContain('a2dismod disk_cache && a2enmod cache_disk');
    expect(found.find((p) => p.file === 'mods-available/authz_default.load')?.message).toContain('a2dismod authz_default');
  });
});
