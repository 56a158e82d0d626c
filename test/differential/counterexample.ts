/**
 * A refusal's counterexample (describeRequest() text inside the refusal message) as a request the
 * oracle can send. The evaluator picks addresses such as 10.0.0.1 and users such as `someone`;
 * those are replaced by a 127/8 source with the same host name and variables, and a user of the
 * htpasswd file with the same groups, provided the evaluator decides the replacement exactly as
 * the original counterexample in both versions (so it shows the same refusal on the server).
 */
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { type Model, type Request } from '../../src/access/model/index.js';
import type { OracleRequest } from '../oracle/harness.js';
import { SOURCES } from './generate.js';
import { ENV_VARS, fileOfPath, GROUPS, HOSTS, MODEL_DIR, MODEL_LOC, MODEL_VHOST, toEvalRequest, USERS } from './scenario.js';

/** describeRequest()'s words for a request (src/access/compare/equivalence.ts), on the scenario's <VirtualHost> (MODEL_VHOST) or the main server. */
const DESCRIBED = new RegExp(String.raw`(?:found a difference|would change an outcome): (\S+) (\S+)( on <VirtualHost ${MODEL_VHOST.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}>)? from (\S+?)`
  + String.raw`(?: \(([^)]*)\))?(?: with (.+?) set)?, (no credentials|user (\S+)(?: \(groups ([^)]*)\))?( with a wrong password)?)(?:, the path being a (file|directory)[^:]*)?: \d+ before`);

const envOf = (ip: string) => Object.entries(ENV_VARS).filter(([, ips]) => ips.includes(ip)).map(([n]) => n).sort();
const groupsOf = (user: string) => Object.entries(GROUPS).filter(([, us]) => us.includes(user)).map(([g]) => g).sort();

/** The evaluator's request described in a refusal message, or null when it is not one of ours. */
export function describedRequest(reason: string): Request | null {
  const m = DESCRIBED.exec(reason);
  if (!m) return null;
  const [, method, path, onVhost, ip, host, env, , user, groups, wrong, kind] = m;
  // The harness lays each requested path out as a file: a counterexample for a directory cannot be sent.
  if (kind === 'directory') return null;
  // Only the file paths scenarios use: the harness lays each requested path out as a file. On the <VirtualHost> that
  // serves the scenario's directory at its root, its paths as they are (/al/ there only by its own Alias, VHOST_ALIAS_LINE).
  const rooted = Boolean(onVhost) && /^(\/(sub|loc|h|al))?\/[fg]\.html$/.test(path!);
  if (!rooted && !/^\/scn(\/(sub|loc|h|al))?\/[fg]\.html$/.test(path!)) return null;
  const credentials = user ? { user, groups: groups ? groups.split(', ') : [], password: wrong ? 'bad' as const : 'good' as const } : null;
  return {
    vhost: onVhost ? MODEL_VHOST : '', method: method!, path: path!, file: MODEL_DIR + fileOfPath(rooted ? path! : path!.slice(MODEL_LOC.length)), ip: ip!, host: host ?? null,
    env: env ? env.split(', ') : [], credentials, plainFile: true,
  };
}

/** Sendable stand-ins for the counterexample, same decisions in both models, first one wins. */
export function sendable(cex: Request, model22: Model, model24: Model): OracleRequest | null {
  // Node's http client upper-cases the method, so `get` (a distinct method to httpd) cannot be sent.
  if (cex.method !== cex.method.toUpperCase()) return null;
  const want22 = decide22(model22, cex).status;
  const want24 = decide24(model24, cex).status;
  const env = [...cex.env].sort().join(',');
  const sources = SOURCES.filter((s) => (HOSTS[s] ?? null) === cex.host && envOf(s).join(',') === env);
  const c = cex.credentials;
  const users: ([string, string] | null)[] = !c ? [null]
    : c.password === 'bad' ? [[c.user in USERS ? c.user : 'nobody', 'wrong']]
      : Object.keys(USERS).filter((u) => groupsOf(u).join(',') === [...c.groups].sort().join(',')).map((u) => [u, USERS[u]!]);
  for (const from of sources.includes(cex.ip) ? [cex.ip] : sources) {
    for (const u of users) {
      const rooted = !cex.path.startsWith(`${MODEL_LOC}/`);
      const r: OracleRequest = { method: cex.method, path: rooted ? cex.path : cex.path.slice(MODEL_LOC.length), from, ...(cex.vhost ? { vhost: true } : {}), ...(rooted ? { rooted } : {}) };
      if (u) { r.user = u[0]; r.pass = u[1]; }
      const e = toEvalRequest(r);
      if (decide22(model22, e).status === want22 && decide24(model24, e).status === want24) return r;
    }
  }
  return null;
}
