import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableText } from '../../src/report/escape.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('readableText: file text inside messages', () => {
  it('reads runs of bytes that are UTF-8 as the characters they spell, and leaves the rest', () => {
    // The file's bytes as the parser holds them: one character per byte.
    const latin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
    expect(readableText(`tag ${latin1('café €5 😀')} end`)).toBe('tag café €5 😀 end');
    // A Latin-1 file's é (one byte, no UTF-8), and a lone continuation byte, stay as they are.
    expect(readableText('caf\xe9 and \x80')).toBe('caf\xe9 and \x80');
    // The text of messages themselves (ASCII, §, curly quotes) is untouched.
    expect(readableText('semantics §4.5 ‘quoted’ — done')).toBe('semantics §4.5 ‘quoted’ — done');
  });

  it('shows a UTF-8 file\'s words as written in the terminal and JSON reports', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'c.conf'), Buffer.from('ErrorLog "|/usr/bin/logger -t café > /dev/null"\n', 'utf8'));
    const r = await runCli(['check', '--no-follow-includes', 'c.conf'], { cwd });
    expect(r.stdout).toContain('ErrorLog "|/usr/bin/logger -t café > /dev/null" ran its command through /bin/sh -c in 2.2');
    const json = JSON.parse((await runCli(['check', '--no-follow-includes', '--format', 'json', 'c.conf'], { cwd })).stdout);
    expect(json.files[0].findings[0].message).toContain('-t café > /dev/null');
  });
});
