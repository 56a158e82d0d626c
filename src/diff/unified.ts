/** One unified diff for all changed files, with a/ and b/ prefixes, that `git apply` and `patch -p1` accept. */
import { FILE_HEADERS_ONLY, formatPatch } from 'diff';
import { linePatch } from './line-patch.js';
import { fileHeaders } from './paths.js';

/** Lines of context around each change: jsdiff's default, which the patches have always had. */
const CONTEXT = 4;

/** `name` is the file's name in the patch (see paths.ts); texts are one character per byte. */
export function unifiedDiff(name: string, before: string, after: string): string {
  const patch = formatPatch(linePatch(before, after, CONTEXT), FILE_HEADERS_ONLY);
  // The header names are put in here, quoted the way git does, so no other text is touched.
  const body = patch.slice(patch.indexOf('\n', patch.indexOf('\n') + 1) + 1);
  // A backslash is part of a Unix file name, not a separator: gitQuote escapes it.
  return `${fileHeaders(name, name)}${body}`;
}
