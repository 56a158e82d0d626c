import { describe, expect, it } from 'vitest';
import rule from '../../rules/explicit-changed-defaults.js';
import type { ConfigFile, Directive, Section } from '../../src/ast/nodes.js';
import { applyEdits } from '../../src/edit/edit.js';
import { lintFile } from '../../src/engine/run.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

const ALL3 = 'EnableSendfile Off\nFileETag MTime Size\nTimeout 60\n';

ruleTester(rule, {
  valid: [
    // Not a main configuration: a virtual host snippet, and an .htaccess file.
    '<VirtualHost *:80>\n  ServerName a\n</VirtualHost>\n',
    { code: 'Options -Indexes\n', filename: '/srv/www/.htaccess' },
    // Listen inside a section does not make a main configuration.
    '<VirtualHost *:80>\n  Listen 8080\n</VirtualHost>\n',
    'ServerRoot /etc/httpd\n' + ALL3,
    // A lone ports.conf or .load file is not a main configuration.
    'Listen 80\nNameVirtualHost *:80\n',
    'LoadModule ssl_module /usr/lib/apache2/modules/mod_ssl.so\n',
    // A line counts where it sets the value for the whole server: inside <IfModule>, or (a per-directory one) in <Directory /> or <Location />.
    'ServerRoot /etc/httpd\n<IfModule mod_core.c>\nEnableSendfile off\n</IfModule>\n<Directory />\nFileETag None\n</Directory>\nTimeout 20\n',
    'ServerRoot /etc/httpd\n<Location />\nEnableSendfile off\nFileETag None\n</Location>\n<IfDefine X>\nTimeout 20\n</IfDefine>\n',
  ],
  invalid: [
    {
      name: 'offers the three 2.2 values at the end of the file',
      code: 'ServerRoot "/usr/local/apache2"\nListen 80\n',
      output: 'ServerRoot "/usr/local/apache2"\nListen 80\nEnableSendfile On\nFileETag INode MTime Size\nTimeout 300\n',
      errors: [
        /^No EnableSendfile line in the configuration: httpd 2\.2 used sendfile\(\).*EnableSendfile Off.*"EnableSendfile On".*network file system/,
        /^No FileETag line.*FileETag MTime Size.*"FileETag INode MTime Size"/,
        /^No Timeout line.*\(Timeout 300\); 2\.4 defaults to Timeout 60.*"Timeout 300"/,
      ],
    },
    {
      name: 'keeps CRLF, and a last line without a line ending',
      code: 'LoadModule ssl_module modules/mod_ssl.so\r\nListen 443\r\nEnableSendfile on\r\nFileETag All',
      output: 'LoadModule ssl_module modules/mod_ssl.so\r\nListen 443\r\nEnableSendfile on\r\nFileETag All\r\nTimeout 300',
      errors: ['Timeout 60'],
    },
    {
      // Each suggestion is an edit at the end of the file: applied together, as a machine format gives them, one line each.
      name: 'three lines at the end of a file without a final line ending, no blank line between',
      code: 'ServerRoot /srv\nListen 80',
      output: 'ServerRoot /srv\nListen 80\nEnableSendfile On\nFileETag INode MTime Size\nTimeout 300',
      errors: ['No EnableSendfile', 'No FileETag', 'No Timeout'],
    },
    {
      name: 'keeps CRLF and ends the lines it adds like the others',
      code: 'LoadModule ssl_module modules/mod_ssl.so\r\nListen 443\r\nEnableSendfile on\r\nFileETag All\r\n',
      output: 'LoadModule ssl_module modules/mod_ssl.so\r\nListen 443\r\nEnableSendfile on\r\nFileETag All\r\nTimeout 300\r\n',
      errors: ['Timeout 60'],
    },
    {
      name: 'a directive skipped by 2.4 does not count',
      code: 'User nobody\nGroup nogroup\n<IfVersion < 2.4>\nTimeout 300\n</IfVersion>\nEnableSendfile Off\nFileETag None\n',
      output: 'User nobody\nGroup nogroup\n<IfVersion < 2.4>\nTimeout 300\n</IfVersion>\nEnableSendfile Off\nFileETag None\nTimeout 300\n',
      errors: ['No Timeout line'],
    },
    {
      // A line in one <VirtualHost> or a deeper <Directory> left the rest of the server on 2.4's default, with nothing said.
      name: 'a value set only inside sections is still offered for the rest of the server',
      code: 'ServerRoot /etc/httpd\n<VirtualHost *:80>\nTimeout 20\n</VirtualHost>\n<Directory /srv/www>\nEnableSendfile On\n</Directory>\nFileETag None\n',
      output: 'ServerRoot /etc/httpd\n<VirtualHost *:80>\nTimeout 20\n</VirtualHost>\n<Directory /srv/www>\nEnableSendfile On\n</Directory>\nFileETag None\nEnableSendfile On\nTimeout 300\n',
      errors: [
        /^EnableSendfile is set only inside sections \(first at [^:]*:6\), so the rest of the server gets 2\.4's default: httpd 2\.2 used sendfile/,
        /^Timeout is set only inside sections \(first at [^:]*:3\), so the rest of the server gets 2\.4's default: .*\(Timeout 300\)/,
      ],
    },
    {
      name: 'recognises markers inside <IfModule> and continued lines',
      code: '<IfModule mpm_prefork_module>\n  PidFile \\\n    /var/run/httpd.pid\n</IfModule>\nUser "apache"\nTimeout 300\nFileETag MTime Size\n',
      output: '<IfModule mpm_prefork_module>\n  PidFile \\\n    /var/run/httpd.pid\n</IfModule>\nUser "apache"\nTimeout 300\nFileETag MTime Size\nEnableSendfile On\n',
      errors: ['No EnableSendfile line'],
    },
  ],
});

describe('explicit-changed-defaults suggestions as a machine format gives them', () => {
  it('applied together from one check, they add one line each and keep a missing final line ending missing', () => {
    for (const [code, expected] of <[string, string][]>[
      ['ServerRoot /srv\nListen 80', 'ServerRoot /srv\nListen 80\nEnableSendfile On\nFileETag INode MTime Size\nTimeout 300'],
      ['ServerRoot /srv\r\nListen 80\r\n', 'ServerRoot /srv\r\nListen 80\r\nEnableSendfile On\r\nFileETag INode MTime Size\r\nTimeout 300\r\n'],
    ]) {
      const file = parse(code, 'httpd.conf');
      const found = lintFile(file, [rule], projectOf([{ path: 'httpd.conf', display: 'httpd.conf', kind: 'conf', ast: file }]));
      expect(found).toHaveLength(3);
      expect(applyEdits(code, found.flatMap((p) => p.suggestion ?? []))).toBe(expected);
    }
  });
});

describe('explicit-changed-defaults across a project', () => {
  const project = (other: string, otherPath: string) => (f: ConfigFile) => {
    const o = parse(other, otherPath);
    return projectOf([{ path: f.path, display: 'httpd.conf', kind: 'conf', ast: f }, { path: o.path, display: 'x', kind: otherPath.endsWith('.htaccess') ? 'htaccess' : 'conf', ast: o }]);
  };

  it('counts directives in included files; a .htaccess sets them for its directory only', () => {
    const r = runRule(rule, 'ServerRoot /etc/httpd\n', '/etc/httpd/conf/httpd.conf', {}, project('Timeout 120\nEnableSendfile Off\n', '/etc/httpd/conf.d/tuning.conf'));
    expect([...r.applied, ...r.remaining].map((p) => p.message.split(':')[0])).toEqual(['No FileETag line in the configuration']);
    expect(r.output).toBe('ServerRoot /etc/httpd\nFileETag INode MTime Size\n');
    const h = runRule(rule, 'ServerRoot /etc/httpd\n' + 'Timeout 60\nEnableSendfile Off\n', '/etc/httpd/conf/httpd.conf', {}, project('FileETag None\n', '/srv/www/.htaccess'));
    expect([...h.applied, ...h.remaining].map((p) => p.message.split(':')[0])).toEqual(['FileETag is set only inside sections (first at x']);
  });

  it('takes a file an Include inside a <VirtualHost> reads as that host\'s', () => {
    const r = runRule(rule, 'ServerRoot /etc/httpd\nTimeout 60\nEnableSendfile Off\n<VirtualHost *:80>\nInclude conf.d/*.conf\n</VirtualHost>\n', '/etc/httpd/conf/httpd.conf', {}, (f) => {
      const o = parse('FileETag None\n', '/etc/httpd/conf.d/etag.conf');
      const p = projectOf([{ path: f.path, display: 'httpd.conf', kind: 'conf', ast: f }, { path: o.path, display: 'etag.conf', kind: 'conf', ast: o }]);
      p.includes.push({ from: f.path, directive: (f.children[3] as Section).children[0] as Directive, optional: false, pattern: '/etc/httpd/conf.d/*.conf', serverRoot: '/etc/httpd', files: [o.path], context: ['virtualhost'] });
      return { ...p, entries: [f.path] };
    });
    expect([...r.applied, ...r.remaining].map((p) => p.message.split(':').slice(0, 2).join(':'))).toEqual(['FileETag is set only inside sections (first at etag.conf:1), so the rest of the server gets 2.4\'s default']);
  });

  it('writes only into the first main configuration of the project', () => {
    const r = runRule(rule, 'ServerRoot /b\n', '/etc/httpd/conf/second.conf', {}, (f) => {
      const first = parse('ServerRoot /a\n', '/etc/httpd/conf/httpd.conf');
      return projectOf([{ path: first.path, display: 'a', kind: 'conf', ast: first }, { path: f.path, display: 'b', kind: 'conf', ast: f }]);
    });
    expect([...r.applied, ...r.remaining]).toEqual([]);
    expect(r.output).toBe('ServerRoot /b\n');
  });

  it('does not take an included file for a main configuration', () => {
    const code = 'LoadModule ssl_module modules/mod_ssl.so\nListen 443\n';
    const r = runRule(rule, code, '/etc/httpd/conf.d/ssl.conf', {}, (f) => {
      const main = parse('ServerRoot /etc/httpd\nTimeout 120\nEnableSendfile off\nFileETag None\nInclude conf.d/*.conf\n', '/etc/httpd/conf/httpd.conf');
      const p = projectOf([{ path: main.path, display: 'a', kind: 'conf', ast: main }, { path: f.path, display: 'b', kind: 'conf', ast: f }]);
      p.includes.push({ from: main.path, directive: main.children[4] as Directive, optional: false, pattern: '/etc/httpd/conf.d/*.conf', serverRoot: '/etc/httpd', files: [f.path], context: [] });
      return p;
    });
    expect([...r.applied, ...r.remaining]).toEqual([]);
    // Alone, the same file looks like a main configuration.
    expect(runRule(rule, code, '/etc/httpd/conf.d/ssl.conf').applied.length).toBe(3);
  });
});
