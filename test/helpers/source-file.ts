/** A project file made in memory for a test: parsed from `text`, a .htaccess when its name says so. */
import { parse } from '../../src/parse/parser.js';
import type { SourceFile } from '../../src/project/project.js';

export function sourceFile(path: string, text: string): SourceFile {
  return { path, display: path, kind: path.endsWith('.htaccess') ? 'htaccess' : 'conf', ast: parse(text, path) };
}
