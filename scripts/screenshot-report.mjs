#!/usr/bin/env node
/**
 * Takes the README's screenshot of the HTML report: `httpd-migrate check --format html` of the
 * bundled example tree, rendered by headless Chromium into docs/html-report.png: the top of the page
 * (summary, conf/httpd.conf's diff with its findings, the first access proofs), or from an anchor.
 *
 *   npm run build && node scripts/screenshot-report.mjs [--height 4200] [--anchor access-3]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runChromium } from './chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const height = Number(arg('--height', '4200'));
const anchor = arg('--anchor', '');
const dir = mkdtempSync(join(tmpdir(), 'httpd-migrate-report-'));
const page = join(dir, 'report.html');
let html;
try {
  html = execFileSync(process.execPath, [join(root, 'bin/httpd-migrate.js'), 'check', '--format', 'html', 'conf/httpd.conf', '--server-root', '.'], { cwd: join(root, 'fixtures/_example'), encoding: 'utf8' });
} catch (e) {
  // check exits 1 when something needs migrating; the report is still on stdout.
  if (e.status !== 1) throw e;
  html = e.stdout;
}
writeFileSync(page, html);
const out = join(root, 'docs/html-report.png');
await runChromium(`${pathToFileURL(page).href}${anchor ? `#${anchor}` : ''}`, ['--hide-scrollbars', '--virtual-time-budget=3000', `--window-size=1280,${height}`, `--screenshot=${out}`]);
rmSync(dir, { recursive: true, force: true });
console.log(`wrote ${out}`);
