import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/ssi-legacy-expr.js';
import { loadProject } from '../../src/project/load.js';
import { tempDir } from '../helpers/tmp.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    '<Directory /srv/a>\n  Options -Includes +ExecCGI\n</Directory>\n',
    '<Directory /srv/b>\n  SSILegacyExprParser off\n  <Files "*.shtml">\n    Options +Includes\n  </Files>\n</Directory>\n',
    '<IfVersion < 2.4>\n  <Directory /srv/c>\n    Options Includes\n  </Directory>\n</IfVersion>\n',
    { code: 'SSILegacyExprParser on\nOptions +Includes\n', filename: '/srv/www/.htaccess' },
  ],
  invalid: [
    {
      name: 'offers the line after the Options line and reports the other changes',
      code: '<Directory /srv/d>\n  Options +Includes\n</Directory>\n',
      output: '<Directory /srv/d>\n  Options +Includes\n  SSILegacyExprParser on\n</Directory>\n',
      errors: [/^Options enables server-side includes here: httpd 2\.2 evaluated <!--#if expr="\.\.\." --> with the old SSI expression syntax; 2\.4 uses the new expression parser.*<!--#set --> no longer decodes entities.*error documents.*write "SSILegacyExprParser on" in this section/],
    },
    {
      name: 'one finding per section, inside <IfModule>, with CRLF',
      code: '<Location /ssi>\r\n  <IfModule mod_include.c>\r\n\tOptions IncludesNOEXEC\r\n\tOptions +Includes\r\n  </IfModule>\r\n</Location>\r\n',
      output: '<Location /ssi>\r\n  <IfModule mod_include.c>\r\n\tOptions IncludesNOEXEC\r\n\tSSILegacyExprParser on\r\n\tOptions +Includes\r\n  </IfModule>\r\n</Location>\r\n',
      errors: ['in this section'],
    },
    {
      name: 'an .htaccess file whose AllowOverride is not in sight is reported without an edit',
      code: 'Options +Includes',
      filename: '/srv/www/.htaccess',
      output: null,
      errors: [/needs AllowOverride Limit in a \.htaccess.*not in sight\. To keep the 2\.2 syntax write "SSILegacyExprParser on" in a <Directory \/srv\/www> section/],
    },
    {
      name: 'Options All turns on includes; All with -Includes does not',
      code: '<Directory /srv/all>\n  Options All\n</Directory>\n<Directory /srv/none>\n  Options All -Includes\n</Directory>\n',
      output: '<Directory /srv/all>\n  Options All\n  SSILegacyExprParser on\n</Directory>\n<Directory /srv/none>\n  Options All -Includes\n</Directory>\n',
      errors: ['in this section'],
    },
    {
      name: 'Options +All turns on includes as 2.2 read it',
      code: '<Directory /srv/plus>\n  Options +All\n</Directory>\n',
      output: '<Directory /srv/plus>\n  Options +All\n  SSILegacyExprParser on\n</Directory>\n',
      errors: ['in this section'],
    },
    {
      name: 'reports without an edit for the error documents directory',
      code: 'Alias /error/ "/var/www/error/"\n<Directory "/var/www/error">\n    AllowOverride None\n    Options IncludesNoExec\n    AddOutputFilter Includes html\n</Directory>\n',
      output: null,
      errors: [/This section serves the server's error documents: keep the new parser for 2\.4's error pages, and write "SSILegacyExprParser on" here only if the 2\.2 pages are kept\.$/],
    },
    {
      name: 'reports without an edit at server level',
      code: 'Options Indexes Includes\n',
      output: null,
      errors: ['SSILegacyExprParser is not allowed at this level'],
    },
    {
      name: 'a continued Options line in a quoted <Directory> of a <VirtualHost>',
      code: '<VirtualHost *:80>\n  <Directory "/srv/ssi">\n    Options Indexes \\\n      Includes\n  </Directory>\n</VirtualHost>\n',
      output: '<VirtualHost *:80>\n  <Directory "/srv/ssi">\n    Options Indexes \\\n      Includes\n    SSILegacyExprParser on\n  </Directory>\n</VirtualHost>\n',
      errors: ['in this section'],
    },
  ],
});

describe('ssi-legacy-expr in .htaccess files', () => {
  /** A tree whose htdocs <Directory> sets `override`, with a .htaccess turning on includes in htdocs/a. */
  function tree(override: string, extra = '') {
    const dir = tempDir();
    mkdirSync(join(dir, 'htdocs', 'a'), { recursive: true });
    writeFileSync(join(dir, 'httpd.conf'), `ServerRoot "${dir}"\nDocumentRoot "${dir}/htdocs"\n<Directory />\n    AllowOverride None\n</Directory>\n`
      + `<Directory "${dir}/htdocs">\n    AllowOverride ${override}\n${extra}</Directory>\n`);
    writeFileSync(join(dir, 'htdocs', 'a', '.htaccess'), 'Options +Includes\n');
    const p = loadProject([join(dir, 'httpd.conf')], { cwd: dir });
    const run = (path: string) => {
      const file = p.byPath.get(path)!.ast;
      return runRule(rule, file.text, file.path, {}, () => p);
    };
    return { conf: run(join(dir, 'httpd.conf')), htaccess: run(join(dir, 'htdocs', 'a', '.htaccess')) };
  }

  it('writes the line into the .htaccess when its AllowOverride grants Limit (2.4 accepts it only under Limit or All)', () => {
    for (const override of ['Limit', 'Options Limit', 'All']) {
      const { conf, htaccess } = tree(override);
      expect(htaccess.output).toBe('Options +Includes\nSSILegacyExprParser on\n');
      expect(conf.output).not.toContain('SSILegacyExprParser');
    }
  });

  it('writes it into the <Directory> that sets an AllowOverride without Limit, and reports the .htaccess (2.4 answers 500 there)', () => {
    for (const override of ['Options', 'FileInfo Options AuthConfig Indexes', 'Options=Includes']) {
      const { conf, htaccess } = tree(override);
      expect(htaccess.output).toBe('Options +Includes\n');
      expect(htaccess.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/read under AllowOverride .*write "SSILegacyExprParser on" in <Directory .*\/htdocs> \(.*httpd\.conf:6\), which sets that AllowOverride \(offered there\)/)]);
      expect(conf.output).toContain(`/htdocs">\n    SSILegacyExprParser on\n    AllowOverride ${override}\n</Directory>`);
    }
  });

  it('says nothing when that <Directory> already chooses the parser', () => {
    const { conf, htaccess } = tree('Options', '    SSILegacyExprParser off\n');
    expect(htaccess.remaining).toEqual([]);
    expect(conf.remaining).toEqual([]);
  });
});
