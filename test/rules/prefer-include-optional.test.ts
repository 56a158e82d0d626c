import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/prefer-include-optional.js';
import { loadProject } from '../../src/project/load.js';
import { migrate } from '../../src/migrate.js';
import { collectFindings } from '../../src/report/findings.js';
import { tempDir } from '../helpers/tmp.js';
import type { ConfigFile } from '../../src/ast/nodes.js';
import { directives } from '../../src/ast/walk.js';
import { projectOf, type Project } from '../../src/project/project.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

/**
 * A project as the loader builds it: one include site per Include line, with ServerRoot /etc/httpd.
 * Patterns under conf.modules.d/ match one file; the others match nothing.
 */
function project(file: ConfigFile): Project {
  const p = projectOf([{ path: file.path, display: file.path, kind: 'conf', ast: file }]);
  p.includes = directives(file, 'include', 'includeoptional').map((d) => {
    const arg = d.args[0]?.value ?? '';
    const pattern = arg.startsWith('/') ? arg : `/etc/httpd/${arg}`;
    return {
      from: file.path, directive: d, optional: d.lname === 'includeoptional', pattern, serverRoot: '/etc/httpd',
      files: pattern.startsWith('/etc/httpd/conf.modules.d/') ? ['/etc/httpd/conf.modules.d/00-base.conf'] : [], context: [],
    };
  });
  return p;
}

ruleTester(rule, {
  project,
  valid: [
    'Include conf.modules.d/*.conf\n',
    'Include conf/extra/missing.conf\n',
    'IncludeOptional sites-enabled/*.conf\n',
  ],
  invalid: [
    {
      code: 'Include sites-enabled/*.conf\n',
      output: 'IncludeOptional sites-enabled/*.conf\n',
      errors: [/^In 2\.2, "Include sites-enabled\/\*\.conf" matched no file and was silently skipped\. 2\.4 refuses to start: "Include\/IncludeOptional: No matches for the wildcard '\*\.conf' in '\/etc\/httpd\/sites-enabled', failing"\. .*write: IncludeOptional sites-enabled\/\*\.conf$/],
    },
    {
      name: 'says that 2.2 refused a wildcard in a directory part, rather than that it skipped the line',
      code: 'Include sites/*/*.conf\n',
      output: 'IncludeOptional sites/*/*.conf\n',
      errors: ['2.2 refused "Include sites/*/*.conf" ("Wildcard patterns not allowed in Include /etc/httpd/sites/*/*.conf"): it allowed a wildcard only in the last path component. '
        + '2.4 reads it, but refuses to start because it matches no file. To start with no match, write: IncludeOptional sites/*/*.conf'],
    },
    {
      name: 'matches sites by position, so several lines are renamed in one pass',
      code: 'include /opt/a/*.conf\r\nInclude conf.modules.d/*.conf\r\n  Include /opt/b/?.load',
      output: 'IncludeOptional /opt/a/*.conf\r\nInclude conf.modules.d/*.conf\r\n  IncludeOptional /opt/b/?.load',
      errors: ["'*.conf' in '/opt/a'", "'?.load' in '/opt/b'"],
    },
  ],
});

describe('a wildcard in a directory that does not exist', () => {
  it('is not offered IncludeOptional: 2.2 refused it too, and the loader reports it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\nInclude nothere/*.conf\n`);
    const p = loadProject([join(dir, 'httpd.conf')], { cwd: dir });
    expect(p.diagnostics.map((d) => d.code)).toEqual(['INCLUDE_DIR_NOT_FOUND']);
    const file = p.files[0]!.ast;
    const r = runRule(rule, file.text, file.path, {}, () => p);
    expect([...r.applied, ...r.remaining]).toEqual([]);
    mkdirSync(join(dir, 'nothere'));
    const q = loadProject([join(dir, 'httpd.conf')], { cwd: dir });
    expect(runRule(rule, file.text, file.path, {}, () => q).applied.map((x) => x.ruleId)).toEqual(['prefer-include-optional']);
  });
});

describe('a plain write (no --apply-suggestions) of an Include whose existing directory holds no match', () => {
  it('writes IncludeOptional, so 2.4 starts as 2.2 did, and keeps no "refuses to start" finding for it (found by a helper\'s bug hunt)', () => {
    // cPanel: one userdata directory per vhost, empty until the vhost is customised.
    const dir = tempDir();
    mkdirSync(join(dir, 'userdata/std/2/bob/bob.example'), { recursive: true });
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\n<VirtualHost *:80>\n    Include "${dir}/userdata/std/2/bob/bob.example/*.conf"\n</VirtualHost>\n`);
    const result = migrate(loadProject([join(dir, 'httpd.conf')], { cwd: dir }));
    expect(result.files[0]!.output).toContain(`    IncludeOptional "${dir}/userdata/std/2/bob/bob.example/*.conf"\n`);
    const findings = collectFindings(result, dir).flatMap((f) => f.findings);
    expect(findings.filter((f) => f.ruleId === 'include')).toEqual([]);
    expect(findings.filter((f) => f.ruleId === 'prefer-include-optional').map((f) => f.fixable)).toEqual([true]);
  });

  it('leaves a wildcard in a directory part (2.2 refused the line) as a suggestion', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sites/a'), { recursive: true });
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\nInclude sites/*/*.conf\n`);
    const result = migrate(loadProject([join(dir, 'httpd.conf')], { cwd: dir }));
    expect(result.files[0]!.output).toContain('\nInclude sites/*/*.conf\n');
    expect(result.files[0]!.remaining.filter((p) => p.ruleId === 'prefer-include-optional').map((p) => [p.severity, p.suggestion?.length])).toEqual([['warning', 1]]);
  });
});

// Found by a helper's bug hunt: the first write made the line IncludeOptional and also loaded mod_access_compat
// ("the files of `IncludeOptional …` were not read"), which the second write removed. The migrated tree's line was
// looked up among the reader's include sites by its name too, and the reader had recorded an Include.
describe('an Include of an empty directory in a tree with LoadModule lines', () => {
  it('is made IncludeOptional in one write, with no mod_access_compat, and a second write changes nothing', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'conf.d'));
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\nListen 80\nLoadModule mime_module modules/mod_mime.so\nUser nobody\nInclude conf.d/*.conf\n`);
    const first = migrate(loadProject([join(dir, 'httpd.conf')], { cwd: dir })).files[0]!.output;
    expect(first).toContain('\nIncludeOptional conf.d/*.conf\n');
    expect(first).not.toContain('access_compat');
    writeFileSync(join(dir, 'httpd.conf'), first);
    expect(migrate(loadProject([join(dir, 'httpd.conf')], { cwd: dir })).files[0]!.output).toBe(first);
  });
});
