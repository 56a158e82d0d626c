/**
 * The recorded answers of a real httpd 2.2.34 (`oracle22/` in the data folder, see its README):
 * 1,500 scenarios that split host rules, Require and Satisfy over sections of different kinds.
 * This file lays a scenario out as the recording server had it (a main configuration with the
 * LoadModule lines in their order, the SetEnvIf lines and the scenario, plus its .htaccess files)
 * and turns its requests into the evaluator's requests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Credentials, Request } from '../../src/access/model/index.js';
import { projectOf, type Project } from '../../src/project/project.js';
import type { OracleRequest } from '../oracle/harness.js';
import { dataPath } from '../helpers/shared-data.js';
import { sourceFile } from '../helpers/source-file.js';

export const ORACLE22 = 'oracle22/scenarios.json';

export interface Scenario22 {
  name: string;
  config: string;
  htaccess?: Record<string, string>;
  users: Record<string, string>;
  groups: Record<string, string[]>;
  requests: OracleRequest[];
  meta: { combo: string; split: string };
}

export interface Oracle22 {
  modules: string[];
  global: string;
  hosts: string;
  users: Record<string, string>;
  groups: Record<string, string[]>;
  scenarios: Scenario22[];
  expected: Record<string, number[]>;
}

export function loadOracle22(): Oracle22 {
  const s = JSON.parse(readFileSync(dataPath(ORACLE22), 'utf8')) as Omit<Oracle22, 'expected'>;
  const expected = JSON.parse(readFileSync(dataPath('oracle22/expected22.json'), 'utf8')) as Record<string, number[]>;
  return { ...s, expected };
}

/** Where the model puts the tree: the recording server's layout under /srv. */
export const ROOT = '/srv';
export const DOCROOT = '/srv/htdocs';
export const MAIN = '/srv/conf/httpd.conf';
export const HTPASSWD = '/srv/conf/htpasswd';
export const HTGROUP = '/srv/conf/htgroup';

/** The scenario's number (`m22-0170` → 170): its @DIR@ is s<number>, as unique as the names. */
export function numberOf(sc: Scenario22): string {
  return sc.name.replace(/^.*-/, '');
}

export const dirOf = (sc: Scenario22) => `${DOCROOT}/s${numberOf(sc)}`;
export const locOf = (sc: Scenario22) => `/s${numberOf(sc)}`;

/** Substitutes the placeholders of a scenario's text. */
export function fill(text: string, sc: Scenario22, htpasswd = HTPASSWD, htgroup = HTGROUP): string {
  return text.replaceAll('@DIR@', dirOf(sc)).replaceAll('@LOC@', locOf(sc)).replaceAll('@HTPASSWD@', htpasswd).replaceAll('@HTGROUP@', htgroup);
}

/** The main configuration as the README gives it, for one or more scenarios. */
export function mainConfig(o: Oracle22, scenarios: readonly Scenario22[]): string {
  const lines = [
    `ServerRoot "${ROOT}"`, 'ServerName 127.0.0.1', 'Listen 127.0.0.1:8080',
    ...o.modules.map((m) => `LoadModule ${m}_module modules/mod_${m}.so`),
    `DocumentRoot "${DOCROOT}"`, 'DirectoryIndex index.html', o.global.trimEnd(),
  ];
  for (const sc of scenarios) lines.push(`# --- scenario ${sc.name}`, fill(sc.config, sc));
  return `${lines.join('\n')}\n`;
}

/** The scenarios as one project: the main configuration and every .htaccess file. */
export function projectOf22(o: Oracle22, scenarios: readonly Scenario22[]): Project {
  const files = [sourceFile(MAIN, mainConfig(o, scenarios), { version: '2.2' })];
  for (const sc of scenarios) {
    for (const [rel, text] of Object.entries(sc.htaccess ?? {})) {
      files.push(sourceFile(join(dirOf(sc), rel, '.htaccess'), `${fill(text, sc)}\n`, { version: '2.2' }));
    }
  }
  return projectOf(files);
}

/** Variables the global SetEnvIf lines set, by client address. */
export function envFor(from: string): string[] {
  return [...(from === '127.0.0.3' ? ['from3'] : []), ...(from === '127.0.0.2' || from === '127.0.0.5' ? ['trusted'] : [])];
}

/** The evaluator's view of one recorded request. */
export function evalRequest(o: Oracle22, sc: Scenario22, r: OracleRequest): Request {
  let credentials: Credentials | null = null;
  if (r.user !== undefined) {
    const ok = o.users[r.user] !== undefined && o.users[r.user] === r.pass;
    const groups = Object.entries(o.groups).filter(([, us]) => us.includes(r.user!)).map(([g]) => g);
    credentials = { user: r.user, groups: ok ? groups : [], password: ok ? 'good' : 'bad' };
  }
  return {
    vhost: '', path: `${locOf(sc)}${r.path}`, file: `${dirOf(sc)}${r.path}`, method: r.method ?? 'GET', ip: r.from,
    host: null, env: envFor(r.from), credentials,
  };
}

/** A request as one line of a report. */
export function describe22(sc: Scenario22, r: OracleRequest): string {
  return `${sc.name} ${r.method ?? 'GET'} ${r.path} from ${r.from}${r.user ? ` as ${r.user}:${r.pass}` : ''}`;
}
