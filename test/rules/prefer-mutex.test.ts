import { describe, expect, it } from 'vitest';
import rule from '../../rules/prefer-mutex.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { fixFile } from '../../src/engine/fix-loop.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['Mutex default mpm-accept\n', '<IfVersion < 2.3.4>\n  RewriteLock /x/rewrite.lock\n</IfVersion>\n', '# LockFile /var/lock/accept.lock\n', 'Mutex file:/var/run ssl-cache\n'],
  invalid: [
    { code: 'AcceptMutex sysvsem\n', output: 'Mutex sysvsem mpm-accept\n', errors: [/^AcceptMutex sysvsem chose .*Write `Mutex sysvsem mpm-accept`\.$/] },
    { code: 'LockFile /tmp/accept.lock\n', output: 'Mutex default:/tmp mpm-accept\n', errors: ["keeps the platform's default mechanism. Write `Mutex default:/tmp mpm-accept`."] },
    {
      // Found by a helper's bug hunt: `Mutex default:/nonexistent/dir mpm-accept` stopped the real 2.4
      // ("Invalid Mutex directory"), where 2.2, with its default semaphore, never used the file.
      name: 'names no directory that does not exist, for the default mechanism',
      code: 'LockFile /nonexistent-httpd-migrate/dir/accept.lock\nRewriteLock /nonexistent-httpd-migrate/rw.lock\n',
      output: 'Mutex default mpm-accept\nMutex default rewrite-map\n',
      errors: ['Its directory /nonexistent-httpd-migrate/dir does not exist here, so 2.2 never used it', 'Its directory /nonexistent-httpd-migrate does not exist here'],
    },
    {
      name: 'keeps the directory of a file lock chosen by name, which 2.2 used',
      code: 'AcceptMutex flock\nLockFile /nonexistent-httpd-migrate/accept.lock\n',
      output: 'Mutex flock:/nonexistent-httpd-migrate mpm-accept\n',
      errors: [/^AcceptMutex flock and LockFile .* together chose .*mpm-accept`\.$/],
    },
    { name: 'merges sibling AcceptMutex and LockFile into one line', code: 'AcceptMutex flock\nServerName a\nLockFile ${APACHE_LOCK_DIR}/accept.lock\n', output: 'Mutex flock:${APACHE_LOCK_DIR} mpm-accept\nServerName a\n', errors: ['AcceptMutex flock and LockFile ${APACHE_LOCK_DIR}/accept.lock together chose'] },
    { name: 'drops the directory for a semaphore', code: 'LockFile /x/accept.lock\nAcceptMutex posixsem\n', output: 'Mutex posixsem mpm-accept\n', errors: ['Write `Mutex posixsem mpm-accept`.'] },
    {
      name: 'writes complete lines when the two are in different sections',
      code: '<IfModule !mpm_winnt.c>\n  LockFile logs/accept.lock\n</IfModule>\nAcceptMutex flock\n',
      output: '<IfModule !mpm_winnt.c>\n  Mutex flock:logs mpm-accept\n</IfModule>\nMutex flock:logs mpm-accept\n',
      errors: ['keeps the `flock` mechanism', 'AcceptMutex flock chose the mechanism and lock file'],
    },
    { code: 'SSLMutex none\nSSLMutex sem\n', output: 'Mutex default ssl-cache\n', errors: ['Remove the line.', 'Write `Mutex default ssl-cache`.'] },
    { name: 'keeps quoting of a path with a space', code: 'SSLMutex "file:/var/my run/ssl_mutex"\n', output: 'Mutex "file:/var/my run" ssl-cache\n', errors: ['2.4\'s `file` does the same'] },
    { name: 'reads a continued line with CRLF', code: '<IfModule mod_ssl.c>\r\n\tSSLMutex \\\r\n  flock:/run/ssl.lock\r\n</IfModule>\r\n', output: '<IfModule mod_ssl.c>\r\n\tMutex flock:/run ssl-cache\r\n</IfModule>\r\n', errors: ['Write `Mutex flock:/run ssl-cache`.'] },
    { code: 'RewriteLock rewrite.lock', output: 'Mutex default:. rewrite-map', errors: ['rewrite-map lock\'s file'] },
    { code: 'SSLStaplingMutex sysvsem\nWatchdogMutexPath /tmp\n', output: 'Mutex sysvsem ssl-stapling\nMutex default:/tmp watchdog-callback\n', errors: ['ssl-stapling', 'watchdog-callback lock\'s directory'] },
    { name: 'reports an unknown mechanism without fixing', code: 'AcceptMutex bogus\nSSLMutex whatever\n', output: null, errors: ['not a mechanism 2.2 accepted', 'by hand'] },
    // Found by a helper's bug hunt: both 2.2 and 2.4 replace ${NAME} before the directive reads the line, so the value is not decided on.
    {
      name: 'a lock file named by a ${NAME} is reported, not read as a file in the current directory',
      code: 'LockFile ${LOCK_FILE}\n',
      output: null,
      errors: [/^LockFile \$\{LOCK_FILE\} depends on \$\{LOCK_FILE\}, known only when httpd starts, .*Write the `Mutex <mechanism>\[:<directory>\] mpm-accept` line by hand/],
    },
    { name: 'a ${NAME} mechanism too, and the LockFile paired with it', code: 'AcceptMutex ${MECH}\nLockFile /tmp/accept.lock\n', output: null, errors: ['AcceptMutex ${MECH} depends on ${MECH}, known only', 'LockFile /tmp/accept.lock depends on ${MECH}, known only'] },
    { name: 'an SSLMutex of a ${NAME} mechanism', code: 'SSLMutex ${SSL_MUTEX}\n', output: null, errors: ['SSLMutex ${SSL_MUTEX} depends on ${SSL_MUTEX}'] },
    { name: 'a ${NAME} in the directory alone is kept, as before', code: 'SSLMutex file:${APACHE_RUN_DIR}/ssl_mutex\n', output: 'Mutex file:${APACHE_RUN_DIR} ssl-cache\n', errors: ['Write `Mutex file:${APACHE_RUN_DIR} ssl-cache`'] },
  ],
});

describe('prefer-mutex across files', () => {
  it('gives a LockFile the mechanism of an AcceptMutex in another file', () => {
    const main = parse('AcceptMutex fcntl\nInclude extra/mpm.conf\n', '/etc/httpd/httpd.conf');
    const mpm = parse('LockFile /var/run/accept.lock\n', '/etc/httpd/extra/mpm.conf');
    const project = projectOf([main, mpm].map((ast) => ({ path: ast.path, display: ast.path, kind: 'conf' as const, ast })));
    expect(fixFile(mpm, [rule], project).output).toBe('Mutex fcntl:/var/run mpm-accept\n');
    expect(fixFile(main, [rule], project).output).toBe('Mutex fcntl:/var/run mpm-accept\nInclude extra/mpm.conf\n');
  });
});
