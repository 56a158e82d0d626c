// FileResult.outputAst: the fix loop's last parse of a changed file is kept, so the late rules, the Debian
// layout and the --httpd staging read it instead of parsing the output again.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject, migrate, parse } from '../../src/index.js';
import { tempDir } from '../helpers/tmp.js';

describe('the output tree of a file result', () => {
  it('is the 2.4 reading of the output for a changed file, and null for an unchanged one', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'changed.conf'), 'KeepAlive 5\nMaxClients 150\n');
    writeFileSync(join(cwd, 'same.conf'), 'KeepAlive On\n');
    const result = migrate(loadProject([join(cwd, 'changed.conf'), join(cwd, 'same.conf')]));
    const [changed, same] = result.files;
    expect(changed!.changed).toBe(true);
    expect(changed!.outputAst?.text).toBe(changed!.output);
    const fresh = parse(changed!.output, changed!.file.path, { version: '2.4' });
    expect({ children: changed!.outputAst!.children, diagnostics: changed!.outputAst!.diagnostics }).toEqual({ children: fresh.children, diagnostics: fresh.diagnostics });
    expect(same!.changed).toBe(false);
    expect(same!.outputAst).toBeNull();
  });

  it('follows the rules that run on the migrated tree (a main file with LoadModule lines)', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'httpd.conf'), 'ServerRoot /etc/httpd\nLoadModule mime_module modules/mod_mime.so\n<Directory /x>\nOrder allow,deny\nAllow from all\n</Directory>\n');
    const [main] = migrate(loadProject([join(cwd, 'httpd.conf')])).files;
    expect(main!.changed).toBe(true);
    expect(main!.output).toMatch(/LoadModule authz_core_module/);
    expect(main!.outputAst?.text).toBe(main!.output);
  });
});
