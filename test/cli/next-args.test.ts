/** The next command the summary suggests reads back the same paths in a shell (found by a helper's bug hunt). */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/report/escape.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

const echo = (word: string) => execFileSync('bash', ['-c', `printf %s ${word}`], { encoding: 'latin1' });

describe('the suggested next command', () => {
  it('writes a file name starting with - as ./-name, which the CLI does not take for an option', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '-dash.conf'), 'KeepAlive 5\n');
    const r = await runCli(['check', '--no-follow-includes', '--', '-dash.conf'], { cwd });
    expect(r.stdout).toContain('httpd-migrate write ./-dash.conf --no-follow-includes');
    const w = await runCli(['write', './-dash.conf', '--no-follow-includes'], { cwd });
    expect(w.code).toBe(0);
  });

  // Found by a helper's bug hunt: following the suggestion without --root left the .htaccess files there unmigrated.
  it('keeps --root, --config, --no-config and --no-ignore, which change what the run migrates', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'k.conf'), 'KeepAlive 5\n');
    writeFileSync(join(cwd, 'my.json'), '{}\n');
    const words = ['--no-follow-includes', '--root', '.', '--config', 'my.json', '--no-ignore'];
    expect((await runCli(['check', 'k.conf', ...words], { cwd })).stdout).toContain('httpd-migrate write k.conf --root . --config my.json --no-ignore --no-follow-includes to apply');
    expect((await runCli(['check', 'k.conf', '--no-follow-includes', '--no-config'], { cwd })).stdout).toContain('httpd-migrate write k.conf --no-config --no-follow-includes to apply');
  });

  it('quotes a word so that bash reads it back whole: spaces, quotes, a newline', () => {
    for (const word of ['plain.conf', 'two words.conf', "it's.conf", 'nl\nx.conf', 'tab\t$x\\y.conf']) expect(echo(shellQuote(word))).toBe(word);
  });
});
