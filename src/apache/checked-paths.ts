/**
 * Paths that `httpd -t` looks at while it reads the configuration, and the test it makes, taken
 * from running the real 2.4.71 on a missing path for each directive:
 *
 * - `file`: the path must be a regular file that is not empty (mod_ssl's ssl_cmd_check_file:
 *   "SSLCertificateFile: file '…' does not exist or is empty");
 * - `dir`: the path must be a directory ("SSLCACertificatePath: directory '…' does not exist",
 *   "DocumentRoot '…' is not a directory, or is not readable", "CoreDumpDirectory … does not exist");
 * - `parent`: the directory of the path must exist (core's check_errorlog_dir, AH02291, and
 *   mod_log_config's AH02297 "Cannot access directory '…' for log file").
 *
 * The path is the first argument. Piped and syslog logs name no path.
 * Not listed: LoadModule/LoadFile (httpd loads the code itself) and LDAPTrustedGlobalCert (it
 * reads the certificate), which need the real file.
 */
export type PathCheck = 'file' | 'dir' | 'parent';

const named = (check: PathCheck, names: string[]) => names.map((name): [string, PathCheck] => [name, check]);

/** Directive (lower case) → the test httpd makes of its first argument. */
export const CHECKED_PATHS: ReadonlyMap<string, PathCheck> = new Map([
  ...named('file', [
    'sslcertificatefile', 'sslcertificatekeyfile', 'sslcertificatechainfile', 'sslcacertificatefile', 'sslcarevocationfile',
    'sslcadnrequestfile', 'sslproxycacertificatefile', 'sslproxycarevocationfile', 'sslproxymachinecertificatefile',
    'sslproxymachinecertificatechainfile', 'sslocsprespondercertificatefile', 'sslsessionticketkeyfile', 'sslsrpverifierfile',
  ]),
  ...named('dir', [
    'sslcacertificatepath', 'sslcarevocationpath', 'sslcadnrequestpath', 'sslproxycacertificatepath', 'sslproxycarevocationpath',
    'sslproxymachinecertificatepath', 'documentroot', 'coredumpdirectory',
  ]),
  ...named('parent', ['errorlog', 'customlog', 'transferlog', 'globallog']),
]);

/**
 * True for a log target that is no file: a pipe (`|cmd`, `||cmd`, `|$cmd`) or syslog (core's
 * test is `strncasecmp(fname, "syslog", 6)`, so any name that starts so).
 */
export function isLogPipeOrSyslog(value: string): boolean {
  return value.startsWith('|') || /^syslog/i.test(value);
}
