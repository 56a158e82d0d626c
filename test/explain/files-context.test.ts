import { describe, expect, it } from 'vitest';
import { explain } from '../../src/explain/messages.js';

const ids = (m: string) => explain(m).map((e) => e.id);

/**
 * "X not allowed in <Files> context" for an access directive, as real apache2 2.4.71 logged it for the corpus's
 * 2.2 .htaccess files (zencart, drupal, phpbb, dokuwiki) under AllowOverride FileInfo AuthConfig Indexes Options
 * (and Limit), pasted without the .htaccess path: a configuration file's <Files> allows every access directive,
 * so only a .htaccess file gives it, and moving the line into a <Directory> is the wrong remedy.
 */
describe('explain: access directives refused in a .htaccess <Files> section', () => {
  it.each([
    ['order not allowed in <FilesMatch> context', 'htaccess-limit'],
    ['deny not allowed in <Files> context', 'htaccess-limit'],
    ['allow not allowed in <FilesMatch> context', 'htaccess-limit'],
    ['Satisfy not allowed in <Files> context', 'htaccess-authconfig'],
    ['Require not allowed in <FilesMatch> context', 'htaccess-authconfig'],
    ['[core:alert] [pid 2787:tid 2787] [client 127.0.0.1:52254] /var/www/phpBB/.htaccess: order not allowed in <Files> context', 'htaccess-limit'],
  ])('explains %s', (message, id) => {
    expect(ids(message)).toEqual([id]);
  });

  it('keeps the server-level entry for <VirtualHost> and for a bare "not allowed here"', () => {
    expect(ids('order not allowed in <VirtualHost> context')).toEqual(['access-context']);
    expect(ids('AH00526: Syntax error on line 6523 of /etc/apache2/custom.d/globalblacklist.conf:\norder not allowed here')).toEqual(['access-context']);
  });
});
