/**
 * A recorded 2.2 scenario migrated as `httpd-migrate write` does it: the main configuration (with
 * the server-level SetEnvIf lines and the scenario) and its .htaccess files as one project, every
 * rule with the access guard; then the scenario's own text taken back with placeholders, for the
 * real 2.4.
 */
import { dirname } from 'node:path';
import { allRules } from '../../rules/index.js';
import { migrate } from '../../src/migrate.js';
import { parse } from '../../src/parse/parser.js';
import { directives } from '../../src/ast/walk.js';
import { type Model, projectModel } from '../../src/access/model/index.js';
import { dirOf, HTGROUP, HTPASSWD, locOf, MAIN, projectOf22, type Oracle22, type Scenario22 } from './scenarios.js';

export interface Migrated22 {
  /** The scenario's config and .htaccess texts after the migration, with placeholders (@GROUPS@ for the group file). */
  config: string;
  htaccess: Record<string, string>;
  /** Messages of the access findings left standing. */
  findings: string[];
  /** True when some Order, Allow, Deny or Satisfy line is left: the result needs mod_access_compat. */
  legacy: boolean;
}

const ACCESS_IDS = new Set(allRules.filter((r) => r.meta.access).map((r) => r.meta.id));
const LEGACY = ['order', 'allow', 'deny', 'satisfy'];

function placeholders(text: string, sc: Scenario22): string {
  return text.replaceAll(dirOf(sc), '@DIR@').replaceAll(locOf(sc), '@LOC@')
    .replaceAll(HTPASSWD, '@HTPASSWD@').replaceAll(HTGROUP, '@GROUPS@');
}

/** The scenario's part of the migrated main configuration: the lines after its marker comment. */
function scenarioPart(output: string, sc: Scenario22): string {
  const marker = `# --- scenario ${sc.name}\n`;
  const at = output.indexOf(marker);
  if (at < 0) throw new Error(`${sc.name}: the migrated configuration lost its scenario marker`);
  return output.slice(at + marker.length).replace(/\n+$/, '');
}

export function migrate22(o: Oracle22, sc: Scenario22): Migrated22 {
  const result = migrate(projectOf22(o, [sc]), { rules: allRules });
  const out: Migrated22 = { config: '', htaccess: {}, findings: [], legacy: false };
  for (const r of result.files) {
    out.findings.push(...r.remaining.filter((p) => ACCESS_IDS.has(p.ruleId)).map((p) => `${p.ruleId}: ${p.message}`));
    if (directives(parse(r.output, r.file.path), ...LEGACY).length) out.legacy = true;
    if (r.file.path === MAIN) out.config = placeholders(scenarioPart(r.output, sc), sc);
    else out.htaccess[dirname(r.file.path).slice(dirOf(sc).length + 1)] = placeholders(r.output.replace(/\n$/, ''), sc);
  }
  return out;
}

/** The evaluator's 2.4 model of a migrated scenario (with or without mod_access_compat). */
export function migratedModel(o: Oracle22, sc: Scenario22, m: Migrated22, compat: boolean): Model {
  const back = (t: string) => t.replaceAll('@GROUPS@', '@HTGROUP@');
  const project = projectOf22(o, [{ ...sc, config: back(m.config), htaccess: Object.fromEntries(Object.entries(m.htaccess).map(([d, t]) => [d, back(t)])) }]);
  return projectModel(project, '2.4', { compat });
}
