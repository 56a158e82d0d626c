// The rules that ask about the whole project read each file's share once per project; a later pass's re-parse of a file
// reads that file alone. Each of these read every file of the project again for every re-parsed file, so a tree of
// one-vhost files took time (and, with the reading orders kept, memory) that grew with the square of the files:
// 250 such vhosts with RewriteRule, AddOutputFilterByType, auth and a .htaccess each took 42 s and 517 MB, 500 took 284 s and 1.8 GB.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../src/engine/rule.js';
import { loadProject } from '../../src/project/load.js';
import type { Project } from '../../src/project/project.js';
import filterProviderLoaded from '../../rules/filter-provider-loaded.js';
import loadImplicitModules from '../../rules/load-implicit-modules.js';
import loadModuleForDirective from '../../rules/load-module-for-directive.js';
import rewriteEngineInherited from '../../rules/rewrite-engine-inherited.js';
import authDefaultsReset from '../../rules/auth-defaults-reset.js';
import { runRule } from '../helpers/rule-tester.js';
import { tempDir } from '../helpers/tmp.js';
import { forbidWalks } from '../helpers/forbid-walks.js';

const vhost = (i: number) => `<VirtualHost *:80>
ServerName s${i}
RewriteRule ^/old${i}$ /new${i} [R]
AddOutputFilterByType DEFLATE text/html
Header set X-Site s${i}
<Location /a${i}>
AuthType Basic
AuthName "a${i}"
AuthBasicAuthoritative On
Require valid-user
Order allow,deny
Allow from all
</Location>
</VirtualHost>
`;

function tree(): { dir: string; project: Project } {
  const dir = tempDir();
  const files: Record<string, string> = {
    'httpd.conf': 'ServerRoot "${dir}"\nLoadModule rewrite_module modules/mod_rewrite.so\nLoadModule auth_basic_module modules/mod_auth_basic.so\n'
      + 'RewriteEngine On\nDocumentRoot "${dir}/htdocs"\n<Directory />\nAuthBasicProvider dbm\nOrder deny,allow\nDeny from all\n</Directory>\nInclude conf.d/*.conf\n',
  };
  for (let i = 0; i < 4; i++) files[`conf.d/v${i}.conf`] = vhost(i);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text.replaceAll('${dir}', dir));
  }
  return { dir, project: loadProject([join(dir, 'httpd.conf')], { cwd: dir }) };
}


const shown = (r: ReturnType<typeof runRule>) => [...r.applied, ...r.remaining].map((p) => `${p.line}:${p.col} ${p.crash ? 'CRASH ' : ''}${p.message}`);

describe('a re-parsed file is read alone', () => {
  const rules: Rule[] = [rewriteEngineInherited, loadImplicitModules, loadModuleForDirective, filterProviderLoaded, authDefaultsReset];
  for (const rule of rules) {
    it(rule.meta.id, () => {
      const { dir, project } = tree();
      const path = join(dir, 'conf.d/v2.conf');
      const text = project.byPath.get(path)!.ast.text;
      const opts = { suggestions: false };
      // The first run reads the project (each rule's memo); runRule parses the text again, as a later pass does.
      const first = runRule(rule, text, path, opts, () => project);
      forbidWalks(project, path);
      const again = runRule(rule, text, path, opts, () => project);
      expect(shown(again)).toEqual(shown(first));
    });
  }

  it('the rules find something here (the test reads what they report)', () => {
    const { dir, project } = tree();
    const path = join(dir, 'conf.d/v2.conf');
    const r = runRule(rewriteEngineInherited, project.byPath.get(path)!.ast.text, path, {}, () => project);
    expect(shown(r).join('\n')).toMatch(/never ran in 2\.2/);
    const a = runRule(authDefaultsReset, project.byPath.get(path)!.ast.text, path, {}, () => project);
    expect(shown(a).join('\n')).toMatch(/In 2\.2 this section had AuthBasicProvider file/);
  });
});
