/**
 * A .htaccess line other than an access line that AllowOverride does not grant (`DirectorySlash` needs Indexes, a
 * `ServerName` is never allowed there) makes httpd answer 500 below it, in 2.2 (config.c invoke_cmd: "… not allowed
 * here") and in 2.4 alike. Found by a helper's hunt of whole trees: both models knew only the categories of the access
 * lines and answered 200 where the real 2.4.71 answered 500; the proof compared requests no server answers so. What
 * each directive needs is measured on the real binary (`httpd -L`, scripts/gen-directive-table.mjs).
 */
import { describe, expect, it } from 'vitest';
import { projectModel, type Request } from '../../src/access/model/index.js';
import { decide } from '../../src/access/compare/index.js';
import { proveProject } from '../../src/access/migrate/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

const CONF = (override: string) => `DocumentRoot /srv/www\n<Directory /srv/www>\n    AllowOverride ${override}\n    Order allow,deny\n    Allow from all\n</Directory>\n`;

function statusesOf(override: string, htaccess: string) {
  const project = projectOf([sourceFile('/etc/httpd.conf', CONF(override)), sourceFile('/srv/www/a/.htaccess', htaccess)]);
  const req: Request = { vhost: '', method: 'GET', path: '/a/f.html', file: '/srv/www/a/f.html', ip: '10.0.0.1', host: null, env: [], credentials: null };
  return (['2.2', '2.4'] as const).map((v) => decide(projectModel(project, v), req));
}

describe('a .htaccess line AllowOverride does not grant', () => {
  it('answers 500 in both versions, with the line httpd names', () => {
    for (const o of statusesOf('Limit', 'DirectorySlash On\n')) {
      expect(o.status).toBe(500);
      expect(JSON.stringify(o)).toContain('DirectorySlash not allowed here');
    }
    // A section too: <Files> needs AllowOverride not None, <Limit> needs Limit or AuthConfig.
    expect(statusesOf('FileInfo', '<Limit POST>\n</Limit>\n').map((o) => o.status)).toEqual([500, 500]);
    // Never in a .htaccess, even under All.
    expect(statusesOf('All', 'ServerName www.example.com\n').map((o) => o.status)).toEqual([500, 500]);
  });

  it('answers as before where AllowOverride grants it, or where the table does not know the line', () => {
    expect(statusesOf('Limit Indexes', 'DirectorySlash On\n').map((o) => o.status)).toEqual([200, 200]);
    expect(statusesOf('Options=Indexes', 'Options -Indexes\n').map((o) => o.status)).toEqual([200, 200]);
    expect(statusesOf('FileInfo', '<Files x>\n    AddType text/plain .x\n</Files>\n').map((o) => o.status)).toEqual([200, 200]);
    expect(statusesOf('Limit', 'php_value engine off\n').map((o) => o.status)).toEqual([200, 200]);
  });

  it('leaves the file\'s access lines as written, saying which line makes every request there a 500', () => {
    const project = projectOf([sourceFile('/etc/httpd.conf', CONF('Limit')), sourceFile('/srv/www/a/.htaccess', 'DirectorySlash On\nOrder deny,allow\nDeny from all\n')]);
    const v = proveProject(project).byFile.get('/srv/www/a/.htaccess')?.[0];
    expect(v?.status === 'refused' && v.reason).toMatch(/^httpd answers 500 to every request this section applies to \(\/srv\/www\/a\/\.htaccess: DirectorySlash not allowed here\)/);
  });
});
