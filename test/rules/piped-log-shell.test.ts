import { describe, expect, it } from 'vitest';
import rule from '../../rules/piped-log-shell.js';
import { needsShell } from '../../src/apache/shell.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: [
    'CustomLog "|/usr/sbin/rotatelogs /var/log/access.%Y%m%d 86400" combined\n',
    'ErrorLog "||/usr/bin/logger -t x 2>&1"\n',
    'ErrorLog "|$/usr/bin/logger 2>&1"\n',
    'CustomLog logs/access_log "combined"\n',
    'ErrorLog syslog:local1\n',
    'ForensicLog "|/usr/sbin/rotatelogs /var/log/forensic.%Y%m%d 86400"\n',
    'ForensicLog logs/forensic_log\n',
    // A relative path is relative to the same directory in both: only a bare name lost its PATH lookup.
    'CustomLog "|bin/rotatelogs logs/access.%Y%m%d 86400" combined\n',
    // mod_log_forensic makes the program ServerRoot-relative in 2.2 and 2.4 alike.
    'ForensicLog "|rotatelogs /var/log/forensic.%Y%m%d 86400"\n',
    '<IfVersion ~ ^2\\.2>\n  ErrorLog "|/usr/bin/logger 2>&1"\n</IfVersion>\n',
  ],
  invalid: [
    {
      code: 'ErrorLog "|/usr/bin/logger -t httpd 2>&1"\n',
      output: 'ErrorLog "|$/usr/bin/logger -t httpd 2>&1"\n',
      errors: [/^ErrorLog "\|\/usr\/bin\/logger -t httpd 2>&1" ran its command through \/bin\/sh -c in 2\.2; 2\.4 .*the redirection `2>&1` would reach .* Write `ErrorLog "\|\$\/usr\/bin\/logger -t httpd 2>&1"`/],
    },
    {
      // Found by a helper's bug hunt: the real 2.4.71 stopped at start-up (AH00104), although apache2 -t passed.
      name: 'a program named without a path, which only the shell of 2.2 found in PATH',
      code: 'CustomLog "|logger -t httpd" common\nErrorLog |tee\n',
      output: 'CustomLog "|$logger -t httpd" common\nErrorLog |$tee\n',
      errors: [/^CustomLog "\|logger -t httpd" ran its command through \/bin\/sh -c in 2\.2; .*so the program `logger`, which the shell looked up in PATH, would not be found: .*AH00104.* Write `CustomLog "\|\$logger -t httpd" common`/, 'the program `tee`'],
    },
    { name: 'keeps an unquoted word unquoted', code: 'TransferLog |/bin/cat>>/tmp/x\n', output: 'TransferLog |$/bin/cat>>/tmp/x\n', errors: ['the redirection `>>`'] },
    {
      name: 'keeps the format nickname and single quotes, in a virtual host with CRLF',
      code: "<VirtualHost *:80>\r\n  CustomLog '|/usr/bin/tee -a $HOME/log' combined env=!dontlog\r\n</VirtualHost>\r\n",
      output: "<VirtualHost *:80>\r\n  CustomLog '|$/usr/bin/tee -a $HOME/log' combined env=!dontlog\r\n</VirtualHost>\r\n",
      errors: ["Write `CustomLog '|$/usr/bin/tee -a $HOME/log' combined env=!dontlog`"],
    },
    { name: 'reads a continued line', code: 'CustomLog \\\n  "|/usr/bin/a | /usr/bin/b" common', output: 'CustomLog \\\n  "|$/usr/bin/a | /usr/bin/b" common', errors: ['the pipe'] },
    { name: 'spots a shell builtin inside <IfModule>', code: '<IfModule log_config_module>\n\tCustomLog "|exec /usr/bin/cronolog /l/%Y" combined\n</IfModule>\n', output: '<IfModule log_config_module>\n\tCustomLog "|$exec /usr/bin/cronolog /l/%Y" combined\n</IfModule>\n', errors: ['the shell builtin `exec`'] },
    {
      // Found by a helper's bug hunt: 2.4 ran gzip with the arguments `>>` and the file name (AH00106).
      name: 'ForensicLog, which 2.2 also ran through the shell, names the shell, since mod_log_forensic takes |$ as a path below ServerRoot',
      code: 'ForensicLog "|/usr/bin/gzip -c >> /var/log/forensic.gz"\n',
      output: "ForensicLog \"|/bin/sh -c '/usr/bin/gzip -c >> /var/log/forensic.gz'\"\n",
      errors: [/^ForensicLog .* the redirection `>>` would reach .*mod_log_forensic reads `\|\$` as a program below ServerRoot .*write `ForensicLog "\|\/bin\/sh -c '\/usr\/bin\/gzip -c >> \/var\/log\/forensic.gz'"`/],
    },
    { name: 'an unquoted ForensicLog command gets quoted', code: 'ForensicLog |/bin/cat>>/tmp/f\n', output: "ForensicLog \"|/bin/sh -c '/bin/cat>>/tmp/f'\"\n", errors: ['the redirection `>>`'] },
    { name: 'a ForensicLog command with quotes of its own is only reported', code: "ForensicLog \"|/bin/x 'a b' >> /tmp/f\"\n", output: null, errors: ['its own quotes and backslashes escaped'] },
    {
      name: 'a command from a ${NAME} gets the shell: |${…} is no |$',
      code: 'CustomLog "|${LOGGER} -t httpd" common\n',
      output: 'CustomLog "|$${LOGGER} -t httpd" common\n',
      errors: ['so whatever shell syntax ${LOGGER} holds when httpd starts would reach the program'],
    },
  ],
});

describe('needsShell', () => {
  it('accepts plain commands and names shell syntax', () => {
    expect(needsShell('/usr/sbin/rotatelogs -l /var/log/a.%Y-%m-%d 86400')).toBeNull();
    expect(needsShell('/usr/bin/logger -t httpd')).toBeNull();
    expect(needsShell('TZ=UTC /usr/bin/cronolog /l/%Y')).toBe('the variable assignment `TZ=`');
    expect(needsShell('/bin/x ~/log')).toBe('the home-directory or comment sign `~`');
    expect(needsShell('/bin/x *.log')).toBe('the wildcard `*`');
    expect(needsShell('/bin/x; /bin/y')).toBe('the command separator `;`');
  });
});
