/**
 * The project's side of the differential: a scenario as a project (main file + .htaccess files at
 * the evaluator's paths), its migration with the project's rules behind the access guard (as the
 * CLI runs them), and the evaluator's predictions for every request.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { accessGuard } from '../../src/access/migrate/index.js';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { type Model, type Outcome, projectModel, type Version } from '../../src/access/model/index.js';
import type { Rule } from '../../src/engine/rule.js';
import { migrate } from '../../src/migrate.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { allRules } from '../../rules/index.js';
import { sourceFile } from '../helpers/source-file.js';
import type { OracleRequest } from '../oracle/harness.js';
import {
  ALIAS_LINE, configText, fromModelText, htaccessTexts, linesWithDepth, MODEL_DIR, MODEL_DOCROOT, toEvalRequest, toModelText, TOP_SECTION, type ScenarioSpec,
} from './scenario.js';

const RULES_DIR = join(import.meta.dirname, '../../rules');

/** Access rules present in rules/ but not yet in the registry (prefer-require while it is being written). */
async function unregisteredAccessRules(): Promise<Rule[]> {
  const known = new Set(allRules.map((r) => r.meta.id));
  const out: Rule[] = [];
  for (const name of readdirSync(RULES_DIR).filter((n) => n.endsWith('.ts') && n !== 'index.ts').sort()) {
    const id = name.slice(0, -3);
    if (known.has(id)) continue;
    const mod = (await import(join(RULES_DIR, `${id}.js`))) as { default?: Rule };
    if (mod.default?.meta?.access) out.push(mod.default);
  }
  return out;
}

/** The rules the differential migrates with: the registry plus any unregistered access rule. */
export const MIGRATION_RULES: readonly Rule[] = [...allRules, ...(await unregisteredAccessRules())];

/**
 * First lines of the evaluator's copy, not part of the scenario: ServerRoot makes the file a main
 * configuration (so the default-changing rules such as explicit-allow-override treat it as the
 * whole tree, as the CLI does on a real httpd.conf), DocumentRoot gives the URL → file mapping.
 */
const HEADER = [`ServerRoot "/srv"`, `DocumentRoot "${MODEL_DOCROOT}"`];
const MAIN = '/srv/conf/httpd.conf';

export interface ScenarioTexts {
  config: string;
  htaccess: Record<string, string>;
}

export function textsOf(s: ScenarioSpec): ScenarioTexts {
  return { config: configText(s), htaccess: htaccessTexts(s) };
}

/** The scenario as a project of the evaluator's paths. */
export function projectFor(t: ScenarioTexts): Project {
  const files = [sourceFile(MAIN, `${HEADER.join('\n')}\n${toModelText(t.config)}\n`, { version: '2.2' })];
  for (const [rel, text] of Object.entries(t.htaccess)) {
    files.push(sourceFile(join(MODEL_DIR, rel, '.htaccess'), `${toModelText(text)}\n`, { version: '2.2' }));
  }
  return projectOf(files);
}

/**
 * The evaluator's model of scenario texts for a version (2.4 always with mod_access_compat, as the
 * batch loads it). `overrides: 'migrated'` reads .htaccess files as the migration leaves them
 * (explicit AllowOverride), for "the original with only its access lines left alone".
 */
export function modelOf(t: ScenarioTexts, version: Version, overrides: 'real' | 'migrated' = 'real'): Model {
  return projectModel(projectFor(t), version, { compat: true, overrides });
}

export interface Migration {
  texts: ScenarioTexts;
  /** Messages of access findings left standing (refused rewrites, vetoed fixes). */
  refusals: string[];
  /** Server-level lines the rules added outside the scenario's sections (dropped: the batch provides its own). */
  dropped: string[];
}

/**
 * The rules whose errors say an answer changes: the access rewrites' refusals, and no-legacy-access-branch's, which says
 * that a section written for both versions answers otherwise in 2.4 (its 2.4 branch is the author's, kept as written).
 */
const ACCESS_IDS = new Set([...MIGRATION_RULES.filter((r) => r.meta.access).map((r) => r.meta.id), 'no-legacy-access-branch']);

/** Runs the rules, with the access guard, over the scenario (as `httpd-migrate write` does). */
export function migrateScenario(t: ScenarioTexts): Migration {
  const project = projectFor(t);
  const rules = MIGRATION_RULES;
  const result = migrate(project, { rules, guard: accessGuard(project, { rules }) });
  const refusals: string[] = [];
  const dropped: string[] = [];
  const htaccess: Record<string, string> = {};
  let config = t.config;
  for (const r of result.files) {
    refusals.push(...r.remaining.filter((p) => ACCESS_IDS.has(p.ruleId) && p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`));
    if (r.file.kind === 'htaccess') {
      const rel = dirname(r.file.path).slice(MODEL_DIR.length + 1);
      htaccess[rel] = fromModelText(r.output.replace(/\n$/, ''));
      continue;
    }
    // Top-level lines and sections the rules add (LoadModule, server defaults) belong to the batch's
    // server, not to the scenario: the scenario keeps only its own top-level sections (its <VirtualHost> too), and its Alias.
    const kept: string[] = [];
    let keep = false;
    for (const { line, trimmed, depth } of linesWithDepth(r.output.replace(/\n$/, ''))) {
      if (depth === 0) {
        keep = TOP_SECTION.test(trimmed) || /^<VirtualHost\b/i.test(trimmed) || trimmed === toModelText(ALIAS_LINE);
        if (!keep && trimmed && !HEADER.includes(trimmed)) dropped.push(trimmed);
      }
      if (keep) kept.push(line);
    }
    config = fromModelText(kept.join('\n'));
  }
  return { texts: { config, htaccess }, refusals, dropped };
}

export interface Prediction {
  o22: Outcome;
  o24: Outcome;
}

export function predict(model22: Model | null, model24: Model, reqs: readonly OracleRequest[]): Prediction[] {
  return reqs.map((r) => {
    const er = toEvalRequest(r);
    return { o22: model22 ? decide22(model22, er) : { status: 500, by: 'n/a' }, o24: decide24(model24, er) };
  });
}
