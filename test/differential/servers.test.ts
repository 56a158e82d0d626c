/**
 * runJobs (servers.ts) on the real httpd 2.4: jobs share one server, except where sharing would change an answer.
 */
import { describe, expect, it } from 'vitest';
import { requireHttpdOrSkip } from '../oracle/httpd.js';
import { runJobs, serverWide } from './servers.js';

const oracle = requireHttpdOrSkip();

describe.skipIf(oracle.skip)('runJobs', () => {
  it('runs a job whose .htaccess names a method httpd does not know alone: another job\'s <Limit> would register it', async () => {
    const registers = {
      texts: { config: '<Directory "@DIR@">\n    <Limit get>\n        Require all granted\n    </Limit>\n</Directory>', htaccess: {} },
      requests: [{ path: '/f.html', from: '127.0.0.1' }],
    };
    const needs = {
      texts: { config: '<Directory "@DIR@">\n    AllowOverride All\n</Directory>', htaccess: { sub: '<Limit get>\n    Require all granted\n</Limit>' } },
      requests: [{ path: '/sub/f.html', from: '127.0.0.1' }, { path: '/f.html', from: '127.0.0.1' }],
    };
    const [a, b] = await runJobs([registers, needs]);
    expect(a!.statuses).toEqual([200]);
    // Alone, as a whole tree would be: "Could not register method 'get' for <Limit from .htaccess configuration".
    expect(b!.statuses).toEqual([500, 200]);
  }, 60_000);

  it('runs a job with a section of the whole server alone: its <Location /> would decide the other jobs\' requests', async () => {
    const open = { texts: { config: '<Directory "@DIR@">\n    Require all granted\n</Directory>', htaccess: {} }, requests: [{ path: '/f.html', from: '127.0.0.1' }] };
    const wide = {
      texts: { config: '<Directory "@DIR@">\n    Require all granted\n</Directory>\n<Location />\n    Require all denied\n</Location>', htaccess: {} },
      requests: [{ path: '/f.html', from: '127.0.0.1' }],
    };
    expect(serverWide(wide)).toBe(true);
    expect(serverWide(open)).toBe(false);
    expect(serverWide({ ...open, texts: { config: '<VirtualHost 127.0.0.1:@PORT@>\n    <Location />\n    </Location>\n</VirtualHost>', htaccess: {} } })).toBe(false);
    const [a, b] = await runJobs([open, wide]);
    expect(a!.statuses).toEqual([200]);
    expect(b!.statuses).toEqual([403]);
  }, 60_000);

  it('runs a job whose <VirtualHost> serves its directory at its own root alone, and sends its rooted requests there', async () => {
    const open = { texts: { config: '<Directory "@DIR@">\n    Require all granted\n</Directory>', htaccess: {} }, requests: [{ path: '/f.html', from: '127.0.0.1' }] };
    // The main server's <Location "@LOC@/sub"> misses the host's URL /sub/f.html; the host's own <Location "/sub"> meets it.
    const rooted = {
      texts: {
        config: '<Directory "@DIR@">\n    Require all granted\n</Directory>\n<Location "@LOC@/sub">\n    Require all denied\n</Location>\n'
          + '<VirtualHost 127.0.0.1:@PORT@>\n    ServerName @NAME@\n    DocumentRoot "@DIR@"\n    <Location "/h">\n        Require all denied\n    </Location>\n</VirtualHost>',
        htaccess: {},
      },
      requests: [{ path: '/sub/f.html', from: '127.0.0.1', vhost: true, rooted: true }, { path: '/h/f.html', from: '127.0.0.1', vhost: true, rooted: true }],
    };
    const [a, b] = await runJobs([rooted, open]);
    // In a batch, the rooted job's host would come first and answer the other job's /s1/f.html from its own root (404).
    expect(a!.statuses).toEqual([200, 403]);
    expect(b!.statuses).toEqual([200]);
  }, 60_000);
});
