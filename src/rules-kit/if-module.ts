/** Reading and renaming the module an `<IfModule>` section tests. */
import type { Section } from '../ast/nodes.js';
import type { Edit } from '../edit/edit.js';
import { knownModule } from '../apache/modules.js';

export interface IfModuleTest {
  /** The short name of the standard or removed module tested (`disk_cache`), or null. */
  name: string | null;
  /** True for `<IfModule !name>`. */
  negated: boolean;
  /** Whether the name was written as the source file (`mod_x.c`) or the symbol (`x_module`). */
  form: 'source' | 'symbol' | 'other';
  /** Offsets of the bare name in the file, without `!` or quotes. */
  start: number;
  end: number;
}

/** What an `<IfModule>` line tests, or null for another section or an empty test. */
export function ifModuleTest(section: Section): IfModuleTest | null {
  if (section.lname !== 'ifmodule') return null;
  let arg = section.args[0];
  if (!arg) return null;
  let negated = false;
  let offset = arg.quote ? 1 : 0;
  let value = arg.value;
  if (value === '!' && section.args[1]) {
    negated = true;
    arg = section.args[1];
    value = arg.value;
    offset = arg.quote ? 1 : 0;
  } else if (value.startsWith('!')) {
    negated = true;
    value = value.slice(1);
    offset += 1;
  }
  const form = /^mod_\w+\.c$/.test(value) ? 'source' : /_module$/.test(value) ? 'symbol' : 'other';
  const start = arg.start + offset;
  return { name: knownModule(value), negated, form, start, end: start + value.length };
}

/** The edit that makes an `<IfModule>` test name module `to` (short name) in the form it was written. */
export function renameIfModule(test: IfModuleTest, to: string): Edit {
  return { start: test.start, end: test.end, text: test.form === 'symbol' ? `${to}_module` : `mod_${to}.c` };
}
