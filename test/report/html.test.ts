/**
 * The HTML report as a reviewer sees it: rendered by headless Chromium (--dump-dom), its text
 * checked for the files, the findings and the access proofs, and every request the page makes
 * caught by a recording proxy (there must be none).
 */
import { createServer, type Server } from 'node:http';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyTree, tempDir } from '../helpers/tmp.js';
import { requireDataOrSkip } from '../helpers/shared-data.js';
import { requireChromiumOrSkip, runChromium, textOf } from '../helpers/chromium.js';

const EXAMPLE = resolve(import.meta.dirname, '../../fixtures/_example');
const CORPUS_TREE = 'corpus/real/freeipa-3.0.0/install/conf/ipa.conf';
const chromium = requireChromiumOrSkip();
const corpus = requireDataOrSkip(CORPUS_TREE);

/**
 * Chromium's own services, which it calls whatever the page holds (time, updates, sign-in, search),
 * even with --disable-background-networking: hosts under Google's domains, and which of them
 * changes from one Chromium release to the next (150 calls www.google.com). The reports name no
 * such host (staticallySelfContained), so a request to any other host came from the page.
 */
const BROWSER_DOMAINS = ['google.com', 'googleapis.com', 'gstatic.com', 'gvt1.com'];
const browserService = (host: string) => BROWSER_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));

function hostOf(request: string): string {
  const target = request.split(' ')[1] ?? '';
  return /^[a-z]+:\/\//.test(target) ? new URL(target).hostname : target.replace(/:\d+$/, '');
}

/** A proxy that records every request sent to it and answers 404. */
let proxy: Server;
const requests: string[] = [];
let proxyAddress = '';

beforeAll(async () => {
  proxy = createServer((req, res) => { requests.push(`${req.method} ${req.url}`); res.writeHead(404).end(); });
  proxy.on('connect', (req, socket) => { requests.push(`CONNECT ${req.url}`); socket.destroy(); });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const a = proxy.address();
  proxyAddress = typeof a === 'object' && a ? `127.0.0.1:${a.port}` : '';
});
afterAll(() => new Promise<void>((done) => proxy.close(() => done())));

/** Writes the report to a file, renders it, and returns the rendered DOM and the requests it made. */
async function render(html: string): Promise<{ dom: string; text: string; requested: string[] }> {
  const file = join(tempDir(), 'report.html');
  writeFileSync(file, html);
  const before = requests.length;
  const dom = await runChromium(pathToFileURL(file).href, ['--dump-dom'], { proxy: proxyAddress });
  return { dom, text: textOf(dom), requested: requests.slice(before).filter((r) => !browserService(hostOf(r))) };
}

/** The rendered block of one access section, found by its heading text. */
function proofBlock(dom: string, heading: string): string {
  const blocks = dom.split(/(?=<div class="proof )/).slice(1).map((b) => b.split('</div>\n</section>')[0]!);
  const block = blocks.find((b) => textOf(b).startsWith(heading));
  expect(block, `an access section headed ${heading}`).toBeDefined();
  return block!;
}

function staticallySelfContained(html: string): void {
  expect(html).not.toMatch(/<script|<link|<iframe|<img|<object|<embed|@import|url\(/i);
  expect(html).not.toMatch(/\ssrc=/i);
  for (const m of html.matchAll(/\shref="([^"]*)"/g)) expect(m[1]).toMatch(/^#/);
  expect(html).toContain(`Content-Security-Policy" content="default-src 'none'`);
}

describe.skipIf(chromium.skip)('HTML report in headless Chromium', () => {
  it('the recording proxy sees a page that does load something (the check can fail)', async () => {
    const r = await render('<!DOCTYPE html><html><body><img src="http://example.invalid/x.png">hello</body></html>');
    expect(r.text).toContain('hello');
    expect(r.requested.join('\n')).toContain('example.invalid/x.png');
  }, 120_000);

  it('shows the example tree: files, findings, diff lines and proven access sections, and loads nothing', async () => {
    const cwd = copyTree(EXAMPLE);
    const run = await runCli(['check', '--format', 'html', 'conf/httpd.conf', '--server-root', '.'], { cwd });
    expect(run.code).toBe(1);
    staticallySelfContained(run.stdout);
    const { dom, text, requested } = await render(run.stdout);
    expect(requested, requested.join('\n')).toEqual([]);
    for (const f of ['conf/httpd.conf', 'conf/extra/vhosts.conf', 'conf.d/private.conf']) expect(text).toContain(f);
    expect(text).toContain('16 problems (11 errors, 4 warnings, 1 info) in 3 files.');
    expect(text).toContain('MaxClients is MaxRequestWorkers in 2.4 (the old name is still accepted)');
    expect(text).toContain('+ MaxRequestWorkers 150');
    expect(text).toContain('- MaxClients 150');
    // The proof of <Directory "htdocs/private">: requests in rows, both answers side by side.
    const block = proofBlock(dom, '<Directory "htdocs/private">');
    const t = textOf(block);
    expect(t).toContain('proven');
    expect(t).toContain('Path Method Client Credentials 2.2 answer (original) 2.4 answer (rewrite)');
    expect(t).toContain('Require ip 192.168.1.0/24');
    const rows = [...block.matchAll(/<tr class="(same|counterexample)">/g)];
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((m) => m[1] === 'same')).toBe(true);
    // A client inside 192.168.1.0/24 without credentials is let in by both; one outside is asked for a password by both.
    expect(t).toMatch(/GET 192\.168\.1\.\d+ none 200 \(authz_host \(Satisfy Any\)\) 200 \(authz_core\) ✔ same/);
    expect(t).toMatch(/GET (?!192\.168\.1\.)[\d.]+ none 401 \(auth \(Basic\)\) 401 \(auth \(Basic\)\) ✔ same/);
  }, 120_000);

  it.skipIf(corpus.skip)('shows a corpus tree with a refused section, its counterexample highlighted', async () => {
    const cwd = tempDir();
    copyFileSync(corpus.path, join(cwd, 'ipa.conf'));
    const run = await runCli(['check', '--format', 'html', 'ipa.conf'], { cwd });
    staticallySelfContained(run.stdout);
    const { dom, text, requested } = await render(run.stdout);
    expect(requested, requested.join('\n')).toEqual([]);
    expect(text).toContain('ipa.conf');
    expect(text).toMatch(/Access control: \d+ sections checked, [1-9]\d* proven and rewritten, (?:[1-9]\d* proven as written \(left as they are\), )?[1-9]\d* refused/);
    const refused = proofBlock(dom, '<Directory "/usr/share/ipa/html">');
    const t = textOf(refused);
    expect(t).toContain('refused');
    expect(t).toMatch(/Counterexample: the rewrite would change an outcome: GET \/ipa\/\S+ from [\d.]+, no credentials(?:, if DocumentRoot is "[^"]+" \(the files loaded set none\))?: 200 before, 401 after/);
    const differing = [...refused.matchAll(/<tr class="counterexample">([\s\S]*?)<\/tr>/g)].map((m) => textOf(m[1]!));
    expect(differing.length).toBeGreaterThan(0);
    for (const row of differing) {
      expect(row).toContain('✖ differs');
      const [, before, after] = /(\d{3}) \((?:[^()]|\([^()]*\))*\) (\d{3}) \(/.exec(row) ?? [];
      expect(before).toBeDefined();
      expect(before).not.toBe(after);
    }
    // And a proven one from the same tree, rewritten, and one proven as written (its Require lines are its 2.4 lines).
    const proven = [...dom.matchAll(/<div class="proof proven"[^>]*><h3>([\s\S]*?)<\/h3>/g)].map((m) => textOf(proofBlock(dom, textOf(m[1]!).split(' ipa.conf')[0]!)));
    const rewritten = proven.filter((p) => p.includes('Proven: every request gets the same answer in 2.4 as in 2.2'));
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten[0]).toMatch(/2\.2 answer \(original\) 2\.4 answer \(rewrite\)/);
    const asWritten = proven.filter((p) => p.includes('Proven as written'));
    expect(asWritten.length).toBeGreaterThan(0);
    expect(asWritten[0]).toMatch(/Its lines, as 2\.4 reads them: Require [\s\S]* 2\.2 answer \(original\) 2\.4 answer \(as written\)/);
    expect(rewritten.length + asWritten.length).toBe(proven.length);
  }, 120_000);
});

describe('HTML report, as printed', () => {
  // Found by a helper's bug hunt: the page was made from the files of the tree alone, so a finding with
  // no file of its own (a pattern that matches nothing, exit 2) was left out and the summary said
  // "No problems", and a file the ignore patterns exclude but the tree includes was listed.
  it('shows what stylish shows: a finding with no file of its own, and not a file the ignore patterns exclude', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.conf'), 'Include ign.conf\nKeepAlive On\n');
    writeFileSync(join(cwd, 'ign.conf'), 'MaxClients 3\n');
    writeFileSync(join(cwd, '.httpd-migrate-ignore'), 'ign.conf\n');
    const args = ['check', '--no-config', 'a.conf', 'missing/*.conf'];
    const html = await runCli([...args, '--format', 'html'], { cwd });
    const stylish = await runCli(args, { cwd });
    expect(html.code).toBe(2);
    expect(stylish.code).toBe(2);
    const text = textOf(html.stdout);
    expect(text).toContain("No files match the pattern 'missing/*.conf'");
    expect(text).not.toContain('No problems');
    expect(text).toContain(stylish.stdout.split('\n').find((l) => l.startsWith('✖'))!);
    expect(text).not.toContain('ign.conf MaxClients');
    expect(html.stdout).not.toContain('<h2>ign.conf</h2>');
  });
});

describe('HTML report of a section proven as written', () => {
  it('says it is left as it is, apart from the sections rewritten', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), `DocumentRoot "${cwd}"\n<Directory "${cwd}">\n    Order allow,deny\n    Allow from all\n</Directory>\n`
      + `<Directory "${cwd}/priv">\n    AuthType Basic\n    AuthName "x"\n    AuthUserFile "${cwd}/pw"\n    require   valid-user\n</Directory>\n`);
    const run = await runCli(['check', '--format', 'html', '--no-htaccess', 'httpd.conf'], { cwd });
    const text = textOf(run.stdout);
    expect(text).toContain('Access control: 2 sections checked, 1 proven and rewritten, 1 proven as written (left as they are), 0 refused');
    expect(text).toMatch(/<Directory "[^"]+\/priv"> httpd\.conf:6 proven as written/);
    expect(text).toContain('Proven as written: every request gets the same answer from these lines in 2.4 as in 2.2, so the section is left as it is.');
  });
});
