/**
 * The directives that open a piped log (`"|command"`). 2.2 started every such command with
 * `/bin/sh -c` (ap_open_piped_log); 2.4 runs it directly unless asked for a shell, and how it is
 * asked depends on the module:
 *
 * - `dollar`: core's ErrorLog and mod_log_config's CustomLog and TransferLog read `|$command` as
 *   "through the shell" (ap_open_piped_log_ex with APR_SHELLCMD_ENV).
 * - `sh-c`: mod_log_forensic's ForensicLog first passes the command through
 *   ap_server_root_relative, so `|$command` names the program `ServerRoot/$command` and 2.4 stops at
 *   start-up (AH00104 "unable to start piped log program", tested on 2.4.68). The shell has to be
 *   named: `|/bin/sh -c 'command'` (an absolute path, which ap_server_root_relative keeps).
 *
 * Not listed: CookieLog and RewriteLog, which 2.4 removed (other rules handle them), and ScriptLog,
 * which opens a file only.
 */
export type ShellForm = 'dollar' | 'sh-c';

/** Directive (lower case) → how 2.4 is asked to run its piped command through /bin/sh. */
export const PIPED_LOGS: ReadonlyMap<string, ShellForm> = new Map<string, ShellForm>([
  ['errorlog', 'dollar'],
  ['customlog', 'dollar'],
  ['transferlog', 'dollar'],
  ['forensiclog', 'sh-c'],
]);
