import { describe, expect, it } from 'vitest';
import { explain } from '../../src/explain/messages.js';

const ids = (m: string) => explain(m).map((e) => e.id);

/**
 * "Invalid command" texts real apache2 2.4.71 printed for the corpus's 2.2 files with only the modules a 2.2
 * configuration loads (owncloud, munin, zencart, kohana and certbot .htaccess files; a vhost using mod_macro).
 * The directive's module ships with 2.4, so the answer is its LoadModule line (load-module-for-directive), not
 * "misspelled, not loaded or removed" with the rule for the implicit modules.
 */
describe('explain: a directive of a standard 2.4 module that is not loaded', () => {
  it.each([
    ["[Fri Nov 27 17:31:29.545942 2026] [core:alert] [pid 1628:tid 1628] [client 127.0.0.1:37930] /var/www/owncloud/config/.htaccess: Invalid command 'IndexIgnore', perhaps misspelled or defined by a module not included in the server configuration", 'autoindex'],
    ["[core:alert] [pid 1631:tid 1631] [client 127.0.0.1:37866] /var/www/munin/.htaccess: Invalid command 'AuthUserFile', perhaps misspelled or defined by a module not included in the server configuration", 'authn_file'],
    ["[core:alert] [pid 1629:tid 1629] [client 127.0.0.1:38072] /var/www/kohana/.htaccess: Invalid command 'RewriteEngine', perhaps misspelled or defined by a module not included in the server configuration", 'rewrite'],
    ["/var/www/html/.htaccess: Invalid command 'SSLRequire', perhaps misspelled or defined by a module not included in the server configuration", 'ssl'],
    ["AH00526: Syntax error on line 14 of /etc/apache2/sites-enabled/modmacro.conf:\nInvalid command '<Macro', perhaps misspelled or defined by a module not included in the server configuration", 'macro'],
    ["AH00526: Syntax error on line 30 of /etc/apache2/sites-enabled/modmacro.conf:\nInvalid command 'Use', perhaps misspelled or defined by a module not included in the server configuration", 'macro'],
  ])('explains %s', (message, module) => {
    const found = explain(message);
    expect(found.map((e) => e.id)).toEqual([`unknown-mod-${module}`]);
    expect(found[0]!.ruleIds).toEqual(['load-module-for-directive']);
    expect(found[0]!.remedy).toContain(`LoadModule ${module}_module modules/mod_${module}.so`);
  });

  it('names the modules a module needs first', () => {
    expect(explain("Invalid command 'ProxyFCGIBackendType', perhaps misspelled")[0]!.remedy).toMatch(/mod_proxy_fcgi\.so, after mod_proxy\./);
  });

  it('keeps the catch-all for third-party directives and the specific entries for 2.2 ones', () => {
    expect(ids("AH00526: Syntax error on line 3 of /etc/httpd/conf.d/fcgid.conf:\nInvalid command 'FCGIWrapper', perhaps misspelled or defined by a module not included in the server configuration")).toEqual(['AH00526', 'invalid-command']);
    expect(ids("Invalid command 'SVNParentPath', perhaps misspelled or defined by a module not included in the server configuration")).toEqual(['invalid-command']);
    expect(ids("Invalid command 'Order', perhaps misspelled or defined by a module not included in the server configuration")).toEqual(['unknown-order']);
    expect(ids("Invalid command 'LockFile', perhaps misspelled or defined by a module not included in the server configuration")).toEqual(['unknown-acceptmutex']);
  });
});
