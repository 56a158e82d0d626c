// scopesHolding reads the project once: a later pass's re-parse of a file is read alone where its lines can share no
// scope with another file's. It read the whole project again for every re-parsed file, which made auth-defaults-reset
// quadratic: 1,000 / 2,000 / 4,000 one-vhost files with an AuthBasicProvider dbm section each took 19 / 82 / 338 s.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { loadProject } from '../../src/project/load.js';
import type { Project } from '../../src/project/project.js';
import { scopesHolding, type ScopeLines } from '../../src/rules-kit/section-scopes.js';
import { tempDir } from '../helpers/tmp.js';
import { forbidWalks } from '../helpers/forbid-walks.js';

const NAMES: ReadonlySet<string> = new Set(['authname', 'authbasicprovider']);

function tree(files: Record<string, string>): { dir: string; project: Project } {
  const dir = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text.replaceAll('${dir}', dir));
  }
  return { dir, project: loadProject([join(dir, 'httpd.conf')], { cwd: dir, htaccess: true }) };
}

/** A scope as text: what it is and its lines, each `file:line`. */
const shown = (dir: string) => (s: ScopeLines) =>
  `${s.what} ${s.lines.map((l) => `${l.file.path.slice(dir.length + 1)}:${l.file.text.slice(l.directive.start, l.directive.contentEnd).trim()}`).join(' | ')}`;

/** The file's text with a comment line added first, parsed again (as the fix loop's next pass would). */
const reparsed = (project: Project, path: string): ConfigFile => parse(`# pass 2\n${project.byPath.get(path)!.ast.text}`, path, { version: '2.4' });


const MAIN = 'ServerRoot "${dir}"\nDocumentRoot "${dir}/htdocs"\n<Directory "${dir}/htdocs">\nAllowOverride AuthConfig\nAuthName top\n</Directory>\n';

describe('scopesHolding: the project read once, a re-parsed file read alone', () => {
  it('a re-parsed included file\'s sections, with its lines from the new tree, without reading the other files again', () => {
    const { dir, project } = tree({
      'httpd.conf': `${MAIN}<VirtualHost *:80>\nInclude site/*.conf\n</VirtualHost>\n`,
      'site/a.conf': '<Location /a>\nAuthName a\nAuthBasicProvider dbm\n</Location>\n',
      'site/b.conf': '<Location /b>\nAuthName b\n</Location>\nAuthName server-level\n',
    });
    const path = join(dir, 'site/b.conf');
    const first = scopesHolding(project, project.byPath.get(path)!.ast, NAMES);
    expect(first.own.map(shown(dir))).toEqual(['section site/b.conf:AuthName b']);
    expect(first.project.map(shown(dir))).toEqual(['section httpd.conf:AuthName top', 'section site/a.conf:AuthName a | site/a.conf:AuthBasicProvider dbm', 'section site/b.conf:AuthName b']);
    const again = reparsed(project, path);
    forbidWalks(project, path);
    const next = scopesHolding(project, again, NAMES);
    expect(next.own.map(shown(dir))).toEqual(['section site/b.conf:AuthName b']);
    expect(next.own[0]!.lines[0]!.file).toBe(again);
    expect(next.own[0]!.lines[0]!.directive.start).toBe(first.own[0]!.lines[0]!.directive.start + '# pass 2\n'.length);
    expect([...next.replaced]).toEqual(first.own);
  });

  it('a re-parsed .htaccess file alone', () => {
    const { dir, project } = tree({ 'httpd.conf': MAIN, 'htdocs/.htaccess': 'AuthName h\n<Files x>\nAuthBasicProvider dbm\n</Files>\n' });
    const path = join(dir, 'htdocs/.htaccess');
    scopesHolding(project, project.byPath.get(path)!.ast, NAMES);
    const again = reparsed(project, path);
    forbidWalks(project, path);
    expect(scopesHolding(project, again, NAMES).own.map(shown(dir))).toEqual(['.htaccess file htdocs/.htaccess:AuthName h', 'section htdocs/.htaccess:AuthBasicProvider dbm']);
  });

  it('a file included inside a <Directory> shares its scope with the including file: the project is read again', () => {
    const { dir, project } = tree({
      'httpd.conf': 'ServerRoot "${dir}"\n<Directory /d>\nAuthName d\nInclude in.conf\n</Directory>\n',
      'in.conf': 'AuthBasicProvider dbm\n',
    });
    const path = join(dir, 'in.conf');
    const again = reparsed(project, path);
    const r = scopesHolding(project, again, NAMES);
    expect(r.own.map(shown(dir))).toEqual(['section httpd.conf:AuthName d | in.conf:AuthBasicProvider dbm']);
    expect(r.own[0]!.lines[1]!.file).toBe(again);
  });

  it('a file with Include lines is read with the files it includes', () => {
    const { dir, project } = tree({
      'httpd.conf': 'ServerRoot "${dir}"\n<Directory /d>\nAuthName d\nInclude in.conf\n</Directory>\n',
      'in.conf': 'AuthBasicProvider dbm\n',
    });
    const path = join(dir, 'httpd.conf');
    const again = reparsed(project, path);
    expect(scopesHolding(project, again, NAMES).own.map(shown(dir))).toEqual(['section httpd.conf:AuthName d | in.conf:AuthBasicProvider dbm']);
  });
});
