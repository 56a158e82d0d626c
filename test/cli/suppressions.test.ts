/** Suppression comments: each form silences what it names, and only that; unused ones are reported; write keeps them. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSuppressions, suppressing } from '../../src/engine/suppressions.js';
import { parse } from '../../src/parse/parser.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

async function check(text: string, args: string[] = []) {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'a.conf'), text);
  const r = await runCli(['check', '--format', 'json', ...args, 'a.conf'], { cwd });
  const doc = JSON.parse(r.stdout);
  return { code: r.code, cwd, findings: doc.files[0].findings.map((f: { line: number; ruleId: string }) => `${f.line} ${f.ruleId}`) as string[] };
}

describe('suppression comments', () => {
  it('reads each form, its rules and its reason', () => {
    const file = parse('# httpd-migrate-disable-next-line a, b -- legacy host\n  #httpd-migrate-disable\n<Directory />\n# httpd-migrate-enable a\n</Directory>\n# httpd-migrate-disable-file c\n# httpd-migrate-disabled x\n', 'x.conf');
    expect(readSuppressions(file).map((c) => [c.kind, c.rules, c.line])).toEqual([
      ['disable-next-line', ['a', 'b'], 1], ['disable', [], 2], ['enable', ['a'], 4], ['disable-file', ['c'], 6],
    ]);
    const comments = readSuppressions(file);
    expect(suppressing(comments, 'a', 2)?.kind).toBe('disable-next-line');
    expect(suppressing(comments, 'a', 3)?.kind).toBe('disable');
    expect(suppressing(comments, 'a', 5)).toBeNull();
    expect(suppressing(comments, 'b', 5)?.kind).toBe('disable');
    expect(suppressing(comments, 'c', 1)?.kind).toBe('disable-file');
  });

  it('disable-next-line silences the named rule on the next line only', async () => {
    const r = await check('# httpd-migrate-disable-next-line prefer-max-request-workers\nMaxClients 150\nMaxClients 150\n');
    expect(r.findings).toEqual(['3 prefer-max-request-workers']);
  });

  it('a list silences each rule listed, and no other', async () => {
    const r = await check('# httpd-migrate-disable no-name-virtual-host, prefer-max-request-workers\nNameVirtualHost *:80\nMaxClients 1\n# httpd-migrate-enable\n# httpd-migrate-disable-next-line no-name-virtual-host\nMaxClients 2\n');
    expect(r.findings).toEqual(['5 unused-disable-directive', '6 prefer-max-request-workers']);
  });

  it('disable … enable silences a block; disable without enable runs to the end of the file', async () => {
    const r = await check('# httpd-migrate-disable prefer-max-request-workers\nMaxClients 1\nMaxClients 2\n# httpd-migrate-enable prefer-max-request-workers\nMaxClients 3\n# httpd-migrate-disable\nMaxClients 4\nNameVirtualHost *:80\n');
    expect(r.findings).toEqual(['5 prefer-max-request-workers']);
  });

  it('disable-file silences a rule in the whole file, wherever it stands', async () => {
    const r = await check('MaxClients 1\nNameVirtualHost *:80\n# httpd-migrate-disable-file prefer-max-request-workers -- this host keeps the 2.2 name\n');
    expect(r.findings).toEqual(['2 no-name-virtual-host']);
  });

  it('reports suppressions that silence nothing, and unknown rule ids', async () => {
    const r = await check('# httpd-migrate-disable-next-line prefer-max-request-workers\nListen 80\n# httpd-migrate-disable-file no-such-rule\n');
    expect(r.findings).toEqual(['1 unused-disable-directive', '3 unused-disable-directive']);
    expect(r.code).toBe(1);
  });

  it('does not report a suppression of a rule switched off with --disable', async () => {
    const r = await check('# httpd-migrate-disable-next-line prefer-max-request-workers\nMaxClients 1\n', ['--disable', 'prefer-max-request-workers']);
    expect(r).toMatchObject({ code: 0, findings: [] });
  });

  it('write leaves suppressed lines and the comments byte for byte, and fixes the rest', async () => {
    const cwd = tempDir();
    const text = 'MaxClients 1\r\n#  httpd-migrate-disable-next-line prefer-max-request-workers -- kept on purpose\r\nMaxClients 2\r\n';
    writeFileSync(join(cwd, 'a.conf'), text);
    const r = await runCli(['write', 'a.conf'], { cwd });
    expect(r.code).toBe(0);
    expect(readFileSync(join(cwd, 'a.conf'), 'latin1')).toBe(text.replace('MaxClients 1', 'MaxRequestWorkers 1'));
    const again = await runCli(['write', '--format', 'json', 'a.conf'], { cwd });
    expect(JSON.parse(again.stdout).summary.changed).toBe(0);
  });
});
