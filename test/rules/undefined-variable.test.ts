import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import rule from '../../rules/undefined-variable.js';
import { loadProject } from '../../src/project/load.js';
import { tempDir } from '../helpers/tmp.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { describe, expect, it } from 'vitest';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'Define ROOT /srv\nDocumentRoot ${ROOT}\n',
    '# ErrorLog ${NOT_SET_ANYWHERE}/error.log\n',
    'RewriteRule ^/(.*) ${map:$1}\n',
    { code: 'ErrorLog ${LOGS_X}/error.log\n', options: { env: { LOGS_X: '/var/log' } } },
    'DocumentRoot $ROOT_X\n',
  ],
  invalid: [
    {
      code: 'ErrorLog ${LOGS_X}/error.log\n',
      output: null,
      errors: [/^\$\{LOGS_X\} is not set\. 2\.2 looked it up in the environment only.*AH00111 "Config variable \$\{LOGS_X\} is not defined"\. Set it before this line with Define LOGS_X <value>, or export LOGS_X/],
    },
    {
      name: 'a Define after the use, a bare Define and an UnDefine do not count',
      code: 'Define A_X\nDefine B_X 1\nUnDefine B_X\n<VirtualHost ${A_X}:80>\r\n  ServerName ${B_X}.${C_X}\r\n</VirtualHost>\nDefine C_X c\n',
      output: null,
      errors: ['${A_X} is not set', '${B_X} is not set', '${C_X} is not set'],
    },
  ],
});

describe('undefined-variable across files', () => {
  it('counts Defines of files read earlier, not later', () => {
    const main = parse('Define EARLY_X 1\n', '/etc/httpd/httpd.conf');
    const later = parse('Define LATE_X 1\n', '/etc/httpd/z.conf');
    const r = runRule(rule, 'Alias /a ${EARLY_X}\nAlias /b ${LATE_X}\n', '/etc/httpd/conf.d/a.conf', {}, (file) => projectOf([
      { path: main.path, display: main.path, kind: 'conf', ast: main },
      { path: file.path, display: file.path, kind: 'conf', ast: file },
      { path: later.path, display: later.path, kind: 'conf', ast: later },
    ]));
    expect(r.remaining.map((p) => p.message.slice(0, 20))).toEqual(['${LATE_X} is not set']);
  });
});

describe('undefined-variable in sections httpd skips', () => {
  const LOADS = 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule authz_core_module modules/mod_authz_core.so\n';
  const reported = (code: string) => runRule(rule, code, '/etc/httpd/conf/httpd.conf').remaining.map((p) => p.message.slice(0, p.message.indexOf('}') + 1));

  it('says nothing inside an <IfModule> of a module the tree does not load, or an <IfDefine !NAME> of a defined name, as 2.4 expands only what it reads', () => {
    expect(reported(`${LOADS}<IfModule mod_nonexistent.c>\nServerAdmin \${DEAD_A_X}\n</IfModule>\n<IfModule mod_ssl.c>\n  <VirtualHost \${DEAD_B_X}>\n  </VirtualHost>\n</IfModule>\n`
      + 'Define FOO_X\n<IfDefine !FOO_X>\nServerAdmin ${DEAD_C_X}\n</IfDefine>\nServerAdmin ${LIVE_X}\n')).toEqual(['${LIVE_X}']);
  });

  it('keeps warning where the tree does not decide: a negated test, an <IfDefine> -D may satisfy, an unknown name beside a third-party module, no module list, a module the migration loads', () => {
    expect(reported(`${LOADS}<IfModule !mod_mime.c>\nServerAdmin \${NEG_X}\n</IfModule>\n<IfDefine BAR_X>\nServerAdmin \${DASH_D_X}\n</IfDefine>\n`
      + '<IfModule mod_authz_core.c>\nServerAdmin ${MIGRATED_X}\n</IfModule>\n<IfModule prefork.c>\nServerAdmin ${MPM_X}\n</IfModule>\n'))
      .toEqual(['${NEG_X}', '${DASH_D_X}', '${MIGRATED_X}', '${MPM_X}']);
    expect(reported(`${LOADS}LoadModule php5_module modules/libphp5.so\n<IfModule sapi_apache2.c>\nServerAdmin \${PHP_X}\n</IfModule>\n`)).toEqual(['${PHP_X}']);
    expect(reported('<IfModule mod_nonexistent.c>\nServerAdmin ${FRAGMENT_X}\n</IfModule>\n')).toEqual(['${FRAGMENT_X}']);
  });

  it('does not count a Define inside an <IfModule> of a module the tree does not load (2.4 logs AH00111), unless the module list is unknown', () => {
    const code = '<IfModule mod_php5.c>\n    Define PHP_DIR_X /usr/share/php\n</IfModule>\nAlias /php-lib ${PHP_DIR_X}\n';
    expect(reported(LOADS + code)).toEqual(['${PHP_DIR_X}']);
    expect(reported(code)).toEqual([]);
    expect(reported(`${LOADS}LoadModule php5_module modules/libphp5.so\n${code}`)).toEqual([]);
  });

  it('does not count a Define of an earlier file inside an <IfModule> of a module the tree does not load', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\n${LOADS}Include defs.conf\nInclude use.conf\n`);
    writeFileSync(join(dir, 'defs.conf'), '<IfModule mod_php5.c>\nDefine SKIPPED_X 1\n</IfModule>\nDefine READ_X 1\n');
    writeFileSync(join(dir, 'use.conf'), 'ServerAdmin ${SKIPPED_X}\nServerAdmin ${READ_X}\n');
    const p = loadProject([join(dir, 'httpd.conf')], { cwd: dir });
    const file = p.byPath.get(join(dir, 'use.conf'))!.ast;
    expect(runRule(rule, file.text, file.path, {}, () => p).remaining.map((x) => x.message.slice(0, x.message.indexOf('}') + 1))).toEqual(['${SKIPPED_X}']);
  });

  it('says nothing in a file read only through an Include inside such a section', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'conf.d'));
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\n${LOADS}<IfModule mod_nonexistent.c>\nInclude conf.d/*.conf\n</IfModule>\nInclude other.conf\n`);
    writeFileSync(join(dir, 'conf.d', 'a.conf'), 'ServerAdmin ${INCLUDED_DEAD_X}\n');
    writeFileSync(join(dir, 'other.conf'), 'ServerAdmin ${INCLUDED_LIVE_X}\n');
    const p = loadProject([join(dir, 'httpd.conf')], { cwd: dir });
    const of = (path: string) => {
      const file = p.byPath.get(path)!.ast;
      return runRule(rule, file.text, file.path, {}, () => p).remaining.map((x) => x.message.slice(0, x.message.indexOf('}') + 1));
    };
    expect(of(join(dir, 'conf.d', 'a.conf'))).toEqual([]);
    expect(of(join(dir, 'other.conf'))).toEqual(['${INCLUDED_LIVE_X}']);
  });
});
