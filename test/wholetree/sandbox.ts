// A whole recorded 2.2 tree (../shared/wholetree/<name>/, see its README) laid out in a sandbox,
// run on the real httpd 2.4 with a module directory that has no mod_access_compat.so, and asked
// the recorded requests. Only loopback addresses are ever used.
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { findNssWrapper, httpdModulesDir, SCRATCH_DIR } from '../oracle/httpd.js';
import { freePort, startServer, stopServer, type Server } from '../oracle/harness.js';

const CLI = resolve(import.meta.dirname, '../../bin/httpd-migrate.js');

export interface CliRun { code: number; stdout: string; stderr: string }

/** The CLI as a user runs it (the built dist/): a child process, in `cwd`. */
export function cli(args: string[], cwd: string): Promise<CliRun> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd, timeout: 120_000, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

export interface TreeRequest {
  key: string;
  scheme: 'http' | 'https';
  host: string;
  port?: 'PORT' | 'SSLPORT';
  method: string;
  path: string;
  from: string;
  user?: string;
  pass?: string;
}

export interface Answer {
  status: number;
  location: string | null;
  type: string | null;
  allow: string | null;
  auth: string | null;
  body: boolean;
}

export interface Sandbox {
  root: string;
  ports: { PORT: number; SSLPORT: number };
  /** nss_wrapper files: hosts, passwd, group. */
  env: NodeJS.ProcessEnv;
}

const HOSTS = ['127.0.0.1 localhost', '127.0.0.2 www.domain.com', '127.0.0.3 trusted.example.com', '127.0.0.4 outsider.example.org'];

/** Fills the placeholders in every regular file (as bytes) and makes the copy writable, as a tree of one's own is. */
async function substitute(dir: string, vars: Record<string, string>): Promise<void> {
  await chmod(dir, (await stat(dir)).mode | 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await substitute(path, vars);
    else if (entry.isFile()) {
      await chmod(path, (await stat(path)).mode | 0o644);
      const text = (await readFile(path)).toString('latin1');
      const filled = text.replace(/@(ROOT|PORT|SSLPORT)@/g, (m) => vars[m]!);
      if (filled !== text) await writeFile(path, Buffer.from(filled, 'latin1'));
    }
  }
}

/** A directory of symlinks to every module of the installed httpd except mod_access_compat.so. */
async function modulesWithoutAccessCompat(into: string): Promise<void> {
  const from = httpdModulesDir();
  await mkdir(into);
  for (const name of await readdir(from)) {
    if (name !== 'mod_access_compat.so') await symlink(join(from, name), join(into, name));
  }
}

/** Copies `tree` into a fresh sandbox, fills the placeholders, and writes the nss_wrapper files beside it. */
export async function layOut(tree: string): Promise<Sandbox> {
  const base = await mkdtemp(join(SCRATCH_DIR, 'wholetree-'));
  await chmod(base, 0o755);
  const root = join(base, 'root');
  await cp(tree, root, { recursive: true, verbatimSymlinks: true });
  await chmod(root, 0o755);
  const ports = { PORT: await freePort(), SSLPORT: await freePort() };
  await substitute(root, { '@ROOT@': root, '@PORT@': String(ports.PORT), '@SSLPORT@': String(ports.SSLPORT) });
  await modulesWithoutAccessCompat(join(base, 'modules'));
  await symlink(join(base, 'modules'), join(root, 'modules'));
  for (const dir of ['var', 'logs', 'uploads']) {
    await mkdir(join(root, dir), { recursive: true });
    await chmod(join(root, dir), 0o777);
  }
  await writeFile(join(base, 'hosts'), `${HOSTS.join('\n')}\n`);
  await writeFile(join(base, 'passwd'), [
    'root:x:0:0:root:/root:/bin/sh', 'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
    `alice:x:1001:1001:alice:${root}/home/alice:/bin/sh`, '',
  ].join('\n'));
  await writeFile(join(base, 'group'), 'root:x:0:\nnogroup:x:65534:\nalice:x:1001:\n');
  const lib = findNssWrapper();
  const env = {
    ...process.env, LD_PRELOAD: lib ?? '', NSS_WRAPPER_HOSTS: join(base, 'hosts'),
    NSS_WRAPPER_PASSWD: join(base, 'passwd'), NSS_WRAPPER_GROUP: join(base, 'group'),
  };
  return { root, ports, env };
}

/** Starts httpd in the foreground on the sandbox's `main` configuration file. */
export async function start(httpd: string, box: Sandbox, main: string): Promise<Server | string> {
  return startServer(httpd, { root: box.root, port: box.ports.PORT }, { conf: join(box.root, main), env: box.env });
}

export { stopServer };

function reduceAuth(value: string | undefined): string | null {
  if (!value) return null;
  const m = /^(\w+)\s.*?realm="([^"]*)"/i.exec(value);
  return m ? `${m[1]} realm="${m[2]}"` : value;
}

/** Sends one recorded request and reduces the answer to the compared fields. */
export function ask(box: Sandbox, req: TreeRequest): Promise<Answer> {
  if (!/^127\.\d+\.\d+\.\d+$/.test(req.from)) throw new Error(`client address outside 127.0.0.0/8: ${req.from}`);
  const port = box.ports[req.port ?? 'PORT'];
  const body = req.method === 'POST' ? 'a=1&b=2' : req.method === 'PUT' ? 'put body\n' : undefined;
  const headers: Record<string, string> = { Host: req.host, Connection: 'close', 'Accept-Language': 'en' };
  if (req.user !== undefined) headers.Authorization = `Basic ${Buffer.from(`${req.user}:${req.pass ?? ''}`).toString('base64')}`;
  if (req.method === 'POST') headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  const send = req.scheme === 'https' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const r = send({
      host: '127.0.0.1', port, path: req.path, method: req.method, localAddress: req.from, agent: false, headers,
      rejectUnauthorized: false, servername: req.host,
    }, (res: IncomingMessage) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => { bytes += d.length; });
      res.once('end', () => {
        const header = (name: string) => {
          const v = res.headers[name];
          return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
        };
        const location = header('location')?.replaceAll(`:${box.ports.PORT}`, ':@PORT@').replaceAll(`:${box.ports.SSLPORT}`, ':@SSLPORT@') ?? null;
        resolve({
          status: res.statusCode ?? 0, location, type: header('content-type'), allow: header('allow'),
          auth: reduceAuth(header('www-authenticate') ?? undefined), body: bytes > 0,
        });
      });
      res.once('error', reject);
    });
    r.setTimeout(10_000, () => r.destroy(new Error(`request timed out: ${req.key}`)));
    r.once('error', reject);
    r.end(body);
  });
}

/** The fields of `got` that differ from `want` (Allow compared as a set of methods). */
export function differences(want: Answer, got: Answer): string[] {
  const methods = (v: string | null) => (v === null ? null : [...new Set(v.split(',').map((m) => m.trim()).filter(Boolean))].sort().join(','));
  const out: string[] = [];
  for (const field of ['status', 'location', 'type', 'auth', 'body'] as const) {
    if (want[field] !== got[field]) out.push(`${field}: 2.2 ${JSON.stringify(want[field])}, 2.4 ${JSON.stringify(got[field])}`);
  }
  if (methods(want.allow) !== methods(got.allow)) out.push(`allow: 2.2 ${JSON.stringify(want.allow)}, 2.4 ${JSON.stringify(got.allow)}`);
  return out;
}
