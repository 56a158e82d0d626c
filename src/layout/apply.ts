/**
 * Layout changes (symlinks made or removed, new files) as git shows them in a patch, so that
 * `git apply` makes them, and carried out on disk by `write`.
 */
import { existsSync, mkdirSync, readlinkSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { isLink } from './is-link.js';
import { dirname, join, basename } from 'node:path';
import type { LayoutChange } from './debian.js';
import { fileHeaders, gitQuote } from '../diff/paths.js';

function hunk(sign: '+' | '-', text: string): string {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const range = sign === '+' ? `@@ -0,0 +1${lines.length === 1 ? '' : `,${lines.length}`} @@` : `@@ -1${lines.length === 1 ? '' : `,${lines.length}`} +0,0 @@`;
  const body = lines.map((l) => `${sign}${l}\n`).join('');
  return `${range}\n${body}${text.endsWith('\n') ? '' : '\\ No newline at end of file\n'}`;
}

/** One change as a git patch; `name` is its name in the patch, as the file patches name theirs (src/diff/paths.ts). */
export function layoutPatch(change: LayoutChange, name: string): string {
  const head = `diff --git ${gitQuote(`a/${name}`)} ${gitQuote(`b/${name}`)}\n`;
  switch (change.kind) {
    case 'link':
      return `${head}new file mode 120000\n${fileHeaders(null, name)}${hunk('+', change.target)}`;
    case 'unlink':
      return `${head}deleted file mode 120000\n${fileHeaders(name, null)}${hunk('-', change.target)}`;
    case 'create':
      return `${head}new file mode 100644\n${fileHeaders(null, name)}${hunk('+', change.text)}`;
  }
}

/** Makes one change on disk: a symlink made or removed (only the one expected), a new file written through a temp file. */
export function applyLayoutChange(change: LayoutChange): void {
  switch (change.kind) {
    case 'link':
      if (existsSync(change.path) || isLink(change.path)) throw new Error(`${change.path} already exists`);
      symlinkSync(change.target, change.path);
      return;
    case 'unlink':
      if (!isLink(change.path) || readlinkSync(change.path) !== change.target) throw new Error(`${change.path} is no longer a symlink to ${change.target}`);
      unlinkSync(change.path);
      return;
    case 'create': {
      if (existsSync(change.path)) throw new Error(`${change.path} already exists`);
      mkdirSync(dirname(change.path), { recursive: true });
      const tmp = join(dirname(change.path), `.${basename(change.path)}.httpd-migrate-${process.pid}.tmp`);
      writeFileSync(tmp, Buffer.from(change.text, 'latin1'), { flag: 'wx', mode: 0o644 });
      renameSync(tmp, change.path);
    }
  }
}
