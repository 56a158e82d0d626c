/** docs/json-format.md documents every field `--format json` produces, and only those; fix ranges reproduce write. */
import { mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const DOC = readFileSync(resolve(import.meta.dirname, '../../docs/json-format.md'), 'utf8');

/** The field names of the table under a `## heading`. */
function documented(heading: string): string[] {
  const section = DOC.split(/^## /m).find((s) => s.startsWith(heading));
  expect(section, heading).toBeDefined();
  return [...section!.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!).sort();
}

function keys(objects: object[]): string[] {
  return [...new Set(objects.flatMap((o) => Object.keys(o)))].sort();
}

describe('docs/json-format.md', () => {
  it('lists exactly the fields a diff run with fixes, suggestions, docs and a missing path produces', async () => {
    const cwd = tempDir();
    // A wildcard in a directory part (a form 2.2 refused) that matches nothing gets the IncludeOptional suggestion.
    mkdirSync(join(cwd, 'conf.d/x'), { recursive: true });
    writeFileSync(join(cwd, 'a.conf'), 'MaxClients 5\nInclude conf.d/*/*.conf\n<Directory /x>\nOrder allow,deny\n</Directory>\n');
    const r = await runCli(['diff', '--format', 'json', 'a.conf', 'missing/*.conf'], { cwd });
    const doc = JSON.parse(r.stdout);
    const findings = doc.files.flatMap((f: { findings: object[] }) => f.findings);
    const edits = findings.flatMap((f: { fix?: object[]; suggestion?: object[] }) => [...(f.fix ?? []), ...(f.suggestion ?? [])]);
    expect(keys([doc])).toEqual(documented('The document'));
    expect(keys(doc.files)).toEqual(documented('A file'));
    expect(keys(findings)).toEqual(documented('A finding'));
    expect(keys(edits)).toEqual(documented('An edit'));
    expect(keys([doc.summary])).toEqual(documented('The summary'));
    expect(doc.version).toBe(1);
  });

  it('lists the module layout changes of a Debian tree, which no file\'s diff holds, with the fields documented', async () => {
    const root = tempDir();
    for (const d of ['mods-available', 'mods-enabled']) mkdirSync(join(root, d));
    for (const m of ['authz_host', 'authz_default']) {
      writeFileSync(join(root, 'mods-available', `${m}.load`), `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so\n`);
      symlinkSync(`../mods-available/${m}.load`, join(root, 'mods-enabled', `${m}.load`));
    }
    writeFileSync(join(root, 'apache2.conf'), `ServerRoot "${root}"\nInclude mods-enabled/*.load\nListen 80\n<Directory /srv>\n    Order allow,deny\n    Allow from all\n</Directory>\n`);
    const check = JSON.parse((await runCli(['check', '--format', 'json', 'apache2.conf'], { cwd: root })).stdout);
    const diff = JSON.parse((await runCli(['diff', '--format', 'json', 'apache2.conf'], { cwd: root })).stdout);
    expect(keys(diff.layout)).toEqual(documented('A layout change'));
    expect(check.layout).toContainEqual({ kind: 'unlink', path: 'mods-enabled/authz_default.load', target: '../mods-available/authz_default.load' });
    expect(check.layout).toContainEqual({ kind: 'link', path: 'mods-enabled/authz_core.load', target: '../mods-available/authz_core.load' });
    expect(diff.layout.map((c: { diff: string }) => c.diff).join('')).toBe(await runCli(['diff', 'apache2.conf'], { cwd: root }).then((r) => r.stdout.slice(r.stdout.indexOf('diff --git a/mods-'))));
    const write = JSON.parse((await runCli(['write', '--format', 'json', 'apache2.conf'], { cwd: root })).stdout);
    const order = (list: { kind: string; path: string }[]) => [...list].sort((a, b) => `${a.path} ${a.kind}`.localeCompare(`${b.path} ${b.kind}`));
    expect(order(write.layout)).toEqual(order(check.layout));
    expect(readlinkSync(join(root, 'mods-enabled/authz_core.load'))).toBe('../mods-available/authz_core.load');
    expect(JSON.parse((await runCli(['check', '--format', 'json', 'apache2.conf'], { cwd: root })).stdout).layout).toEqual([]);
  });

  it('fix ranges applied from last to first give what write writes', async () => {
    const cwd = tempDir();
    const text = 'MaxClients 5\nNameVirtualHost *:80\n<Directory /x>\nOrder allow,deny\nAllow from all\n</Directory>\nKeepAlive on\n';
    writeFileSync(join(cwd, 'a.conf'), text);
    const doc = JSON.parse((await runCli(['check', '--format', 'json', 'a.conf'], { cwd })).stdout);
    const edits = doc.files[0].findings.flatMap((f: { fix?: { range: [number, number]; text: string }[] }) => f.fix ?? []);
    expect(edits.length).toBeGreaterThan(2);
    edits.sort((a: { range: number[] }, b: { range: number[] }) => b.range[0]! - a.range[0]!);
    let fixed = text;
    for (const e of edits) fixed = fixed.slice(0, e.range[0]) + e.text + fixed.slice(e.range[1]);
    await runCli(['write', 'a.conf'], { cwd });
    expect(fixed).toBe(readFileSync(join(cwd, 'a.conf'), 'latin1'));
  });

  // Found by a helper's bug hunt: an access rewrite whose last line has no line ending removes that
  // line with the line ending before it, which the rewritten first line's range also held: the two
  // ranges of one fix overlapped ([0,17] and [16,31]), which SARIF and JSON readers cannot apply.
  it('gives each fix ranges that do not overlap, also where the last line has no line ending', async () => {
    const cwd = tempDir();
    const texts: Record<string, string> = {
      '.htaccess': 'Order allow,deny\nAllow from all',
      'sub/.htaccess': 'AuthType Basic\r\nOrder deny,allow\r\nDeny from all\r\nAllow from 10.0.0.0/8',
      'a.conf': '<Directory /x>\r\n    Order deny,allow\r\n    Deny from all\r\n</Directory>',
    };
    mkdirSync(join(cwd, 'sub'));
    for (const [name, text] of Object.entries(texts)) writeFileSync(join(cwd, name), text);
    for (const format of ['json', 'sarif']) {
      const doc = JSON.parse((await runCli(['check', '--format', format, '--no-follow-includes', ...Object.keys(texts)], { cwd })).stdout);
      const fixes: { path: string; edits: { range: [number, number]; text: string }[] }[] = format === 'json'
        ? doc.files.flatMap((f: { path: string; findings: { fix?: { range: [number, number]; text: string }[] }[] }) => f.findings.filter((x) => x.fix).map((x) => ({ path: f.path, edits: x.fix! })))
        : doc.runs[0].results.flatMap((r: { fixes?: { artifactChanges: { artifactLocation: { uri: string }; replacements: { deletedRegion: { byteOffset: number; byteLength: number }; insertedContent: { text: string } }[] }[] }[] }) =>
          (r.fixes ?? []).map((f) => ({ path: f.artifactChanges[0]!.artifactLocation.uri, edits: f.artifactChanges[0]!.replacements.map((x) => ({ range: [x.deletedRegion.byteOffset, x.deletedRegion.byteOffset + x.deletedRegion.byteLength] as [number, number], text: x.insertedContent.text })) })));
      expect(new Set(fixes.map((f) => f.path))).toEqual(new Set(Object.keys(texts)));
      const fixed: Record<string, string> = { ...texts };
      for (const { path, edits } of fixes) {
        const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
        for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.range[0], `${format} ${path} ${JSON.stringify(sorted)}`).toBeGreaterThanOrEqual(sorted[i - 1]!.range[1]);
        for (const e of sorted.reverse()) fixed[path] = fixed[path]!.slice(0, e.range[0]) + e.text + fixed[path]!.slice(e.range[1]);
      }
      const copy = tempDir();
      mkdirSync(join(copy, 'sub'));
      for (const [name, text] of Object.entries(texts)) writeFileSync(join(copy, name), text);
      await runCli(['write', '--no-follow-includes', ...Object.keys(texts)], { cwd: copy });
      for (const name of Object.keys(texts)) expect(fixed[name], name).toBe(readFileSync(join(copy, name), 'latin1'));
    }
  });

  // Found by a helper's bug hunt: the LoadModule lines of load-implicit-modules (a rule that runs on the file as migrated)
  // had their range in the text after no-removed-modules' fix, so applying the fixes split a line.
  it('gives the fixes of rules that run on the migrated tree ranges in the file as read too', async () => {
    const cwd = tempDir();
    const text = `ServerRoot "${cwd}"\nLoadModule authz_default_module modules/mod_authz_default.so\nLoadModule dir_module modules/mod_dir.so\nListen 80\n`;
    writeFileSync(join(cwd, 'a.conf'), text);
    const fixedBy: Record<string, string> = {};
    for (const format of ['json', 'sarif']) {
      const doc = JSON.parse((await runCli(['check', '--format', format, 'a.conf'], { cwd })).stdout);
      const edits: { range: [number, number]; text: string; rule: string }[] = format === 'json'
        ? doc.files[0].findings.flatMap((f: { ruleId: string; fix?: { range: [number, number]; text: string }[] }) => (f.fix ?? []).map((e) => ({ ...e, rule: f.ruleId })))
        : doc.runs[0].results.flatMap((r: { ruleId: string; fixes?: { artifactChanges: { replacements: { deletedRegion: { byteOffset: number; byteLength: number }; insertedContent?: { text: string } }[] }[] }[] }) =>
          (r.fixes ?? []).filter(() => r.ruleId !== 'explicit-changed-defaults').flatMap((f) => f.artifactChanges[0]!.replacements.map((x) => ({
            range: [x.deletedRegion.byteOffset, x.deletedRegion.byteOffset + x.deletedRegion.byteLength] as [number, number], text: x.insertedContent?.text ?? '', rule: r.ruleId,
          }))));
      expect(edits.map((e) => e.rule)).toEqual(expect.arrayContaining(['no-removed-modules', 'load-implicit-modules']));
      const unique = [...new Map(edits.map((e) => [`${e.range}:${e.text}`, e])).values()].sort((a, b) => b.range[0] - a.range[0] || b.range[1] - a.range[1]);
      let fixed = text;
      for (const e of unique) fixed = fixed.slice(0, e.range[0]) + e.text + fixed.slice(e.range[1]);
      fixedBy[format] = fixed;
    }
    await runCli(['write', 'a.conf'], { cwd });
    const written = readFileSync(join(cwd, 'a.conf'), 'latin1');
    expect(written).toContain('LoadModule mpm_prefork_module');
    expect(fixedBy).toEqual({ json: written, sarif: written });
  });

  it('gives each rule finding the path of its doc, which exists', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.conf'), 'MaxClients 5\n');
    const doc = JSON.parse((await runCli(['check', '--format', 'json', 'a.conf'], { cwd })).stdout);
    const f = doc.files[0].findings[0];
    expect(f.docs).toEqual({ command: 'httpd-migrate rules prefer-max-request-workers', file: resolve(import.meta.dirname, '../../rules/prefer-max-request-workers.md') });
    expect(readFileSync(f.docs.file, 'utf8')).toMatch(/^# /);
  });
});
