/**
 * Content types that pick a handler. In 2.2, ap_invoke_handler (server/config.c) took the handler of
 * a request that no SetHandler or AddHandler gave one from its content type, and for a file of no
 * known type from the default type: `r->content_type ? r->content_type : ap_default_type(r)`, cut
 * at the first `;` (trailing spaces dropped). So `DefaultType application/x-httpd-cgi` made mod_cgi
 * run every file of no known type where it applied. 2.4 ignores DefaultType (AH00117), and serves
 * those files as they are: the script's source.
 *
 * The names each module answers to as a handler (2.2 and 2.4 alike), the handler names among them
 * (`cgi-script`): the type was compared with them all. Modules compare case-sensitively; this table
 * is read case-insensitively, which only reports more.
 */
export const HANDLER_TYPES: ReadonlyMap<string, string> = new Map([
  ['application/x-httpd-cgi', 'mod_cgi'], // CGI_MAGIC_TYPE
  ['cgi-script', 'mod_cgi'],
  ['text/x-server-parsed-html', 'mod_include'], // INCLUDES_MAGIC_TYPE
  ['text/x-server-parsed-html3', 'mod_include'], // INCLUDES_MAGIC_TYPE3
  ['server-parsed', 'mod_include'],
  ['application/x-httpd-imap', 'mod_imagemap'], // IMAP_MAGIC_TYPE
  ['imap-file', 'mod_imagemap'],
  ['httpd/send-as-is', 'mod_asis'], // ASIS_MAGIC_TYPE
  ['send-as-is', 'mod_asis'],
  ['application/x-type-map', 'mod_negotiation'], // MAP_FILE_MAGIC_TYPE
  ['type-map', 'mod_negotiation'],
  ['httpd/unix-directory', 'mod_dir'], // DIR_MAGIC_TYPE
  ['server-status', 'mod_status'],
  ['server-info', 'mod_info'],
  ['isapi-handler', 'mod_isapi'],
  ['isapi-isa', 'mod_isapi'],
  ['application/x-httpd-php', 'mod_php'],
  ['application/x-httpd-php-source', 'mod_php'],
  ['php5-script', 'mod_php'],
  ['perl-script', 'mod_perl'],
  ['mod_python', 'mod_python'],
  ['fcgid-script', 'mod_fcgid'],
  ['fastcgi-script', 'mod_fastcgi'],
]);

/** The `x-httpd-` family (application/x-httpd-php5, application/x-httpd-eperl…): by convention a handler's type. */
const HANDLER_FAMILY = /(^|\/)x-httpd-/i;

/**
 * The module that handles a content type as its handler (`mod_cgi`), `a handler` for one of the
 * x-httpd- family no module of the table names, or null for a plain type.
 */
export function handlerOfType(type: string): string | null {
  const semi = type.indexOf(';');
  const name = (semi >= 0 ? type.slice(0, semi) : type).trimEnd().toLowerCase();
  return HANDLER_TYPES.get(name) ?? (HANDLER_FAMILY.test(name) ? 'a handler' : null);
}
