// Runs a batch of access-control scenarios against ONE real httpd 2.4 on 127.0.0.1.
// Design: httpd-oracle.md (in spec/ of the data folder: test/helpers/shared-data.ts) §4 and §7.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import {
  findHttpd, findNssWrapper, httpdEnv, INSTALL_HINT, moduleLoadLines, NSS_WRAPPER_HINT, runAsLines, sandboxLines,
  SCRATCH_DIR,
} from './httpd.js';

export interface OracleRequest {
  /** Relative to the scenario's @LOC@, e.g. '/f.html' or '/sub/f.html'. */
  path: string;
  /** Client source address; must be in 127.0.0.0/8. */
  from: string;
  method?: string;
  user?: string;
  pass?: string;
  /** Sent with `Host: ` the scenario's @NAME@ (`s3.example.test`), for the scenario's <VirtualHost> that names it. */
  vhost?: boolean;
  /** The path is sent as it is, not under @LOC@: for a <VirtualHost> whose own DocumentRoot is @DIR@. */
  rooted?: boolean;
}

export interface Scenario {
  /** Config text; may use @DIR@, @LOC@, @NAME@ (a host name of its own), @ROOT@, @DOCROOT@, @PORT@, @HTPASSWD@, @GROUPS@. */
  config: string;
  /** Directory relative to @DIR@ ('' for @DIR@ itself) → .htaccess text (same placeholders). */
  htaccess?: Record<string, string>;
  requests: OracleRequest[];
  /** More paths relative to @DIR@ to lay out as files, beside those requested (where an Alias maps a requested URL). */
  files?: string[];
}

export interface Batch {
  scenarios: Scenario[];
  /** Modules to LoadModule; default DEFAULT_MODULES. */
  modules?: readonly string[];
  /** Extra server-level text after the base config (placeholders except @DIR@/@LOC@). */
  global?: string;
  /** name → password, written to @HTPASSWD@ as {SHA} lines. */
  users?: Record<string, string>;
  /** group → user names, written to @GROUPS@. */
  groups?: Record<string, string[]>;
  /** IP → host names for nss_wrapper; 127.0.0.1 is localhost unless given. */
  hosts?: Record<string, string[]>;
}

export interface RequestResult {
  status: number;
  /** AH codes in the error-log lines (with "[client ") appended during this request, in order. */
  ahCodes: string[];
  log: string[];
}

export interface BatchResult {
  ok: boolean;
  /** httpd's stderr (and exit status) when it failed to start. */
  startError?: string;
  /** The server root used (removed afterwards unless ORACLE_KEEP=1). */
  root: string;
  scenarios: { results: RequestResult[] }[];
  errorLog: string;
  ms: { start: number; requests: number; stop: number };
}

export const DEFAULT_MODULES: readonly string[] = [
  'mpm_event', 'authz_core', 'authz_host', 'access_compat', 'authn_core', 'authn_file', 'auth_basic',
  'authz_user', 'authz_groupfile', 'dir', 'mime', 'alias',
];

/** DEFAULT_MODULES without mod_access_compat: the 2.4 a migrated tree must run on. */
export const WITHOUT_COMPAT: readonly string[] = DEFAULT_MODULES.filter((m) => m !== 'access_compat');

const START_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 10_000;
const KILL_AFTER_MS = 300;

/** Servers still running, by PID → ROOT, so the 'exit' handler can kill them and clean up. */
const liveServers = new Map<number, string>();
let exitHandlerInstalled = false;

function installExitHandler(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.on('exit', () => {
    for (const [pid, root] of liveServers) {
      killGroup(pid);
      if (process.env.ORACLE_KEEP !== '1') rmSync(root, { recursive: true, force: true });
    }
  });
}

/** SIGKILL the server's whole process group (it was spawned detached, so pgid = pid). */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export function shaHtpasswdLine(user: string, password: string): string {
  return `${user}:{SHA}${createHash('sha1').update(password).digest('base64')}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    sock.once('connect', () => { sock.destroy(); resolve(true); });
    sock.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function assertLoopback(ip: string): void {
  if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip)) throw new Error(`oracle client address outside 127.0.0.0/8: ${ip}`);
}

/** Server root, port and the scenario-independent placeholders. */
interface Layout {
  root: string;
  port: number;
  vars: Record<string, string>;
}

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/@[A-Z]+@/g, (m) => vars[m] ?? m);
}

async function writeTree(batch: Batch, layout: Layout): Promise<void> {
  const { root, vars } = layout;
  const users = Object.entries(batch.users ?? {}).map(([u, p]) => shaHtpasswdLine(u, p));
  const groups = Object.entries(batch.groups ?? {}).map(([g, us]) => `${g}: ${us.join(' ')}`);
  const hosts = { '127.0.0.1': ['localhost'], ...batch.hosts };
  await writeFile(join(root, 'htpasswd'), users.map((l) => `${l}\n`).join(''));
  await writeFile(join(root, 'groups'), groups.map((l) => `${l}\n`).join(''));
  await writeFile(join(root, 'hosts'), Object.entries(hosts).map(([ip, names]) => `${ip} ${names.join(' ')}\n`).join(''));
  const scenarioConfigs = await Promise.all(batch.scenarios.map(async (scenario, i) => {
    const dir = `${root}/htdocs/s${i}`;
    const sv = { ...vars, '@DIR@': dir, '@LOC@': `/s${i}`, '@NAME@': scenarioName(i) };
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'index.html'), `s${i} index\n`);
    for (const rel of new Set([...scenario.requests.map(({ path }) => path.replace(/\?.*/s, '')), ...(scenario.files ?? [])])) {
      const file = rel.endsWith('/') || rel === '' ? join(dir, rel, 'index.html') : join(dir, rel);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `s${i} ${rel}\n`);
    }
    for (const [rel, text] of Object.entries(scenario.htaccess ?? {})) {
      await mkdir(join(dir, rel), { recursive: true });
      await writeFile(join(dir, rel, '.htaccess'), `${fill(text, sv)}\n`);
    }
    return `# ---- scenario ${i}: @DIR@=${dir} @LOC@=/s${i}\n${fill(scenario.config, sv)}\n`;
  }));
  const conf = [
    `ServerRoot "${root}"`,
    sandboxLines(root),
    `Listen 127.0.0.1:${layout.port}`,
    'LogLevel warn',
    moduleLoadLines([...(batch.modules ?? DEFAULT_MODULES)]),
    runAsLines(),
    'StartServers 1',
    `<IfModule mime_module>\nTypesConfig ${existsSync('/etc/mime.types') ? '/etc/mime.types' : '/dev/null'}\n</IfModule>`,
    `DocumentRoot "${root}/htdocs"`,
    '<IfModule dir_module>\nDirectoryIndex index.html\n</IfModule>',
    fill(batch.global ?? '', vars),
    ...scenarioConfigs,
  ];
  await writeFile(join(root, 'httpd.conf'), conf.join('\n'));
}

export interface Server {
  child: ChildProcess;
  exited: Promise<void>;
  isRunning: () => boolean;
}

/**
 * Spawns httpd and waits until the port accepts a connection; returns stderr text if it exits first.
 * `conf` (default ROOT/httpd.conf) and `env` (default: nss_wrapper with ROOT/hosts) for whole trees.
 */
export async function startServer(
  httpd: string, layout: Pick<Layout, 'root' | 'port'>, opts: { conf?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Server | string> {
  const { root, port } = layout;
  const child = spawn(httpd, ['-DFOREGROUND', '-f', opts.conf ?? join(root, 'httpd.conf'), '-d', root], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: opts.env ?? httpdEnv(join(root, 'hosts')),
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  const stdioClosed = new Promise((resolve) => child.once('close', resolve));
  let running = true;
  let exitText = '';
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      exitText = `httpd exited (${signal ?? code})`;
      if (child.pid) liveServers.delete(child.pid);
      resolve();
    });
    child.once('error', (err) => { running = false; exitText = err.message; resolve(); });
  });
  installExitHandler();
  if (child.pid) liveServers.set(child.pid, root);
  const server = { child, exited, isRunning: () => running };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (running && Date.now() < deadline) {
    if (await accepts(port)) return server;
    await sleep(5);
  }
  if (running) {
    await stopServer(server);
    return `httpd did not accept connections on 127.0.0.1:${port} within ${START_TIMEOUT_MS} ms\n${output}`;
  }
  await Promise.race([stdioClosed, sleep(500)]); // let the stderr pipe drain
  return `${output}${exitText}`;
}

/**
 * Waits until `path` exists while `alive()`; false when httpd exits or START_TIMEOUT_MS passes first. The port can
 * accept before the error log is there: prefork and event bind their listeners in an open_logs hook that runs before
 * core's, which opens the logs.
 */
export async function untilCreated(path: string, alive: () => boolean, timeoutMs = START_TIMEOUT_MS): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (!alive() || Date.now() >= deadline) return false;
    await sleep(5);
  }
  return true;
}

/** SIGTERM by PID; after KILL_AFTER_MS, SIGKILL whatever is left of its process group. */
export async function stopServer(server: Server): Promise<void> {
  const pid = server.child.pid;
  if (!pid || !server.isRunning()) return;
  server.child.kill('SIGTERM');
  await Promise.race([server.exited, sleep(KILL_AFTER_MS)]);
  if (server.isRunning()) killGroup(pid);
  await server.exited;
}

/** The host name of scenario `i` (@NAME@). */
const scenarioName = (i: number) => `s${i}.example.test`;

function send(port: number, loc: string, req: OracleRequest, name: string): Promise<number> {
  const headers: Record<string, string> = {};
  if (req.vhost) headers.Host = name;
  if (req.user !== undefined) {
    headers.Authorization = `Basic ${Buffer.from(`${req.user}:${req.pass ?? ''}`).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const r = request(
      { host: '127.0.0.1', port, path: (req.rooted ? '' : loc) + req.path, method: req.method ?? 'GET', localAddress: req.from, agent: false, headers },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    r.setTimeout(REQUEST_TIMEOUT_MS, () => r.destroy(new Error(`request timed out: ${req.from} ${loc}${req.path}`)));
    r.once('error', reject);
    r.end();
  });
}

async function runRequests(batch: Batch, layout: Layout): Promise<BatchResult['scenarios']> {
  const fd = openSync(join(layout.root, 'error.log'), 'r');
  let offset = fstatSync(fd).size;
  const appendedLines = (): string[] => {
    const buf = Buffer.alloc(fstatSync(fd).size - offset);
    offset += readSync(fd, buf, 0, buf.length, offset);
    return buf.toString().split('\n');
  };
  try {
    const scenarios: BatchResult['scenarios'] = [];
    for (const [i, scenario] of batch.scenarios.entries()) {
      const results: RequestResult[] = [];
      for (const req of scenario.requests) {
        const status = await send(layout.port, `/s${i}`, req, scenarioName(i));
        const log = appendedLines().filter((line) => line.includes('[client '));
        const ahCodes = log.flatMap((line) => line.match(/AH\d{5}/g) ?? []);
        results.push({ status, ahCodes, log });
      }
      scenarios.push({ results });
    }
    return scenarios;
  } finally {
    closeSync(fd);
  }
}

/** Starts one httpd for all scenarios of `batch`, sends every request in order, stops it. */
export async function runBatch(batch: Batch): Promise<BatchResult> {
  const httpd = findHttpd();
  if (!httpd) throw new Error(INSTALL_HINT);
  if (!findNssWrapper()) throw new Error(`${NSS_WRAPPER_HINT} (host names must never reach DNS)`);
  for (const scenario of batch.scenarios) for (const req of scenario.requests) assertLoopback(req.from);
  installExitHandler();
  const root = await mkdtemp(join(SCRATCH_DIR, 'oracle-'));
  const ms = { start: 0, requests: 0, stop: 0 };
  const readErrorLog = () => (existsSync(join(root, 'error.log')) ? readFileSync(join(root, 'error.log'), 'utf8') : '');
  try {
    await chmod(root, 0o755);
    const vars = {
      '@ROOT@': root, '@DOCROOT@': `${root}/htdocs`, '@HTPASSWD@': `${root}/htpasswd`, '@GROUPS@': `${root}/groups`,
    };
    let layout: Layout;
    let server: Server | string;
    let attempt = 0;
    do { // retry only when another process took the free port before httpd bound it
      const port = await freePort();
      layout = { root, port, vars: { ...vars, '@PORT@': String(port) } };
      await writeTree(batch, layout);
      const t = performance.now();
      server = await startServer(httpd, layout);
      ms.start = performance.now() - t;
    } while (typeof server === 'string' && server.includes('Address already in use') && ++attempt < 3);
    if (typeof server === 'string') {
      return { ok: false, startError: server, root, scenarios: [], errorLog: readErrorLog(), ms };
    }
    if (!(await untilCreated(join(root, 'error.log'), server.isRunning))) {
      await stopServer(server);
      return { ok: false, startError: `httpd accepted connections but did not open ${root}/error.log`, root, scenarios: [], errorLog: '', ms };
    }
    let scenarios: BatchResult['scenarios'];
    let t = performance.now();
    try {
      scenarios = await runRequests(batch, layout);
      ms.requests = performance.now() - t;
    } finally {
      t = performance.now();
      await stopServer(server);
      ms.stop = performance.now() - t;
    }
    return { ok: true, root, scenarios, errorLog: readErrorLog(), ms };
  } finally {
    if (process.env.ORACLE_KEEP !== '1') rmSync(root, { recursive: true, force: true });
  }
}
