import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-mixed-options.js';
import { options22 } from '../../src/apache/options.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';

ruleTester(rule, {
  valid: ['Options ${OPTIONS}\n', 'Options Indexes FollowSymLinks\n', 'Options +Indexes -ExecCGI\n', 'Options None\n'],
  invalid: [
    { code: 'Options Indexes +Includes\n', output: 'Options Indexes Includes\n', errors: ['this line set exactly "Indexes Includes"'] },
    { name: 'writes None when nothing is left', code: 'Options Indexes -Indexes\n', output: 'Options None\n', errors: ['"None"'] },
    // Includes never cleared 2.2's no-exec bit: SSI stays without exec (in 2.4, Includes means with exec).
    { name: 'keeps IncludesNOEXEC when +Includes follows it', code: 'Options IncludesNoExec +Includes\n', output: 'Options IncludesNOEXEC\n', errors: ['"IncludesNOEXEC"'] },
    // -X clears X's bits from a compound word: no SSI at all, and no CGI.
    { name: 'clears a compound word\'s part', code: 'Options IncludesNOEXEC -Includes\n', output: 'Options None\n', errors: ['"None"'] },
    { name: 'clears ExecCGI from RunScripts', code: 'Options RunScripts -ExecCGI\n', output: 'Options MultiViews\n', errors: ['"MultiViews"'] },
    { name: 'leaves a line 2.2 refused', code: 'Options Indexes +Bogus\n', output: null, errors: ['Options Indexes +Bogus names Bogus, which is no option: 2.2 refused the line ("Illegal option Bogus")'] },
    // Found by a helper's bug hunt: both 2.2 and 2.4 replace ${NAME} before the directive reads the line, so the value is not decided on.
    {
      name: 'a ${NAME} word is not called an illegal option',
      code: 'Options +Indexes ${MORE_OPTIONS}\n',
      output: null,
      errors: [/^Options \+Indexes \$\{MORE_OPTIONS\} takes words from \$\{MORE_OPTIONS\}, known only when httpd starts; .*Make sure the value puts \+ or - on every word/],
    },
    { name: 'literal words that already mix', code: 'Options Indexes +FollowSymLinks ${X}\n', output: null, errors: ['The words written already mix them'] },
    // Found by a helper's bug hunt: 2.4.71 refuses to start on these ("You may not use 'Options +All' or 'Options -All'.").
    {
      name: 'spells out +All and -All, which 2.4 refuses',
      code: '<Directory /srv/a>\n  Options +all -MultiViews\n</Directory>\n<Directory /srv/b>\n  Options -All +FollowSymLinks\n</Directory>\n',
      output: '<Directory /srv/a>\n  Options +Indexes +Includes +FollowSymLinks +ExecCGI -MultiViews\n</Directory>\n<Directory /srv/b>\n  Options -Indexes -Includes -FollowSymLinks -ExecCGI +FollowSymLinks\n</Directory>\n',
      errors: [
        /^Options \+all: 2\.2 added every option All stands for; 2\.4 refuses to start on it .*: \+Indexes \+Includes \+FollowSymLinks \+ExecCGI\.$/,
        'Options -All: 2.2 removed every option All stands for',
      ],
    },
  ],
});

describe('signed words before the first plain word', () => {
  it('are offered as a suggestion, not applied: 2.2 kept them for deeper sections with only signed words', () => {
    const r = runRule(rule, 'Options -Indexes All\r\n', 'test.conf', { suggestions: [] });
    expect(r.output).toBe('Options -Indexes All\r\n');
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringContaining('this line set exactly "Indexes Includes FollowSymLinks ExecCGI"; 2.4 refuses to start')]);
    expect(r.remaining[0]!.message).toContain('2.2 also kept -Indexes for deeper sections');
    expect(runRule(rule, 'Options -Indexes All\r\n').output).toBe('Options Indexes Includes FollowSymLinks ExecCGI\r\n');
  });
});

describe('signed words kept for deeper relative Options lines', () => {
  const conf = (deeper: string) => `<Directory /srv/a>\n    Options -Indexes All\n</Directory>\n${deeper}`;
  it('are not offered when a deeper section has only signed words: 2.4 would list /a/b/, where 2.2 answered 403', () => {
    const code = conf('<Directory /srv/a/b>\n    Options +FollowSymLinks\n</Directory>\n');
    const r = runRule(rule, code, 'test.conf');
    expect(r.output).toBe(code);
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/2\.2 also kept -Indexes for the Options lines with only \+\/- words that merge after this one, and applied it there: test\.conf:5\. .*Options \+X becomes Options -Indexes \+X.*then write Options Indexes Includes FollowSymLinks ExecCGI\.$/)]);
  });

  it('are not offered when a <Location> or <Files> has only signed words (its paths cannot be compared)', () => {
    const code = conf('<Location /x>\n    Options +ExecCGI\n</Location>\n');
    expect(runRule(rule, code, 'test.conf').output).toBe(code);
  });

  it('are not offered when a .htaccess below the section has only signed words', () => {
    const code = conf('');
    const inside = parse('Options +Includes\n', '/srv/a/b/.htaccess');
    const outside = parse('Options +Includes\n', '/srv/other/.htaccess');
    const run = (h: typeof inside) => runRule(rule, code, '/etc/httpd/httpd.conf', {}, (file) => projectOf([
      { path: file.path, display: file.path, kind: 'conf', ast: file },
      { path: h.path, display: h.path, kind: 'htaccess', ast: h },
    ])).output;
    expect(run(inside)).toBe(code);
    expect(run(outside)).not.toBe(code);
  });

  it('are still offered when the relative lines are elsewhere: another directory, or the server level', () => {
    const code = conf('<Directory /srv/ab>\n    Options +ExecCGI\n</Directory>\nOptions +FollowSymLinks\n');
    expect(runRule(rule, code, 'test.conf').output).toBe(code.replace('Options -Indexes All', 'Options Indexes Includes FollowSymLinks ExecCGI'));
  });
});

describe('options22', () => {
  it('expands All to the four options 2.2 meant by it, not MultiViews', () => {
    expect(options22(['All', '-ExecCGI']).words).toEqual(['Indexes', 'Includes', 'FollowSymLinks']);
  });
});
