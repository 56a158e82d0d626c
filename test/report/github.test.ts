/** --format github: every line is a workflow command the Actions runner parses into an annotation. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

/**
 * The runner's grammar (actions/runner ActionCommand.TryParseV2): `::name key=value,key=value::message`,
 * with %25 %0D %0A escaped in the message and also %3A %2C in property values.
 */
function parseCommand(line: string): { command: string; props: Record<string, string>; message: string } | null {
  const m = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) return null;
  const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const props: Record<string, string> = {};
  for (const kv of (m[2] ?? '').split(',').filter(Boolean)) {
    const i = kv.indexOf('=');
    if (i <= 0) return null;
    props[kv.slice(0, i)] = unescape(kv.slice(i + 1));
  }
  return { command: m[1]!, props, message: unescape(m[3]!) };
}

describe('--format github', () => {
  it('shows the control characters of a file name and of its words, which the job log would obey (ESC, BEL)', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a\x1b[2J.conf'), 'NameVirtualHost *:80\x07\n');
    const gh = await runCli(['check', '--format', 'github', 'a\x1b[2J.conf'], { cwd });
    expect(gh.stdout).not.toMatch(/[\x07\x1b]/);
    const c = parseCommand(gh.stdout.trimEnd().split('\n')[0]!);
    expect(c!.props.file).toBe('a\\e[2J.conf');
    expect(c!.message).toContain('*:80\\x07');
  });

  it('prints one workflow command per finding, matching the JSON report', async () => {
    const cwd = tempDir();
    // A path with the separators the format must escape.
    writeFileSync(join(cwd, 'odd,name:1.conf'), 'MaxClients 150\nNameVirtualHost *:80\n# httpd-migrate-disable-next-line keep-alive-on-off\nListen 80\n');
    const gh = await runCli(['check', '--format', 'github', 'odd,name:1.conf'], { cwd });
    const json = JSON.parse((await runCli(['check', '--format', 'json', 'odd,name:1.conf'], { cwd })).stdout);
    expect(gh.code).toBe(1);
    const lines = gh.stdout.trimEnd().split('\n');
    const findings = json.files[0].findings;
    expect(lines.length).toBe(findings.length);
    lines.forEach((line, i) => {
      const c = parseCommand(line);
      expect(c, line).not.toBeNull();
      const f = findings[i];
      expect(c!.command).toBe({ error: 'error', warning: 'warning', info: 'notice' }[f.severity as string]);
      expect(c!.props.file).toBe('odd,name:1.conf');
      expect(Number(c!.props.line)).toBe(f.line);
      expect(Number(c!.props.col)).toBe(f.col);
      expect(Number(c!.props.endLine)).toBe(f.endLine);
      expect(c!.props.title).toContain(f.ruleId);
      expect(c!.message).toBe(f.message);
    });
    expect(lines.map((l) => parseCommand(l)!.command)).toEqual(['error', 'error', 'warning']);
  });

  it('prints nothing for a clean file', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'ok.conf'), 'Listen 80\n');
    const r = await runCli(['check', '--format', 'github', 'ok.conf'], { cwd });
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });
});
