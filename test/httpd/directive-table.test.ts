// Confirms src/apache/directive-table.ts (and the LoadModule lines load-module-for-directive writes) on the real httpd 2.4.
import { describe, expect, it } from 'vitest';
import rule from '../../rules/load-module-for-directive.js';
import {
  DIRECTIVE_ROWS, directivesOfModule, measuredModules, moduleDependencies, moduleOfDirective, MODULES, providersOfDirective, SOURCE_VERSION,
} from '../../src/apache/directive-table.js';
import { compareVersions, httpdModulesDir, httpdVersion, moduleLoadLines, requireHttpdOrSkip, syntaxCheck } from '../oracle/httpd.js';
import { runRule } from '../helpers/rule-tester.js';

const oracle = requireHttpdOrSkip();
const MPMS = ['mpm_event', 'mpm_prefork', 'mpm_worker'];
const shared = measuredModules().filter((m) => !MODULES[m]!.builtin);
const builtin = measuredModules().filter((m) => MODULES[m]!.builtin);

/** A line using the directive: a bare name, or an empty section for `<Name`. */
const use = (name: string) => (name.startsWith('<') ? `${name} x>\n</${name.slice(1)}>` : name);

/** For module m: one of its directives and an MPM that does not provide it, nor do m's dependencies (so that only m can). */
function probe(m: string): { name: string; mpm: string } | null {
  for (const name of directivesOfModule(m)) {
    const providers = providersOfDirective(name.toLowerCase()).map((p) => p.module);
    const mpm = MPMS.find((x) => !providers.includes(x) && x !== m);
    if (mpm && !moduleDependencies(m).some((d) => providers.includes(d))) return { name, mpm };
  }
  return null;
}

/** Runs fn over items, `width` at a time. */
async function pool<T, R>(items: T[], width: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  }));
  return out;
}

describe('the lookups', () => {
  it('finds a directive\'s module in any spelling, and a module\'s directives', () => {
    expect(moduleOfDirective('addoutputfilterbytype')).toEqual({
      name: 'AddOutputFilterByType', module: 'filter', symbol: 'filter_module', so: 'mod_filter.so', builtin: false,
    });
    expect(moduleOfDirective('order')?.module).toBe('access_compat');
    expect(moduleOfDirective('<proxy')?.so).toBe('mod_proxy.so');
    expect(moduleOfDirective('customlog')?.builtin).toBe(true);
    expect(moduleOfDirective('lockfile')).toBeNull();
    expect(providersOfDirective('scriptlog').map((p) => p.module)).toEqual(['cgi', 'cgid']);
    expect(directivesOfModule('expires')).toEqual(['ExpiresActive', 'ExpiresByType', 'ExpiresDefault']);
    expect(moduleDependencies('proxy_fcgi')).toEqual(['proxy']);
  });

  it('finds every row by its lower-case name, as a scan of the rows would (the lookup is a binary search over their order)', () => {
    const lnames = [...new Set(DIRECTIVE_ROWS.map(([name]) => name.toLowerCase()))];
    for (const lname of [...lnames, '', 'zzz', 'a', '<', 'lockfile', 'order ']) {
      const scanned = DIRECTIVE_ROWS.filter(([name]) => name.toLowerCase() === lname).map(([name, module]) => `${name} ${module}`);
      expect(providersOfDirective(lname).map((p) => `${p.name} ${p.module}`), lname).toEqual(scanned);
    }
    expect(lnames.length).toBeGreaterThan(700);
  });
});

describe.skipIf(oracle.skip)('the directive table on the real httpd', () => {
  const dir = httpdModulesDir();
  const load = (names: string[]) => moduleLoadLines(names, dir);
  const testable = shared.map((m) => ({ m, p: probe(m) })).filter((x): x is { m: string; p: { name: string; mpm: string } } => x.p !== null);

  it('has a directive to test for every shared module that declares one', () => {
    const untested = shared.filter((m) => directivesOfModule(m).length > 0 && !testable.some((t) => t.m === m));
    expect(untested).toEqual([]);
    expect(testable.length).toBeGreaterThan(90);
  });

  it('without its LoadModule, each module\'s directive stops httpd with "Invalid command"', async () => {
    const results = await pool(testable, 4, async ({ m, p }) => {
      const r = await syntaxCheck(`${load([p.mpm, ...moduleDependencies(m)])}\n${use(p.name)}\n`);
      return { m, name: p.name, exit: r.exit, stderr: r.stderr };
    });
    const wrong = results.filter((r) => r.exit !== 1 || !r.stderr.includes(`Invalid command '${r.name}', perhaps misspelled`));
    expect(wrong).toEqual([]);
    expect(results.length).toBe(testable.length);
  });

  it('with the LoadModule lines the rule writes, httpd knows the directive', async () => {
    const results = await pool(testable, 4, async ({ m, p }) => {
      const tree = `${load([p.mpm])}\n${use(p.name)}\n`;
      const fixed = runRule(rule, tree, '/t/httpd.conf').output;
      // The rule leaves the modules whose directives moved in 2.4 to load-implicit-modules: load those here.
      const mods = MPMS.includes(m) ? [m] : [p.mpm, ...moduleDependencies(m), m];
      const text = fixed === tree ? `${load(mods)}\n${use(p.name)}\n` : fixed;
      const r = await syntaxCheck(text);
      return { m, byRule: fixed !== tree, stderr: /Invalid command|Cannot load|More than one MPM/.test(r.stderr) ? r.stderr : '' };
    });
    expect(results.filter((r) => r.stderr)).toEqual([]);
    const byRule = results.filter((r) => r.byRule).map((r) => r.m);
    expect(byRule).toContain('headers');
    expect(byRule).not.toContain('authz_core');
  });

  it('each module provides exactly its directives: known after its LoadModule and not before', async () => {
    // An httpd older than the one the table was measured on may lack directives added since (2.4.68's
    // mod_md has no MDHttpProxyCACertificateFile): those are set aside, one by one, and listed.
    const older = compareVersions(httpdVersion(oracle.httpd!), SOURCE_VERSION) < 0;
    const newer: string[] = [];
    const results = await pool([...shared], 4, async (m) => {
      const names = [...directivesOfModule(m)];
      for (;;) {
        // `Error` stops httpd with its text: PRE fires for a directive known too early, POST for one still unknown.
        const before = names.map((n) => `<IfDirective ${n}>\nError "PRE ${n}"\n</IfDirective>`).join('\n');
        const after = names.map((n) => `<IfDirective !${n}>\nError "POST ${n}"\n</IfDirective>`).join('\n');
        // No MPM before an MPM's own line (a server loads only one); the others run under mpm_event.
        const base = load([...(MPMS.includes(m) ? [] : ['mpm_event']), ...moduleDependencies(m)]);
        const r = await syntaxCheck([base, before, load([m]), after].join('\n'));
        const unknown = older && r.exit !== 0 ? /POST (\S+)$/m.exec(r.stderr)?.[1] : undefined;
        if (unknown === undefined || !names.includes(unknown)) return { m, exit: r.exit, stderr: r.stderr.trim() };
        newer.push(unknown);
        names.splice(names.indexOf(unknown), 1);
      }
    });
    if (newer.length) console.log(`directives newer than this httpd (the table is from ${SOURCE_VERSION}): ${newer.join(', ')}`);
    expect(results.filter((r) => r.exit !== 0)).toEqual([]);
    expect(newer.length).toBeLessThan(20);
  });

  it('knows every built-in directive with no LoadModule line but an MPM', async () => {
    const names = builtin.flatMap((m) => directivesOfModule(m));
    expect(names.length).toBeGreaterThan(100);
    const r = await syntaxCheck([load(['mpm_prefork']), ...names.map((n) => `<IfDirective !${n}>\nError "MISSING ${n}"\n</IfDirective>`)].join('\n'));
    expect(r.stderr).not.toContain('MISSING');
    expect(r.exit).toBe(0);
  });
});
