/**
 * Shrinks a disagreement: keep only the failing request, then repeatedly drop a line, a section or a
 * whole .htaccess file while the same check still disagrees in the same way (`same`). Every candidate of a round runs in one
 * server start, so a round costs one batch.
 */
import { formatCase } from './case-file.js';
import { CHECK_TEXT, prepare, runChecks, type Disagreement } from './run.js';
import { configText, htaccessTexts, requestText, statusClass, type Node, type ScenarioSpec, VHOST_MAPPING_LINES } from './scenario.js';

/**
 * The node lists with one node dropped, for every node (sections before their children). Nested
 * sections (<Limit>, <Files>) may also be unwrapped into their parent; top-level ones may not, as
 * their lines would land in the server context, which the scenario does not own.
 */
function dropOne(nodes: readonly Node[], nested = false): Node[][] {
  const out: Node[][] = [];
  nodes.forEach((n, i) => {
    out.push([...nodes.slice(0, i), ...nodes.slice(i + 1)]);
    if (typeof n !== 'string') {
      for (const children of dropOne(n.children, true)) out.push([...nodes.slice(0, i), { ...n, children }, ...nodes.slice(i + 1)]);
      if (nested && n.children.length) out.push([...nodes.slice(0, i), ...n.children, ...nodes.slice(i + 1)]);
    }
  });
  return out;
}

/**
 * Every spec with one node dropped. The scenario's first section (its `<Directory "@DIR@">`) stays,
 * emptied at most: without any section the rules have nowhere to write AllowOverride, and every
 * .htaccess case would shrink to that one known gap instead of the disagreement being minimised.
 */
export function candidates(spec: ScenarioSpec): ScenarioSpec[] {
  const out: ScenarioSpec[] = [];
  for (const rel of Object.keys(spec.htaccess)) {
    const { [rel]: _gone, ...rest } = spec.htaccess;
    out.push({ ...spec, htaccess: rest });
  }
  const first = spec.config[0];
  const keepsFirst = (config: Node[]) => typeof first === 'string' || first === undefined
    || (config[0] !== undefined && typeof config[0] !== 'string' && config[0].open === first.open);
  // Nor the <VirtualHost>'s name, while the requests are sent to it (generate.ts), nor its DocumentRoot and Alias, while
  // they are sent at its root, nor the empty first host that answers the others: without them a request would reach
  // another host or miss its file (404), which can look like the same disagreement.
  const mapping = (config: readonly Node[]) => config.filter((n) => typeof n !== 'string' && n.open.startsWith('<VirtualHost'))
    .map((v) => (typeof v === 'string' ? [] : v.children.filter((c) => typeof c === 'string' && VHOST_MAPPING_LINES.includes(c))).join('\n')).join('\n--\n');
  const keepsVhost = (config: Node[]) => !spec.vhost || mapping(config) === mapping(spec.config);
  for (const config of dropOne(spec.config)) if (keepsFirst(config) && keepsVhost(config)) out.push({ ...spec, config });
  for (const [rel, nodes] of Object.entries(spec.htaccess)) {
    for (const n of dropOne(nodes, true)) out.push({ ...spec, htaccess: { ...spec.htaccess, [rel]: n } });
  }
  return out;
}

/**
 * What the server's error log says for a request, without what differs from run to run: each line's AH codes, or
 * (a line without one, such as core's "Option X not allowed here") its message with paths blanked.
 */
export function logKinds(log: readonly string[]): string {
  const kinds = log.flatMap((line) => line.match(/AH\d{5}/g) ?? [line.replace(/^.*?\[client [^\]]*\] /, '').replace(/\/[^\s:,]*/g, '<path>')]);
  return [...new Set(kinds)].sort().join(' | ');
}

/**
 * The same disagreement: same check, same request, same expected and real status, and the same error-log lines
 * (logKinds). Without the last, a minimiser can drop the line behind one difference and keep going on another one
 * with the same statuses (seed 232000927: an Options line AllowOverride refuses, then a missing AuthUserFile, both 500).
 */
export const same = (a: Disagreement, b: Disagreement) => a.check === b.check && a.expected.status === b.expected.status
  && statusClass(a.got) === statusClass(b.got) && requestText(a.request) === requestText(b.request) && logKinds(a.log) === logKinds(b.log);

async function firstDisagreeing(specs: readonly ScenarioSpec[], like: Disagreement): Promise<Disagreement | null> {
  if (!specs.length) return null;
  const prepared = specs.map(prepare);
  const { disagreements } = await runChecks(prepared, [like.check]);
  for (const s of specs) {
    const d = disagreements.find((x) => x.spec === s && same(x, like));
    if (d) return d;
  }
  return null;
}

/** The smallest disagreement found from `d` (at most `rounds` rounds). */
export async function minimise(d: Disagreement, rounds = 40): Promise<Disagreement> {
  let best = d;
  const single = await firstDisagreeing([{ ...d.spec, requests: [d.request] }], d);
  if (single) best = single;
  for (let i = 0; i < rounds; i++) {
    const next = await firstDisagreeing(candidates(best.spec), d);
    if (!next) break;
    best = next;
  }
  return best;
}

/** A disagreement as a case.txt (see case-file.ts), ready for fixtures/_differential/<name>/. */
export function caseText(d: Disagreement): string {
  const comments = [
    `${CHECK_TEXT[d.check]}${d.spec.seed === undefined ? '' : ` (from generator seed ${d.spec.seed}, minimised)`}`,
    `request: ${d.request.method ?? 'GET'} ${d.request.path} from ${d.request.from}${d.request.user ? ` as ${d.request.user}:${d.request.pass}` : ''}`,
    `expected (evaluator): ${d.expected.status} (${d.expected.by}); got (real httpd 2.4): ${d.got}`,
    ...d.log.map((l) => `log: ${l.replace(/^.*?\] \[client [^\]]*\] /, '')}`),
    ...(d.check === 'b' ? [] : d.refusals.map((r) => `refused: ${r.replace(/\s+/g, ' ')}`)),
  ];
  return formatCase({
    comments, check: d.check, config: configText(d.spec), htaccess: htaccessTexts(d.spec),
    ...(d.check === 'b' ? {} : { migrated: d.ran }),
    requests: [{ request: d.request, expected: d.got === 401 || d.got === 403 || d.got === 500 ? d.got : 200 }],
  });
}
