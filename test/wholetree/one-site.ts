// A small 2.2 tree for the real-server tests: one site under www/ (with www/priv/), served on 127.0.0.1 at a free port,
// loading mod_authz_host, mod_mime and mod_dir, with host names through nss_wrapper.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNssWrapper, httpdModulesDir, runAsLines, SCRATCH_DIR } from '../oracle/httpd.js';
import { freePort } from '../oracle/harness.js';
import { ask, type Sandbox, start, stopServer } from './sandbox.js';

/**
 * Lays the tree out in a new directory below SCRATCH_DIR (its name starts with `prefix`; the caller removes `base`).
 * `more(root)`: the lines after DocumentRoot in httpd.conf.
 */
export async function oneSiteTree(prefix: string, more: (root: string) => string = () => ''): Promise<Sandbox & { base: string }> {
  const base = mkdtempSync(join(SCRATCH_DIR, prefix));
  chmodSync(base, 0o755);
  const root = join(base, 'httpd');
  const port = await freePort();
  mkdirSync(join(root, 'www', 'priv'), { recursive: true });
  mkdirSync(join(root, 'logs'));
  const mods = httpdModulesDir();
  writeFileSync(join(root, 'httpd.conf'), [
    `ServerRoot "${root}"`, `PidFile ${root}/httpd.pid`, runAsLines(), `ErrorLog ${root}/logs/error.log`, 'LogLevel warn',
    ...['authz_host', 'mime', 'dir'].map((m) => `LoadModule ${m}_module ${mods}/mod_${m}.so`),
    'TypesConfig /etc/mime.types', 'DirectoryIndex index.html',
    `Listen 127.0.0.1:${port}`, 'ServerName 127.0.0.1', `DocumentRoot "${root}/www"`, '',
  ].join('\n') + more(root));
  writeFileSync(join(root, 'www', 'index.html'), '<p>home</p>\n');
  writeFileSync(join(root, 'www', 'priv', 'index.html'), '<p>private</p>\n');
  writeFileSync(join(base, 'hosts'), '127.0.0.1 localhost\n');
  const env = { ...process.env, LD_PRELOAD: findNssWrapper() ?? '', NSS_WRAPPER_HOSTS: join(base, 'hosts') };
  return { base, root, ports: { PORT: port, SSLPORT: port }, env };
}

/** The statuses the real server answers to GET requests (path and client address) on the tree, started and stopped around them. */
export async function statuses(httpd: string, box: Sandbox, requests: readonly (readonly [path: string, from: string])[]): Promise<number[]> {
  const server = await start(httpd, box, 'httpd.conf');
  if (typeof server === 'string') throw new Error(server);
  try {
    const out: number[] = [];
    for (const [path, from] of requests) out.push((await ask(box, { key: path, scheme: 'http', host: '127.0.0.1', method: 'GET', path, from })).status);
    return out;
  } finally {
    await stopServer(server);
  }
}
