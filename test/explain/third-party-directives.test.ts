import { describe, expect, it } from 'vitest';
import { DIRECTIVE_ROWS } from '../../src/apache/directive-table.js';
import { THIRD_PARTY_DIRECTIVE_PREFIXES } from '../../src/apache/third-party.js';
import { explain } from '../../src/explain/messages.js';

const ids = (m: string) => explain(m).map((e) => e.id);

/**
 * "Invalid command" texts real apache2 2.4.71 printed for the corpus's 2.2 files using third-party modules
 * (graphite-web, koha, freeipa, cobbler, mantisbt): the answer is a 2.4 build of the module (third-party-module),
 * not the catch-all's rule for the implicit modules.
 */
describe('explain: a directive of a well-known third-party module', () => {
  it.each([
    ["AH00526: Syntax error on line 9 of /etc/httpd/conf.d/graphite-vhost.conf:\nInvalid command 'WSGIDaemonProcess', perhaps misspelled or defined by a module not included in the server configuration", 'wsgi_module'],
    ["Invalid command 'WSGIScriptAlias', perhaps misspelled or defined by a module not included in the server configuration", 'wsgi_module'],
    ["[core:alert] [pid 1:tid 1] [client 127.0.0.1:1] /var/www/html/.htaccess: Invalid command 'php_flag', perhaps misspelled or defined by a module not included in the server configuration", 'php5_module'],
    ["Invalid command 'PythonHandler', perhaps misspelled or defined by a module not included in the server configuration", 'python_module'],
    ["Invalid command 'KrbMethodNegotiate', perhaps misspelled or defined by a module not included in the server configuration", 'auth_kerb_module'],
    ["Invalid command 'Krb5KeyTab', perhaps misspelled or defined by a module not included in the server configuration", 'auth_kerb_module'],
    ["Invalid command 'NSSVerifyClient', perhaps misspelled or defined by a module not included in the server configuration", 'nss_module'],
  ])('explains %s', (message, symbol) => {
    const found = explain(message);
    expect(found.map((e) => e.id).filter((id) => id !== 'AH00526')).toEqual([`third-party-${symbol}`]);
    expect(found.at(-1)!.ruleIds).toEqual(['third-party-module']);
  });

  it('claims no standard 2.4 directive, and leaves unknown modules to the catch-all', () => {
    const prefixes = Object.values(THIRD_PARTY_DIRECTIVE_PREFIXES).flat().map((p) => p.toLowerCase());
    expect(DIRECTIVE_ROWS.filter(([name]) => prefixes.some((p) => name.toLowerCase().startsWith(p)))).toEqual([]);
    expect(ids("Invalid command 'FCGIWrapper', perhaps misspelled")).toEqual(['invalid-command']);
  });
});
