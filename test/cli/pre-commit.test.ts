/**
 * The README's pre-commit recipes, end to end in a temporary git repository: the `repo: local`
 * pre-commit config (with the pre-commit installed on the machine; .ci/run installs Debian's) and
 * the plain git hook. Each must fail a commit of a staged 2.2 `.conf` and of a staged Debian
 * `sites-available/default`, check what is staged rather than the working tree, and pass once
 * `write` has run and its result is staged.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/httpd-migrate.js');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README's fenced block of `lang` that contains `marker`. */
function recipe(lang: string, marker: string): string {
  const blocks = [...README.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  const found = blocks.filter((b) => b.includes(marker));
  expect(found, `one ${lang} block with ${marker} in README.md`).toHaveLength(1);
  return found[0]!;
}

function has(cmd: string): boolean {
  return spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;
}

const preCommitMissing = !has('pre-commit');
if (preCommitMissing && process.env.CI) throw new Error('pre-commit is not installed (.ci/run installs Debian\'s pre-commit)');

const CONF_22 = 'Listen 80\nMaxClients 150\n<Directory /srv/www>\n    Options FollowSymLinks\n    AllowOverride None\n    Order allow,deny\n    Allow from all\n</Directory>\n';
const DEBIAN_DEFAULT = `<VirtualHost *:80>
\tServerAdmin webmaster@localhost
\tDocumentRoot /var/www
\t<Directory /var/www/>
\t\tOptions Indexes FollowSymLinks MultiViews
\t\tAllowOverride None
\t\tOrder allow,deny
\t\tallow from all
\t</Directory>
\tErrorLog \${APACHE_LOG_DIR}/error.log
\tLogLevel warn
\tCustomLog \${APACHE_LOG_DIR}/access.log combined
</VirtualHost>
`;

interface Repo {
  dir: string;
  env: NodeJS.ProcessEnv;
  git(...args: string[]): string;
  /** `git commit`: whether it went through, its output, and the seconds from start to verdict. */
  commit(message: string): { ok: boolean; output: string; seconds: number };
}

function repo(): Repo {
  const dir = tempDir();
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  // `httpd-migrate` on PATH, as `npm install -g` would put it.
  symlinkSync(BIN, join(bin, 'httpd-migrate'));
  const env = {
    ...process.env, PATH: `${bin}:${process.env.PATH}`, PRE_COMMIT_HOME: join(dir, '.cache'), HOME: dir,
    GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid',
    NO_COLOR: '1',
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, '.gitignore'), '.bin/\n.cache/\n');
  // Debian sets ${APACHE_LOG_DIR} in /etc/apache2/envvars, which a hook does not read.
  writeFileSync(join(dir, '.httpd-migrate.json'), JSON.stringify({ rules: { 'undefined-variable': 'off' } }) + '\n');
  git('add', '.gitignore', '.httpd-migrate.json');
  git('commit', '-q', '--no-verify', '-m', 'init');
  const commit = (message: string) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync('git', ['commit', '-m', message], { cwd: dir, env, encoding: 'utf8' });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return { ok: r.status === 0, output: r.stdout + r.stderr, seconds };
  };
  return { dir, env, git, commit };
}

/** `httpd-migrate write` of one file, which must leave nothing to report. */
function migrate(r: Repo, rel: string): void {
  const w = spawnSync(BIN, ['write', '--no-follow-includes', rel], { cwd: r.dir, env: r.env, encoding: 'utf8' });
  expect(w.status, w.stdout + w.stderr).toBe(0);
}

function write(r: Repo, rel: string, text: string): void {
  mkdirSync(join(r.dir, rel, '..'), { recursive: true });
  writeFileSync(join(r.dir, rel), text);
}

/** The scenario both hooks must pass. */
function scenario(r: Repo, label: string): void {
  // A staged 2.2 .conf fails the commit.
  write(r, 'conf/site.conf', CONF_22);
  r.git('add', 'conf/site.conf');
  const conf = r.commit('2.2 conf');
  expect(conf.ok, conf.output).toBe(false);
  expect(conf.output).toContain('conf/site.conf');
  console.log(`${label}: git commit of one staged file to verdict: ${conf.seconds.toFixed(2)} s`);

  // What is staged counts, not the working tree: migrated on disk but not staged still fails.
  migrate(r, 'conf/site.conf');
  const unstaged = r.commit('working tree fixed, index not');
  expect(unstaged.ok, unstaged.output).toBe(false);
  r.git('add', 'conf/site.conf');
  const fixedConf = r.commit('2.4 conf');
  expect(fixedConf.ok, fixedConf.output).toBe(true);

  // Debian's extensionless sites-available/default is checked too.
  write(r, 'sites-available/default', DEBIAN_DEFAULT);
  r.git('add', 'sites-available/default');
  const site = r.commit('2.2 site');
  expect(site.ok, site.output).toBe(false);
  expect(site.output).toContain('sites-available/default');
  expect(site.output).not.toContain('no files to check');
  migrate(r, 'sites-available/default');
  r.git('add', 'sites-available/default');
  const fixedSite = r.commit('2.4 site');
  expect(fixedSite.ok, fixedSite.output).toBe(true);
  const log = r.git('log', '--format=%s').split('\n').filter(Boolean);
  expect(log.slice(0, 2)).toEqual(['2.4 site', '2.4 conf']);
  expect(log.filter((m) => m.includes('2.2') || m.includes('index not'))).toEqual([]);
}

describe.skipIf(preCommitMissing)('pre-commit with the README\'s repo: local recipe', () => {
  it('fails a staged 2.2 .conf and a staged sites-available/default, passes once write ran and was staged', () => {
    const r = repo();
    writeFileSync(join(r.dir, '.pre-commit-config.yaml'), recipe('yaml', 'repo: local'));
    r.git('add', '.pre-commit-config.yaml');
    r.git('commit', '-q', '--no-verify', '-m', 'hook config');
    execFileSync('pre-commit', ['install'], { cwd: r.dir, env: r.env });
    scenario(r, 'pre-commit (repo: local)');
    // Found by a helper's bug hunt: pre-commit puts the names after the entry's arguments, and one that
    // starts with a dash was read as an option ("error: unknown option '--help.conf'", exit 2).
    write(r, '--help.conf', CONF_22);
    write(r, '-x.conf', 'KeepAlive On\n');
    r.git('add', '--', '--help.conf', '-x.conf');
    const dashed = r.commit('2.2 conf whose name starts with a dash');
    expect(dashed.ok, dashed.output).toBe(false);
    expect(dashed.output).not.toContain('unknown option');
    expect(dashed.output).toMatch(/^--help\.conf$/m);
    expect(dashed.output).toContain('MaxClients is MaxRequestWorkers in 2.4');
  }, 120_000);
});

describe('the README\'s plain git hook', () => {
  it('fails a staged 2.2 .conf and a staged sites-available/default, passes once write ran and was staged', () => {
    const r = repo();
    const hook = join(r.dir, '.git/hooks/pre-commit');
    writeFileSync(hook, recipe('sh', 'git show'));
    chmodSync(hook, 0o755);
    scenario(r, 'plain git hook');
    // git quotes such a name ("dir with space/\303\251.conf") unless core.quotePath is off, and the pattern would miss it.
    write(r, 'dir with space/é.conf', CONF_22);
    r.git('add', 'dir with space/é.conf');
    const named = r.commit('2.2 conf with a non-ASCII name');
    expect(named.ok, named.output).toBe(false);
    expect(named.output).toContain('dir with space/é.conf');
  }, 120_000);
});

describe('the hooks\' file pattern', () => {
  const pattern = /files: '([^']+)'/;
  const hooks = readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8');
  const rx = pattern.exec(hooks)![1]!;

  it('comes after the entry\'s options, which end with --, so a name that starts with a dash is a name', () => {
    const entries = [...hooks.matchAll(/entry: (.*)/g), ...recipe('yaml', 'repo: local').matchAll(/entry: (.*)/g)].map((m) => m[1]);
    expect(entries).toEqual(['httpd-migrate check --no-follow-includes --', 'httpd-migrate write --no-follow-includes --', 'httpd-migrate check --no-follow-includes --']);
  });

  it('is the same in .pre-commit-hooks.yaml and in both README recipes', () => {
    expect([...hooks.matchAll(/files: '([^']+)'/g)].map((m) => m[1])).toEqual([rx, rx]);
    expect(pattern.exec(recipe('yaml', 'repo: local'))![1]).toBe(rx);
    expect(recipe('sh', 'git show')).toContain(`grep -E '${rx}'`);
  });

  it('matches Debian\'s extensionless files and no others', () => {
    const re = new RegExp(rx);
    const yes = ['apache2.conf', 'etc/apache2/sites-available/default', 'sites-enabled/000-default', 'conf.d/security', 'conf-available/charset',
      'mods-available/ssl.load', 'mods-enabled/dir.conf', 'www/.htaccess', 'www/site.htaccess', 'conf/extra/httpd-ssl.conf'];
    const no = ['README.md', 'sites-available', 'conf.d.txt', 'scripts/conf-check.sh', 'docs/sites-guide.md', 'package.json'];
    expect(yes.filter((p) => !re.test(p))).toEqual([]);
    expect(no.filter((p) => re.test(p))).toEqual([]);
  });
});
