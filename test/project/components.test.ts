/**
 * components(): a project split into groups of files that can affect one another. A .htaccess joins
 * the configuration files whose <Directory>, DocumentRoot or Alias names its directory, one above it or one
 * below it; `<Directory />` and look-alike names (/srv/ab for /srv/a) join nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Directive, Section } from '../../src/ast/nodes.js';
import { parse } from '../../src/parse/parser.js';
import { components } from '../../src/project/components.js';
import { includeSitesOf, projectOf, type SourceFile } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

const conf = (path: string, text: string): SourceFile => sourceFile(path, text);
const htaccess = (path: string): SourceFile => sourceFile(path, 'Order allow,deny\nAllow from all\n');

describe('components', () => {
  it('joins each .htaccess to the configuration files naming its directory, one above it or one below it, and nothing else', () => {
    const files = [
      conf('/etc/a.conf', '<Directory /srv/a>\nAllowOverride All\n</Directory>\n'),
      conf('/etc/b.conf', 'DocumentRoot /srv/b/\n'),
      conf('/etc/root.conf', '<Directory />\nAllowOverride None\n</Directory>\n'),
      conf('/etc/both.conf', '<Directory /srv/a/sub>\n</Directory>\nDocumentRoot /srv/b\n'),
      htaccess('/srv/a/.htaccess'),
      htaccess('/srv/a/sub/x/.htaccess'),
      htaccess('/srv/ab/.htaccess'),
      htaccess('/srv/b/.htaccess'),
      htaccess('/srv/.htaccess'),
      htaccess('/other/.htaccess'),
    ];
    const groups = components(projectOf(files)).map((p) => p.files.map((f) => f.path));
    // httpd reads /srv/.htaccess for the requests it serves from /srv/a and /srv/b (where overrides apply there).
    expect(groups).toEqual([
      ['/etc/a.conf', '/etc/b.conf', '/etc/both.conf', '/srv/a/.htaccess', '/srv/a/sub/x/.htaccess', '/srv/b/.htaccess', '/srv/.htaccess'],
      ['/etc/root.conf'],
      ['/srv/ab/.htaccess'],
      ['/other/.htaccess'],
    ]);
  });

  it('joins a .htaccess above a DocumentRoot, and one beside an Alias to a file, to the configuration naming them (found by a helper\'s bug hunt)', () => {
    // Proven apart, with no AllowOverride in sight, their rewrites were called equivalent where the real 2.4 answered 500.
    const files = [
      conf('/etc/httpd.conf', 'DocumentRoot /srv/site/public\nAlias /robots.txt /srv/files/robots.txt\n'),
      htaccess('/srv/site/.htaccess'),
      htaccess('/srv/files/.htaccess'),
      htaccess('/srv/other/.htaccess'),
    ];
    expect(components(projectOf(files)).map((p) => p.files.map((f) => f.path))).toEqual([
      ['/etc/httpd.conf', '/srv/site/.htaccess', '/srv/files/.htaccess'],
      ['/srv/other/.htaccess'],
    ]);
  });

  it('keeps a .htaccess below one configuration file apart from another that names a sibling', () => {
    const files = [conf('/etc/a.conf', 'DocumentRoot /srv/a\n'), conf('/etc/c.conf', 'DocumentRoot /srv/c\n'), htaccess('/srv/a/d/.htaccess'), htaccess('/srv/c/.htaccess')];
    expect(components(projectOf(files)).map((p) => p.files.map((f) => f.path))).toEqual([
      ['/etc/a.conf', '/srv/a/d/.htaccess'],
      ['/etc/c.conf', '/srv/c/.htaccess'],
    ]);
  });
});

describe('includeSitesOf', () => {
  it('gives the Include lines that read a file, each once, and none for a file nothing includes', () => {
    const main = parse('Include conf.d/*.conf\n<VirtualHost *:80>\nInclude conf.d/a.conf\n</VirtualHost>\n', '/t/httpd.conf');
    const top = main.children[0] as Directive;
    const vhost = (main.children[1] as Section).children[0] as Directive;
    const files = ['/t/httpd.conf', '/t/conf.d/a.conf', '/t/conf.d/b.conf'].map((p, i) => (i === 0 ? { ...conf(p, ''), ast: main } : conf(p, 'Listen 80\n')));
    const site = (directive: Directive, pattern: string, read: string[], context: string[]) => ({ from: '/t/httpd.conf', directive, optional: false, pattern, serverRoot: '/t', files: read, context });
    const project = { ...projectOf(files), includes: [site(top, '/t/conf.d/*.conf', ['/t/conf.d/a.conf', '/t/conf.d/b.conf', '/t/conf.d/a.conf'], []), site(vhost, '/t/conf.d/a.conf', ['/t/conf.d/a.conf'], ['virtualhost'])] };
    expect(includeSitesOf(project, '/t/conf.d/a.conf').map((s) => s.context)).toEqual([[], ['virtualhost']]);
    expect(includeSitesOf(project, '/t/conf.d/b.conf').map((s) => s.pattern)).toEqual(['/t/conf.d/*.conf']);
    expect(includeSitesOf(project, '/t/httpd.conf')).toEqual([]);
  });
});
