// A file that does not end with a line ending keeps not ending with one when its last lines are
// rewritten (README: "a missing final newline" is kept). The access rewrite added one: the removal of
// the last line takes the line ending before it, and the new tree brought its own. Found by a helper's bug hunt.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject, migrate } from '../../src/index.js';
import { tempDir } from '../helpers/tmp.js';

function migrated(text: string): string {
  const path = join(tempDir(), '.htaccess');
  writeFileSync(path, text, 'latin1');
  const [r] = migrate(loadProject([path], { followIncludes: false })).files;
  return r!.output;
}

describe('an access rewrite at the end of a file without a final line ending', () => {
  it('keeps the file without one, whichever access line comes last', () => {
    expect(migrated('Options -Indexes\nOrder deny,allow\nDeny from all')).toBe('Options -Indexes\nRequire all denied');
    expect(migrated('Deny from all\nOrder deny,allow')).toBe('Require all denied');
    expect(migrated('Order deny,allow\r\nDeny from all')).toBe('Require all denied');
  });

  it('leaves alone what follows the access lines, and a file that ends with a line ending', () => {
    // (Options -Indexes: an illegal option, such as the `Options x` this line once had, fails every request under the file, and nothing is then proven.)
    expect(migrated('Order deny,allow\nOptions -Indexes\nDeny from all')).toBe('Require all denied\nOptions -Indexes');
    expect(migrated('Order deny,allow\nDeny from all\n# end')).toBe('Require all denied\n# end');
    expect(migrated('Order deny,allow\nDeny from all\n')).toBe('Require all denied\n');
  });

  it('replaces a block that ends the file, after another line (found by a fuzzer: each write added a Require line to that line)', () => {
    // The block's removal starts at the line ending before it, so the new tree was inserted at the block's start,
    // inside that removal: the two edits clashed, and the output glued "Require all denied" to the line before,
    // kept the Deny line, and did so again on every write, ten times per run.
    expect(migrated('RewriteEngine off\n<IfModule mod_rewrite.c>\nDeny from all\n</IfModule>')).toBe('RewriteEngine off\nRequire all denied');
    expect(migrated('RewriteEngine off\r\n<IfModule mod_rewrite.c>\r\n\r\nOrder allow,deny\r\nDeny from all\r\n</IfModule>')).toBe('RewriteEngine off\r\nRequire all denied');
    expect(migrated('RewriteEngine off\nRequire all denied')).toBe('RewriteEngine off\nRequire all denied');
  });
});
