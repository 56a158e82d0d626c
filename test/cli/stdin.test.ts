/** `check -` and `diff -`: standard input, named by --stdin-filename (its kind, config and suppressions). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('standard input', () => {
  it('check - reads standard input, not a file named -', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '-'), 'Listen 80\n');
    const r = await runCli(['check', '-'], { cwd, stdin: 'MaxClients 150\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<stdin>\n {2}1:1 {2}error {2}MaxClients is MaxRequestWorkers/m);
  });

  it('--stdin-filename names it in findings and gives its kind (.htaccess)', async () => {
    const cwd = tempDir();
    const text = 'Order deny,allow\nDeny from all\n';
    const htaccess = JSON.parse((await runCli(['check', '--format', 'json', '--stdin-filename', 'public/.htaccess', '-'], { cwd, stdin: text })).stdout);
    expect(htaccess.files[0].path).toBe('public/.htaccess');
    expect(existsSync(join(cwd, 'public'))).toBe(false);
    // The same bytes read as a .conf file: Order/Deny outside a section apply to the server, which an .htaccess cannot say.
    const conf = JSON.parse((await runCli(['check', '--format', 'json', '--stdin-filename', 'x.conf', '-'], { cwd, stdin: text })).stdout);
    expect(htaccess.files[0].findings.map((f: { message: string }) => f.message)).not.toEqual(conf.files[0].findings.map((f: { message: string }) => f.message));
  });

  it('takes the config and suppressions of the path it stands for', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'debian/sites-available'), { recursive: true });
    writeFileSync(join(cwd, 'debian/.httpd-migrate.json'), JSON.stringify({ rules: { 'undefined-variable': 'off' } }));
    const text = 'ErrorLog ${APACHE_LOG_DIR}/error.log\n# httpd-migrate-disable-next-line prefer-max-request-workers\nMaxClients 5\n';
    const inTree = await runCli(['check', '--stdin-filename', 'debian/sites-available/default', '-'], { cwd, stdin: text });
    expect(inTree.code).toBe(0);
    const elsewhere = await runCli(['check', '--stdin-filename', 'elsewhere/default', '-'], { cwd, stdin: text });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout).toContain('undefined-variable');
  });

  it('diff - prints the patch for the named path', async () => {
    const cwd = tempDir();
    const r = await runCli(['diff', '--stdin-filename', 'conf/a.conf', '-'], { cwd, stdin: 'MaxClients 150\r\n' });
    expect(r.code).toBe(1);
    expect(r.stdout.replace(/\t\n/g, '\n')).toBe('--- a/conf/a.conf\n+++ b/conf/a.conf\n@@ -1,1 +1,1 @@\n-MaxClients 150\r\n+MaxRequestWorkers 150\r\n');
    // write - is refused, so the next step it suggests is the patch.
    expect(r.stderr).toContain('Next: apply the patch with git apply (write cannot write standard input back).');
    const c = await runCli(['check', '-'], { cwd, stdin: 'MaxClients 150\n' });
    expect(c.stdout).toContain('Next: run httpd-migrate diff - with the same input for the patch, and apply it with git apply (write cannot write standard input back).');
  });

  it('repeats --stdin-filename, shell-quoted, in the next command it suggests (found by a helper\'s bug hunt)', async () => {
    // Without it, following "Next: run httpd-migrate diff - …" gave a patch for <stdin>, which git apply refuses.
    const cwd = tempDir();
    const c = await runCli(['check', '--stdin-filename', 'www/.htaccess', '-'], { cwd, stdin: 'Order allow,deny\nAllow from all\n' });
    expect(c.stdout).toContain('Next: run httpd-migrate diff - --stdin-filename www/.htaccess with the same input for the patch');
    const q = await runCli(['check', '--stdin-filename', "my site/a b's.conf", '-'], { cwd, stdin: 'MaxClients 150\n' });
    expect(q.stdout).toContain("Next: run httpd-migrate diff - --stdin-filename 'my site/a b'\\''s.conf' with the same input");
  });

  it('refuses write -, a second -, and --stdin-filename without -', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.conf'), 'Listen 80\n');
    for (const args of [['write', '-'], ['check', '-', '-'], ['check', '--stdin-filename', 'x.conf', 'a.conf']]) {
      const r = await runCli(args, { cwd, stdin: 'Listen 80\n' });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^httpd-migrate: /);
    }
  });
});

describe('a directory argument', () => {
  it('with no config files in it is an error (exit 2), as a glob matching nothing is', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'empty/sub'), { recursive: true });
    writeFileSync(join(cwd, 'empty/sub/readme.txt'), 'x');
    const r = await runCli(['check', 'empty'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("No .conf or .htaccess files in the directory 'empty'");
  });
});
