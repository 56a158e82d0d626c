/**
 * Notes on widely used third-party modules of the 2.2 era: which release first
 * supported httpd 2.4. Keyed by LoadModule symbol. Hints only; the finding is
 * the same for every third-party module.
 */
export const THIRD_PARTY_HINTS: Readonly<Record<string, string>> = {
  php5_module: 'PHP 5.4 and later build mod_php for 2.4; php-fpm behind mod_proxy_fcgi avoids the module altogether.',
  wsgi_module: 'mod_wsgi supports 2.4 from release 3.4.',
  perl_module: 'mod_perl supports 2.4 from release 2.0.9.',
  python_module: 'mod_python supports 2.4 from release 3.5 only, and is unmaintained; mod_wsgi is the usual replacement.',
  jk_module: 'mod_jk supports 2.4 from release 1.2.37; mod_proxy_ajp ships with httpd.',
  passenger_module: 'Phusion Passenger supports 2.4 from release 4.0.',
  fastcgi_module: 'mod_fastcgi needs patches for 2.4; mod_fcgid or mod_proxy_fcgi are the usual replacements.',
  security2_module: 'ModSecurity supports 2.4 from release 2.7.',
  auth_kerb_module: 'mod_auth_kerb needs a build against 2.4 (distributions patch it); mod_auth_gssapi is its successor.',
  nss_module: 'mod_nss supports 2.4 from release 1.0.9.',
};

/**
 * The directive names of those modules, by prefix (keyed like THIRD_PARTY_HINTS), for a configuration whose
 * LoadModule line was dropped: 2.4 then stops on "Invalid command 'WSGIScriptAlias'". No standard 2.4
 * directive starts with any of them.
 */
export const THIRD_PARTY_DIRECTIVE_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  php5_module: ['php_value', 'php_flag', 'php_admin_value', 'php_admin_flag'],
  wsgi_module: ['WSGI'],
  perl_module: ['Perl'],
  python_module: ['Python'],
  jk_module: ['Jk'],
  passenger_module: ['Passenger'],
  fastcgi_module: ['FastCgi'],
  security2_module: ['SecRule', 'SecAction', 'SecDefaultAction', 'SecAudit', 'SecDebugLog', 'SecRequestBody', 'SecResponseBody', 'SecDataDir', 'SecTmpDir'],
  auth_kerb_module: ['Krb'],
  nss_module: ['NSS'],
};
