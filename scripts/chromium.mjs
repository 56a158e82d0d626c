/**
 * Headless Chromium (Debian's `chromium` package) for looking at the HTML report: the one place
 * that knows how to start it quietly, offline and without a profile. Used by the HTML report test
 * and by scripts/screenshot-report.mjs. CHROMIUM=/path overrides the binary.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The chromium binary, or null when none is installed. */
export function findChromium() {
  if (process.env.CHROMIUM) return existsSync(process.env.CHROMIUM) ? process.env.CHROMIUM : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const p = join(dir, name);
      if (existsSync(p)) return p;
    }
  }
  return null;
}

/** Flags for a headless run with a new empty profile and no network chatter of its own. */
export function headlessFlags(userDataDir) {
  return [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    `--user-data-dir=${userDataDir}`,
  ];
}

/**
 * Runs chromium on a URL with extra flags (`--dump-dom`, `--screenshot=…`) and resolves with its
 * stdout. `proxy` (host:port) sends every request the page makes there, loopback included.
 */
export function runChromium(url, extra = [], { proxy, timeoutMs = 120_000 } = {}) {
  const binary = findChromium();
  if (!binary) return Promise.reject(new Error('chromium is not installed (apt-get install chromium)'));
  const profile = mkdtempSync(join(tmpdir(), 'httpd-migrate-chromium-'));
  const net = proxy ? [`--proxy-server=http://${proxy}`, '--proxy-bypass-list=<-loopback>'] : [];
  return new Promise((resolve, reject) => {
    execFile(binary, [...headlessFlags(profile), ...net, ...extra, url], { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      rmSync(profile, { recursive: true, force: true });
      if (err) reject(new Error(`chromium failed: ${err.message}\n${stderr.slice(-2000)}`));
      else resolve(stdout);
    });
  });
}
