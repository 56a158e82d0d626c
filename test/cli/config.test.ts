/** The config file, the ignore file, --quiet and --max-warnings. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

/** A Debian vhost: one fixable 2.2 access block, one warning (${APACHE_LOG_DIR} is set by envvars, not here). */
const VHOST = '<VirtualHost *:80>\n  ErrorLog ${APACHE_LOG_DIR}/error.log\n  <Directory /var/www>\n    Order allow,deny\n    Allow from all\n  </Directory>\n</VirtualHost>\n';
const WARNING_ONLY = 'ErrorLog ${APACHE_LOG_DIR}/error.log\n';

function tree(files: Record<string, string>): string {
  const cwd = tempDir();
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(cwd, rel, '..'), { recursive: true });
    writeFileSync(join(cwd, rel), text);
  }
  return cwd;
}

async function findings(cwd: string, args: string[]) {
  const r = await runCli(['check', '--format', 'json', '--no-follow-includes', ...args], { cwd });
  const doc = JSON.parse(r.stdout);
  return { code: r.code, list: doc.files.flatMap((f: { findings: { path: string; ruleId: string; severity: string }[] }) => f.findings.map((x) => `${x.path} ${x.ruleId} ${x.severity}`)) as string[] };
}

describe('config file', () => {
  it('is found walking up from each file: rules off, severity per rule', async () => {
    const cwd = tree({
      'etc/.httpd-migrate.json': JSON.stringify({ rules: { 'undefined-variable': 'off', 'prefer-require': 'warning' } }),
      'etc/sites/a.conf': VHOST,
      'other/b.conf': VHOST,
    });
    const r = await findings(cwd, ['--only', 'undefined-variable,prefer-require', 'etc/sites/a.conf', 'other/b.conf']);
    expect(r.list).toEqual([
      'etc/sites/a.conf prefer-require warning',
      'other/b.conf undefined-variable warning',
      'other/b.conf prefer-require error',
    ]);
  });

  it('a rule switched off is not fixed either', async () => {
    const cwd = tree({ '.httpd-migrate.json': JSON.stringify({ rules: { 'prefer-require': 'off' } }), 'a.conf': VHOST });
    const r = await runCli(['write', '--format', 'json', 'a.conf'], { cwd });
    expect(readFileSync(join(cwd, 'a.conf'), 'utf8')).toBe(VHOST);
    expect(JSON.parse(r.stdout).summary.changed).toBe(0);
  });

  it('may be a key of package.json; the nearest config wins whole', async () => {
    const cwd = tree({
      'package.json': JSON.stringify({ name: 'x', 'httpd-migrate': { rules: { 'undefined-variable': 'off' } } }),
      'a.conf': WARNING_ONLY,
      'sub/package.json': JSON.stringify({ name: 'y' }),
      'sub/b.conf': WARNING_ONLY,
      'sub/inner/.httpd-migrate.json': '{}',
      'sub/inner/c.conf': WARNING_ONLY,
    });
    const r = await findings(cwd, ['a.conf', 'sub/b.conf', 'sub/inner/c.conf']);
    expect(r.list).toEqual(['sub/inner/c.conf undefined-variable warning']);
  });

  it('gives mpm and serverRoot (flags win)', async () => {
    const cwd = tree({
      '.httpd-migrate.json': JSON.stringify({ mpm: 'event', serverRoot: 'root' }),
      'root/conf/main.conf': 'Include conf.d/*.conf\n',
      'root/conf.d/x.conf': 'MaxClients 10\n',
    });
    const r = await runCli(['check', '--format', 'json', 'root/conf/main.conf'], { cwd });
    const doc = JSON.parse(r.stdout);
    expect(doc.files.map((f: { path: string }) => f.path)).toEqual(['root/conf/main.conf', 'root/conf.d/x.conf']);
    const without = JSON.parse((await runCli(['check', '--format', 'json', '--no-config', 'root/conf/main.conf'], { cwd })).stdout);
    expect(without.files.map((f: { path: string }) => f.path)).not.toContain('root/conf.d/x.conf');
    const printed = JSON.parse((await runCli(['check', '--print-config', 'root/conf/main.conf', '--mpm', 'worker'], { cwd })).stdout);
    expect(printed).toMatchObject({ configFile: join(cwd, '.httpd-migrate.json'), mpm: 'worker', serverRoot: join(cwd, 'root'), ignored: false });
  });

  it('--config uses one file for every path; --no-config uses none', async () => {
    const cwd = tree({
      'strict.json': JSON.stringify({ rules: { 'undefined-variable': 'error' } }),
      '.httpd-migrate.json': JSON.stringify({ rules: { 'undefined-variable': 'off' } }),
      'a.conf': WARNING_ONLY,
    });
    expect((await findings(cwd, ['a.conf'])).list).toEqual([]);
    expect((await findings(cwd, ['--config', 'strict.json', 'a.conf'])).list).toEqual(['a.conf undefined-variable error']);
    expect((await findings(cwd, ['--no-config', 'a.conf'])).list).toEqual(['a.conf undefined-variable warning']);
  });

  it('--print-config shows every rule\'s setting for a file', async () => {
    const cwd = tree({ '.httpd-migrate.json': JSON.stringify({ rules: { 'prefer-require': 'info' }, ignorePatterns: ['vendor/'] }) });
    const r = await runCli(['check', '--print-config', 'vendor/x.conf'], { cwd });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ ignored: true, ignorePatterns: ['vendor/'], rules: { 'prefer-require': 'info', 'keep-alive-on-off': 'on' } });
  });

  it('a bad config is reported with file:line:col and exit 2', async () => {
    const cwd = tree({ '.httpd-migrate.json': '{\n  "rules": {\n    "no-such-rule": "off"\n  }\n}\n', 'a.conf': WARNING_ONLY });
    const r = await runCli(['check', 'a.conf'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(cwd, '.httpd-migrate.json')}:3:5: unknown rule id 'no-such-rule'`);
    writeFileSync(join(cwd, '.httpd-migrate.json'), '{\n  "rules": { "prefer-require": "of" }\n}\n');
    expect((await runCli(['check', 'a.conf'], { cwd })).stderr).toMatch(/:2:14: rule 'prefer-require' must be off, on, error, warning or info/);
    writeFileSync(join(cwd, '.httpd-migrate.json'), '{\n  "rules": {,}\n}\n');
    const bad = await runCli(['check', 'a.conf'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/\.httpd-migrate\.json:2:13: invalid JSON/);
    expect(bad.stderr).not.toMatch(/at \w+ \(/);
  });
});

describe('ignore file and ignorePatterns', () => {
  it('.httpd-migrate-ignore (gitignore syntax) leaves matching files out of directories, globs and named files', async () => {
    const cwd = tree({
      '.httpd-migrate-ignore': '# vendored\nvendor/\n*.dist.conf\n!keep.dist.conf\n',
      'conf/a.conf': WARNING_ONLY,
      'conf/b.dist.conf': WARNING_ONLY,
      'conf/keep.dist.conf': WARNING_ONLY,
      'vendor/c.conf': WARNING_ONLY,
    });
    const r = await findings(cwd, ['.', 'vendor/c.conf']);
    expect(r.list).toEqual(['conf/a.conf undefined-variable warning', 'conf/keep.dist.conf undefined-variable warning']);
    const all = await findings(cwd, ['--no-ignore', '.']);
    expect(all.list).toHaveLength(4);
  });

  it('ignorePatterns are taken against the config file\'s directory; an included ignored file is read but not reported or changed', async () => {
    const cwd = tree({
      'site/.httpd-migrate.json': JSON.stringify({ ignorePatterns: ['legacy/**'] }),
      'site/main.conf': 'Include legacy/*.conf\nMaxClients 1\n',
      'site/legacy/old.conf': 'MaxClients 2\n',
    });
    const r = await runCli(['write', '--format', 'json', 'site/main.conf'], { cwd });
    const doc = JSON.parse(r.stdout);
    expect(doc.files.map((f: { path: string }) => f.path)).toEqual(['site/main.conf']);
    expect(readFileSync(join(cwd, 'site/legacy/old.conf'), 'utf8')).toBe('MaxClients 2\n');
    expect(readFileSync(join(cwd, 'site/main.conf'), 'utf8')).toBe('Include legacy/*.conf\nMaxRequestWorkers 1\n');
  });
});

describe('--quiet and --max-warnings', () => {
  it('--quiet reports errors only, and warnings no longer fail the run', async () => {
    const cwd = tree({ 'a.conf': WARNING_ONLY, 'b.conf': 'MaxClients 1\n' });
    expect((await findings(cwd, ['a.conf'])).code).toBe(1);
    const q = await findings(cwd, ['--quiet', 'a.conf', 'b.conf']);
    expect(q.list).toEqual(['b.conf prefer-max-request-workers error']);
    expect((await findings(cwd, ['--quiet', 'a.conf'])).code).toBe(0);
  });

  it('--max-warnings n fails only on more than n warnings, and says so', async () => {
    const cwd = tree({ 'a.conf': WARNING_ONLY, 'b.conf': WARNING_ONLY });
    expect((await runCli(['check', '--max-warnings', '2', 'a.conf', 'b.conf'], { cwd })).code).toBe(0);
    const over = await runCli(['check', '--max-warnings', '1', 'a.conf', 'b.conf'], { cwd });
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('too many warnings (2; maximum: 1)');
    expect((await runCli(['check', '--max-warnings', '-1', 'a.conf', 'b.conf'], { cwd })).code).toBe(0);
    expect((await runCli(['check', '--max-warnings', 'x', 'a.conf'], { cwd })).code).toBe(2);
    // Found by a helper's bug hunt: Number() took '' as 0 and 0x10 as 16.
    for (const n of ['', '0x10', '1e1', ' 2']) {
      const r = await runCli(['check', '--max-warnings', n, 'a.conf'], { cwd });
      expect([n, r.code, r.stderr]).toEqual([n, 2, `httpd-migrate: --max-warnings must be a whole number (-1 for no limit), not '${n}'\n(run with --help for usage)\n`]);
    }
  });

  // Found by a helper's bug hunt: the summary said "No problems" while --quiet had left a warning out.
  it('--quiet says what it left out instead of "No problems"', async () => {
    const cwd = tree({ 'a.conf': WARNING_ONLY });
    const r = await runCli(['check', '--quiet', 'a.conf'], { cwd });
    expect(r.stdout.trim()).toBe('✔ No errors in 1 file (1 warning or note left out by --quiet).');
  });

  // Found by a helper's bug hunt: a file whose only change is the fix of a warning (DefaultType) exits 1,
  // changes pending, but the summary said only "✔ No errors in 1 file".
  it('--quiet says that a file would change when the fix of a warning it left out is pending (exit 1)', async () => {
    const cwd = tree({ 'a.conf': 'DefaultType text/plain\n' });
    const r = await runCli(['check', '--quiet', 'a.conf'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('✔ No errors in 1 file (1 warning or note left out by --quiet).\n'
      + '  1 file would change, by the fixes of findings left out by --quiet.\n'
      + 'Next: run httpd-migrate diff a.conf to review the changes, then httpd-migrate write a.conf to apply them.\n');
  });
});

// Found by a helper's bug hunt: --disable took a typo for a usage error, --apply-suggestions= applied nothing and said nothing.
describe('rule ids on the command line', () => {
  it('are checked alike in --only, --disable and --apply-suggestions=', async () => {
    const cwd = tree({ 'a.conf': WARNING_ONLY });
    for (const option of ['--only=explicit-changed-default', '--disable=explicit-changed-default', '--apply-suggestions=explicit-changed-default']) {
      const r = await runCli(['check', option, 'a.conf'], { cwd });
      expect([option, r.code, r.stderr]).toEqual([option, 2, "httpd-migrate: unknown rule id: explicit-changed-default (httpd-migrate rules lists them)\n"]);
    }
  });
});

describe('no command', () => {
  // Found by a helper's bug hunt: the usage went to stderr and the exit code was 0.
  it('prints the usage and exits 2, as a usage error does', async () => {
    const r = await runCli([], { cwd: tree({}) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: httpd-migrate [options] [command]');
  });
});
