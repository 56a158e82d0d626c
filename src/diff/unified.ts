/** One unified diff for all changed files, with a/ and b/ prefixes, that `git apply` and `patch -p1` accept. */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

/** `display` is the path relative to the working directory; texts are one character per byte. */
export function unifiedDiff(display: string, before: string, after: string): string {
  const p = display.split('\\').join('/');
  return createTwoFilesPatch(`a/${p}`, `b/${p}`, before, after, '', '', { headerOptions: FILE_HEADERS_ONLY });
}
