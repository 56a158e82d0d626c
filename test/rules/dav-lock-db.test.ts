import rule from '../../rules/dav-lock-db.js';
import { projectOf } from '../../src/project/project.js';
import { describe, expect, it } from 'vitest';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['Dav On\n', '# DavLockDB /var/lock/DAVLock\n'],
  invalid: [
    {
      code: 'DavLockDB /var/lock/apache2/DAVLock\n',
      output: null,
      errors: [/^2\.2's mod_dav_fs kept its DAV locks in \/var\/lock\/apache2\/DAVLock; .*rm -f \/var\/lock\/apache2\/DAVLock\.dir \/var\/lock\/apache2\/DAVLock\.pag \(APR's default SDBM\) or rm -f \/var\/lock\/apache2\/DAVLock \(other DBM types\)/],
    },
    {
      name: 'resolves a relative path against the last ServerRoot read before it',
      code: 'ServerRoot /old\nServerRoot "/etc/httpd"\nDavLockDB var/DavLock\nServerRoot /later\n',
      output: null,
      errors: ['rm -f /etc/httpd/var/DavLock.dir /etc/httpd/var/DavLock.pag'],
    },
    {
      name: 'says when the ServerRoot is unknown',
      code: 'DavLockDB "var/Dav Lock"\n',
      output: null,
      errors: ['var/Dav Lock (relative to ServerRoot)'],
    },
    {
      name: 'shell-quotes the files to delete (a space or quote in the path names one file)',
      code: 'ServerRoot /srv/httpd\nDavLockDB "var/Dav Lock\'s"\n',
      output: null,
      errors: [`rm -f '/srv/httpd/var/Dav Lock'\\''s.dir' '/srv/httpd/var/Dav Lock'\\''s.pag' (APR's default SDBM) or rm -f '/srv/httpd/var/Dav Lock'\\''s' (other`],
    },
  ],
});

describe('dav-lock-db with the project ServerRoot', () => {
  it('resolves against the project ServerRoot when the file sets none', () => {
    const r = runRule(rule, 'DavLockDB logs/dav\n', 'httpd.conf', {},
      (file) => ({ ...projectOf([{ path: file.path, display: file.path, kind: 'conf', ast: file }]), serverRoot: '/srv/httpd' }));
    expect(r.remaining.map((p) => p.message)).toEqual([expect.stringContaining('in /srv/httpd/logs/dav;')]);
  });
});
