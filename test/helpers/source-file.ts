/**
 * A project file made in memory for a test: parsed from `text` (by httpd 2.2's rules unless
 * `version` says otherwise), shown as `display` (default: the path), a .htaccess when its name
 * says so.
 */
import { parse } from '../../src/parse/parser.js';
import type { SourceFile } from '../../src/project/project.js';

export function sourceFile(path: string, text: string, options: { version?: '2.2' | '2.4'; display?: string } = {}): SourceFile {
  const { version, display = path } = options;
  return { path, display, kind: path.endsWith('.htaccess') ? 'htaccess' : 'conf', ast: parse(text, path, { version }) };
}
