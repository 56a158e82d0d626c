import { describe, expect, it } from 'vitest';
import { explain } from '../../src/explain/messages.js';

const ids = (m: string) => explain(m).map((e) => e.id);
const rules = (m: string) => [...new Set(explain(m).flatMap((e) => e.ruleIds))];

/**
 * Error-log lines of real apache2 2.4.71 (Debian) serving unmigrated 2.2-era .htaccess files of the corpus
 * (magento, drupal, zencart, h5bp, kohana, munin…), as pasted: with the log prefix, and with the path only.
 */
const CASES: [string, string, string[]][] = [
  // No AllowOverride applies (2.2's default All): 2.4 reads the file and refuses even the sections.
  ['[Fri Nov 27 17:32:11.711677 2026] [core:alert] [pid 4005:tid 4005] [client 127.0.0.1:38578] /var/www/html/.htaccess: <IfModule not allowed here', 'htaccess-no-override', ['explicit-allow-override']],
  ['/var/www/html/includes/.htaccess: <FilesMatch not allowed here', 'htaccess-no-override', ['explicit-allow-override']],
  ['<Files not allowed here', 'htaccess-no-override', ['explicit-allow-override']],
  ['/var/www/html/.htaccess: <IfDefine not allowed here', 'htaccess-no-override', ['explicit-allow-override']],
  ['/var/www/html/.htaccess: <IfVersion not allowed here', 'htaccess-no-override', ['explicit-allow-override']],
  // An AllowOverride without the category the directive needs.
  ['[Fri Nov 27 17:31:39.596413 2026] [core:alert] [pid 2765:tid 2765] [client 127.0.0.1:52732] /var/www/kohana/.htaccess: RewriteEngine not allowed here', 'htaccess-override', ['explicit-allow-override']],
  ['[core:alert] [pid 2767:tid 2767] [client 127.0.0.1:38086] /var/www/js/.htaccess: RewriteEngine not allowed in <Files> context', 'htaccess-override', ['explicit-allow-override']],
  ['/var/www/html/.htaccess: Options not allowed here', 'htaccess-override', ['explicit-allow-override']],
  ['/var/www/html/.htaccess: Header not allowed in <FilesMatch> context', 'htaccess-override', ['explicit-allow-override']],
  ['/var/www/html/.htaccess: DirectoryIndex not allowed here', 'htaccess-override', ['explicit-allow-override']],
  ['/var/www/munin/.htaccess: AuthType not allowed here', 'htaccess-override', ['explicit-allow-override']],
  ['/var/www/html/.htaccess: ExpiresActive not allowed in <FilesMatch> context', 'htaccess-override', ['explicit-allow-override']],
  // AllowOverride FileInfo AuthConfig Indexes Options (h5bp v1.0's Options -MultiViews).
  ['[core:alert] [pid 1:tid 1] [client 127.0.0.1:1] /var/www/html/.htaccess: Option MultiViews not allowed here', 'htaccess-option', []],
];

describe('explain: .htaccess directives the AllowOverride does not grant', () => {
  it.each(CASES)('explains %s', (message, id, ruleIds) => {
    expect(ids(message)).toEqual([id]);
    expect(rules(message)).toEqual(ruleIds);
  });

  it('leaves the access directives to their own entries', () => {
    expect(ids('/var/www/html/.htaccess: order not allowed here')).toEqual(['htaccess-limit']);
    expect(ids('/var/www/html/.htaccess: Require not allowed here')).toEqual(['htaccess-authconfig']);
  });
});
