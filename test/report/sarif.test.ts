/** --format sarif: valid SARIF 2.1.0 (checked against the official schema), with rules, regions and fixes. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { CORPUS_DIR, corpusFiles } from '../helpers/corpus.js';
import { requireDataOrSkip } from '../helpers/shared-data.js';
import { tempDir } from '../helpers/tmp.js';

const schema = JSON.parse(readFileSync(resolve(import.meta.dirname, 'schema/sarif-2.1.0-rtm.5.json'), 'utf8'));
// unicodeRegExp off: the schema's `language` pattern is a valid ECMAScript regex only without the u flag.
// Both are CommonJS modules whose class and function are also their `default` export.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
ajvFormats.default(ajv);
const validate = ajv.compile(schema);

function errors(log: unknown): string {
  return validate(log) ? '' : ajv.errorsText(validate.errors, { separator: '\n' });
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }[];
  fixes?: { artifactChanges: { replacements: { deletedRegion: { byteOffset: number; byteLength: number }; insertedContent: { text?: string; binary?: string } }[] }[] }[];
}

const corpus = requireDataOrSkip('corpus/real');

describe.skipIf(corpus.skip)('SARIF of the corpus run', () => {
  it('validates against the SARIF 2.1.0 schema, with one result per finding of the JSON report', async () => {
    const files = corpusFiles().map((c) => c.rel);
    const args = ['check', '--no-follow-includes', '--no-htaccess', ...files];
    const sarif = await runCli([...args, '--format', 'sarif'], { cwd: CORPUS_DIR });
    const json = await runCli([...args, '--format', 'json'], { cwd: CORPUS_DIR });
    expect(sarif.code).toBe(json.code);
    const log = JSON.parse(sarif.stdout);
    expect(errors(log)).toBe('');
    const doc = JSON.parse(json.stdout);
    const findings = doc.files.flatMap((f: { findings: unknown[] }) => f.findings);
    const results: SarifResult[] = log.runs[0].results;
    expect(results.length).toBe(findings.length);
    expect(results.length).toBeGreaterThan(100);
    const rules = log.runs[0].tool.driver.rules;
    for (const r of results) expect(rules[r.ruleIndex].id).toBe(r.ruleId);
    expect(results.filter((r) => r.fixes).length).toBeGreaterThan(20);
    // Not a timing: under /tmp the certbot files' <Directory "/tmp"> covers every loose .htaccess of a copy of the corpus
    // there, which makes them one project to prove (about 55 s a run on 2 cores, against 3 s elsewhere).
  }, 600_000);
});

describe('SARIF', () => {
  it('the validator rejects a log that breaks the schema (so the check above can fail)', () => {
    expect(errors({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] })).not.toBe('');
    expect(errors({ runs: [] })).not.toBe('');
  });

  it('describes each rule with its help text and upgrade-notes row, and gives regions and the fix', async () => {
    const cwd = tempDir();
    const text = 'Listen 80\nMaxClients 150\n';
    writeFileSync(join(cwd, 'a.conf'), text);
    const r = await runCli(['check', '--format', 'sarif', 'a.conf'], { cwd });
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(errors(log)).toBe('');
    const run = log.runs[0];
    const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'prefer-max-request-workers');
    expect(rule.help.markdown).toBe(readFileSync(resolve(import.meta.dirname, '../../rules/prefer-max-request-workers.md'), 'utf8'));
    expect(rule.properties.upgradeNotesRow).toMatch(/MaxClients/);
    const result: SarifResult = run.results.find((x: SarifResult) => x.ruleId === 'prefer-max-request-workers');
    expect(result.level).toBe('error');
    expect(result.locations[0]!.physicalLocation.artifactLocation.uri).toBe('a.conf');
    expect(result.locations[0]!.physicalLocation.region).toEqual({ startLine: 2, startColumn: 1, endLine: 2, endColumn: 15 });
    const rep = result.fixes![0]!.artifactChanges[0]!.replacements[0]!;
    const fixed = text.slice(0, rep.deletedRegion.byteOffset) + rep.insertedContent.text + text.slice(rep.deletedRegion.byteOffset + rep.deletedRegion.byteLength);
    await runCli(['write', 'a.conf'], { cwd });
    expect(fixed).toBe(readFileSync(join(cwd, 'a.conf'), 'latin1'));
  });

  it('gives non-ASCII replacement text as the file\'s own bytes', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.conf'), Buffer.from('# caf\xe9\nMaxClients 150\n', 'latin1'));
    const r = await runCli(['check', '--format', 'sarif', 'a.conf'], { cwd });
    expect(errors(JSON.parse(r.stdout))).toBe('');
  });
});

describe('SARIF regions', () => {
  it('count columns in code points, as its columnKind says, where the JSON report counts bytes', async () => {
    const cwd = tempDir();
    // é (2 bytes), € (3 bytes) and 😀 (4 bytes) before the variable on the line: 6 more bytes than code points.
    writeFileSync(join(cwd, 'v.conf'), Buffer.from('ServerAdmin "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80${FOO}"\r\n', 'latin1'));
    const log = JSON.parse((await runCli(['check', '--no-follow-includes', '--format', 'sarif', 'v.conf'], { cwd })).stdout);
    expect(errors(log)).toBe('');
    expect(log.runs[0].columnKind).toBe('unicodeCodePoints');
    const result = (log.runs[0].results as SarifResult[]).find((x) => x.ruleId === 'undefined-variable')!;
    expect(result.locations[0]!.physicalLocation.region).toEqual({ startLine: 1, startColumn: 17, endLine: 1, endColumn: 23 });
    const json = JSON.parse((await runCli(['check', '--no-follow-includes', '--format', 'json', 'v.conf'], { cwd })).stdout);
    expect(json.files[0].findings.find((f: { ruleId: string }) => f.ruleId === 'undefined-variable')).toMatchObject({ col: 23, endCol: 29 });
  });
});
