/**
 * Syntax acceptance (issue 4 item 4): every fixture output (fixtures/<rule>/output.conf) and every
 * migrated non-template, not-broken-on-purpose file of the real corpus (`corpus/real` of the data folder, see test/helpers/shared-data.ts) passes `apache2 -t`.
 * The check is src/httpd/syntax-check.ts (checkWithHttpd), which wraps fragments and .htaccess
 * files in a minimal server config and maps errors back to the original file and line.
 *
 * LoadModule policy (see needed-modules.ts):
 *   - A file with LoadModule lines of its own gets NOTHING added. It manages its module set, so a
 *     LoadModule the migration should have written and did not fails the check. The one exception
 *     is a file that loads no MPM and sets no ServerRoot (conf.d/ssl.conf): its main config, out of
 *     sight, gets the lines load-implicit-modules writes for it (an MPM, socache_shmcb for
 *     `SSLSessionCache shmcb:`…), so it gets those (needed-modules.ts mainLoadsFor) and no more.
 *   - The fixture outputs of the module rules (MODULE_RULES: load-module-for-directive,
 *     load-implicit-modules, no-removed-modules, prefer-mod-cache-disk, third-party-module) get
 *     nothing added either, whatever they contain: adding what the rule is supposed to add would
 *     hide exactly the bug this test is for.
 *   - Every other file is a fragment that some main config loads modules for: it gets the modules
 *     whose directives it uses outside a positive <IfModule> (src/apache/directive-table.ts), their
 *     dependencies and an MPM, and nothing else. So a rule that writes a directive of a module the
 *     file did not use before (e.g. `Require` into a file that had only `Order`) is covered only
 *     when the file manages its own modules, as in a real main config.
 * Errors httpd reports as coming from this machine (checkWithHttpd's `environment: true`: unknown
 * user, missing directory, certificate or module file) are skips, counted and listed; so are the
 * few such errors checkWithHttpd does not flag yet (ALSO_ENVIRONMENT: a LoadModule of a module
 * Debian builds in, a missing certificate or mutex directory, an Include wildcard matching files
 * outside the tree) — but not a LoadModule of a module 2.4 removed, which is a failure — directives
 * of third-party modules that are not installed (no module of the
 * directive table provides them and 2.2 did not have them either: php_flag, WSGIScriptAlias,
 * PythonPath, `DAV svn`), and files
 * httpd never reads (NOT_CONFIG). Everything else is a failure, printed with file, line, message.
 */
import { basename, dirname, join, relative } from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkWithHttpd, type CheckFile } from '../../src/httpd/syntax-check.js';
import { findHttpd, httpdModulesDir } from '../../src/httpd/find-httpd.js';
import { migrate } from '../../src/migrate.js';
import { parse } from '../../src/parse/parser.js';
import { loadProject } from '../../src/project/load.js';
import { allRules } from '../../rules/index.js';
import { CORPUS_DIR, corpusFiles, requireCorpusOrSkip } from '../helpers/corpus.js';
import { FIXTURES } from '../helpers/rule-tester.js';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { isMain, loadsModules, loadsMpm, mainLoadsFor, MODULE_RULES, neededModules } from './needed-modules.js';
import { providersOfDirective } from '../../src/apache/directive-table.js';
import { REMOVED } from '../../src/apache/modules.js';
import { UNKNOWN_DIRECTIVES } from '../../src/explain/directives.js';

const oracle = requireHttpdOrSkip();
const corpus = requireCorpusOrSkip();

interface Item {
  /** Shown in test names and the summary. */
  name: string;
  file: CheckFile;
  /** Modules to load for it (empty: none added). */
  modules: string[];
}

type Verdict = { kind: 'pass' } | { kind: 'fail' | 'skip'; line: number; message: string; where: string };

/**
 * Errors that come from this machine or this build but that checkWithHttpd does not flag as
 * `environment` (reported to the integrator for src/httpd/startup-messages.ts): a LoadModule of a module
 * Debian builds in, a certificate, mutex directory or Include wildcard outside the tree.
 */
const ALSO_ENVIRONMENT = /is built-in and can't be loaded|Invalid global certificate file path|Invalid Mutex directory|No matches for the wildcard/;

/** Not configuration: files httpd never reads (a README in conf.d/, which includes only *.conf). */
const NOT_CONFIG = /(^|\/)README$/;

/**
 * Inputs the migration reports but by design does not rewrite, each with the reason:
 * Debian's mods-available/*.load files of modules 2.4 removed (no-removed-modules reports
 * `a2dismod`; the 2.4 package has no such module), and a file whose <IfModule> is closed on a
 * line shared with </VirtualHost>, which 2.4 accepts only while the module is loaded (the parser
 * warns UNCLOSED_SECTION).
 */
const BY_DESIGN: [RegExp, string][] = [
  [/debian\/config-dir\/mods-available\/(authn_alias|authn_default|authz_default|disk_cache|mem_cache)\.load$/, 'Debian .load file of a module 2.4 removed: a2dismod is reported, not written'],
  [/two-blocks-one-line-1693\.conf$/, 'the input closes <IfModule> after </VirtualHost> on one line; 2.4 reads it only while the module is loaded'],
];

/**
 * "Cannot load …/mod_X.so" is an environment error for a module this machine lacks, but not for a
 * module 2.4 does not have at all (mod_authn_default, mod_mem_cache…): then the migrated file
 * still loads a removed module, which is the migration's business.
 */
function loadsRemovedModule(message: string): boolean {
  const m = /Cannot load \S*?mod_(\w+)\.so into server/.exec(message);
  return m !== null && REMOVED[m[1]!] !== undefined;
}

/** Directives 2.2 had and 2.4 does not (src/explain/directives.ts): left in an output, they are a failure. */
const REMOVED_DIRECTIVES = new Set(UNKNOWN_DIRECTIVES.flatMap((d) => d.names.map((n) => n.toLowerCase())));

/**
 * A directive or provider of a module outside httpd (mod_php, mod_wsgi, mod_python, mod_dav_svn),
 * not installed here: no 2.4 module of the directive table provides it, and 2.2 did not have it.
 */
function thirdParty(message: string): boolean {
  const cmd = /^Invalid command '([^']+)', perhaps misspelled or defined by a module not included/.exec(message);
  if (cmd) return providersOfDirective(cmd[1]!.toLowerCase()).length === 0 && !REMOVED_DIRECTIVES.has(cmd[1]!.toLowerCase());
  return /^Unknown DAV provider: /.test(message);
}

function item(name: string, path: string, display: string, output: string, rule: string | null): Item {
  // .htaccess.sample, example.htaccess and the like are .htaccess files.
  const kind = /^\.htaccess|\.htaccess$/.test(basename(path)) ? 'htaccess' : 'conf';
  const ast = parse(output, path, { version: '2.4' });
  const own = loadsModules(ast) || (rule !== null && MODULE_RULES.has(rule));
  let modules = own ? [] : neededModules(ast);
  // A file that loads modules but no MPM is part of a larger tree (conf.d/ssl.conf): it gets what
  // load-implicit-modules writes into its main config for it (the MPM, socache_shmcb…), unless it
  // is the main config itself or a module rule's output.
  if (own && !loadsMpm(ast) && !isMain(ast) && !(rule !== null && MODULE_RULES.has(rule))) modules = mainLoadsFor(ast);
  return { name, file: { path, display, output, kind }, modules };
}

function fixtureItems(): Item[] {
  return readdirSync(FIXTURES).filter((id) => !id.startsWith('_') && existsSync(join(FIXTURES, id, 'output.conf'))).sort()
    .map((id) => {
      const path = join(FIXTURES, id, 'output.conf');
      return item(`fixtures/${id}/output.conf`, path, `fixtures/${id}/output.conf`, readFileSync(path, 'latin1'), id);
    });
}

/** The corpus migrated with every rule (as `httpd-migrate write --no-follow-includes --no-htaccess` does). */
function corpusItems(): Item[] {
  const entries = corpusFiles().filter((c) => !c.template && !c.broken);
  const project = loadProject(entries.map((c) => c.rel), { cwd: CORPUS_DIR, followIncludes: false, htaccess: false });
  return migrate(project, { rules: allRules }).files.filter((r) => r.file.readError === undefined).map((r) => {
    const rel = relative(CORPUS_DIR, r.file.path);
    return item(`corpus/${rel}`, r.file.path, rel, r.output, null);
  });
}

async function check(httpd: string, it: Item): Promise<Verdict> {
  const files: CheckFile[] = [it.file];
  let main: string | null = it.file.kind === 'conf' ? it.file.path : null;
  if (it.modules.length) {
    const dir = httpdModulesDir(httpd);
    const loads = it.modules.map((m) => `LoadModule ${m}_module "${dir}/mod_${m}.so"`);
    main = join(dirname(it.file.path), '.httpd-migrate-modules.conf');
    const include = it.file.kind === 'conf' ? [`Include "${it.file.path}"`] : [];
    files.unshift({ path: main, display: '(modules loaded for the check)', output: `${[...loads, ...include].join('\n')}\n`, kind: 'conf' });
  }
  if (NOT_CONFIG.test(it.file.path)) return { kind: 'skip', line: 0, message: 'not a configuration file (httpd never reads it)', where: it.name };
  const designed = BY_DESIGN.find(([re]) => re.test(it.file.path));
  if (designed) return { kind: 'skip', line: 0, message: designed[1], where: it.name };
  const r = await checkWithHttpd(httpd, files, { main });
  if (r.ok) return { kind: 'pass' };
  const e = r.errors[0]!;
  const skip = (e.environment && !loadsRemovedModule(e.message)) || ALSO_ENVIRONMENT.test(e.message) || thirdParty(e.message);
  return { kind: skip ? 'skip' : 'fail', line: e.line, message: e.message, where: e.display || it.name };
}

/** Runs `n` checks at a time. */
async function checkAll(httpd: string, items: readonly Item[], n = 4): Promise<Verdict[]> {
  const out: Verdict[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) { const i = next++; out[i] = await check(httpd, items[i]!); }
  }));
  return out;
}

describe.skipIf(oracle.skip)('apache2 -t accepts every fixture output and the migrated corpus', () => {
  const items = [...fixtureItems(), ...(corpus.skip ? [] : corpusItems())];
  const verdicts = new Map<string, Verdict>();

  beforeAll(async () => {
    const results = await checkAll(findHttpd()!, items);
    items.forEach((x, i) => verdicts.set(x.name, results[i]!));
    const count = (k: Verdict['kind']) => results.filter((v) => v.kind === k).length;
    const lines = [`apache2 -t: ${items.length} files, ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped (environment)`];
    for (const [name, v] of verdicts) if (v.kind !== 'pass') lines.push(`  ${v.kind} ${name}: ${v.where}:${v.line}: ${v.message}`);
    console.log(lines.join('\n'));
  }, 300_000);

  it('finds fixture outputs to check', () => {
    expect(items.filter((x) => x.name.startsWith('fixtures/')).length).toBeGreaterThan(10);
  });

  it.skipIf(corpus.skip)('finds corpus files to check', () => {
    expect(items.filter((x) => x.name.startsWith('corpus/')).length).toBeGreaterThan(100);
  });

  for (const x of items) {
    it(x.name, (ctx) => {
      const v = verdicts.get(x.name)!;
      if (v.kind === 'skip') ctx.skip();
      expect(v.kind === 'fail' ? `${v.where}:${v.line}: ${v.message}` : 'Syntax OK').toBe('Syntax OK');
    });
  }
});
