import rule from '../../rules/undefined-variable.js';
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
