/**
 * action.yml: a composite action whose check step, run as the runner runs it (bash, the inputs in
 * env, GITHUB_OUTPUT), writes a SARIF log of the named paths and its exit code, and whose last
 * step fails on findings. The install and upload steps need the network and GitHub, so they are
 * only checked for what they call.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface Step { id?: string; uses?: string; run?: string; env?: Record<string, string>; if?: string; with?: Record<string, string> }

const parsed = spawnSync('python3', ['-c', 'import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))', join(ROOT, 'action.yml')], { encoding: 'utf8' });
const noYaml = parsed.status !== 0;
if (noYaml && process.env.CI) throw new Error(`python3 with PyYAML (a dependency of Debian's pre-commit) is needed to read action.yml: ${parsed.stderr}`);

/** Runs one `run:` step with bash, its env's `${{ inputs.x }}` replaced by the given inputs. */
function runStep(step: Step, inputs: Record<string, string>, cwd: string, extraEnv: Record<string, string> = {}) {
  const output = join(cwd, 'github-output');
  writeFileSync(output, '');
  const env: Record<string, string> = { ...process.env as Record<string, string>, GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: output, ...extraEnv };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = v.replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_, name: string) => inputs[name] ?? '');
  const r = spawnSync('bash', ['-e', '-c', step.run!], { cwd, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, output: readFileSync(output, 'utf8') };
}

describe.skipIf(noYaml)('action.yml', () => {
  const action = noYaml ? null : JSON.parse(parsed.stdout) as { runs: { using: string; steps: Step[] }; inputs: Record<string, { default?: string }> };

  it('is a composite action that installs, checks with --format sarif and uploads the log', () => {
    const steps = action!.runs.steps;
    expect(action!.runs.using).toBe('composite');
    expect(steps.find((s) => s.id === 'install')?.run).toContain('npm ci');
    expect(steps.find((s) => s.id === 'check')?.run).toContain('check --format sarif');
    expect(steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))?.with?.sarif_file).toBe('${{ inputs.sarif-file }}');
  });

  it('its check step writes the SARIF log of the paths, unexpanded globs included, and the exit code', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.conf'), 'MaxClients 5\n');
    writeFileSync(join(cwd, 'b.conf'), 'Listen 80\n');
    const check = action!.runs.steps.find((s) => s.id === 'check')!;
    const r = runStep(check, { paths: '*.conf', args: '--no-follow-includes', 'sarif-file': 'out.sarif' }, cwd);
    expect(r.status).toBe(0);
    expect(r.output).toBe('exit-code=1\n');
    const log = JSON.parse(readFileSync(join(cwd, 'out.sarif'), 'utf8'));
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toEqual(['prefer-max-request-workers']);
    expect(r.stdout).toMatch(/^::error file=a\.conf,line=1,/m);
  });

  it('its last step fails on findings unless told not to, and always on exit 2', () => {
    const cwd = tempDir();
    const last = action!.runs.steps.at(-1)!;
    const verdict = (status: string, fail: string) => runStep({ ...last, env: { STATUS: status, FAIL_ON_FINDINGS: fail } }, {}, cwd).status;
    expect([verdict('0', 'true'), verdict('1', 'true'), verdict('1', 'false'), verdict('2', 'false')]).toEqual([0, 1, 0, 2]);
  });
});
