import { describe, expect, it } from 'vitest';
import type { Disagreement } from './run.js';
import { candidates, logKinds, same } from './minimise.js';
import { configText, DEFAULT_VHOST, VHOST_ALIAS_LINE, VHOST_DOCROOT_LINE, VHOST_NAME_LINE } from './scenario.js';

const line = (dir: string, port: number, text: string) => `[Mon Nov 30 04:03:00.226816 2026] [core:alert] [pid 3431:tid 3437] [client 127.0.0.9:${port}] ${text.replaceAll('@', dir)}`;

function disagreement(log: string[]): Disagreement {
  return {
    check: 'a24', spec: { config: [], htaccess: {}, requests: [], tags: [] }, ran: { config: '', htaccess: {} },
    request: { method: 'BREW', path: '/sub/f.html', from: '127.0.0.9', user: 'alice', pass: 'good' },
    expected: { status: 200, by: 'authz_core' }, got: 500, log, refusals: [],
  };
}

describe('the minimiser\'s "same disagreement"', () => {
  const options = (dir: string, port: number) => [line(dir, port, '@/htdocs/s0/sub/.htaccess: Option SymLinksIfOwnerMatch not allowed here')];
  const noFile = [line('/x', 1, 'AH01619: AuthUserFile not specified in the configuration')];

  it('keeps to the same error: the same statuses from another cause are another disagreement', () => {
    // Seed 232000927: the minimiser dropped the AuthUserFile line and ended at that 500 instead of the Options one.
    expect(same(disagreement(options('/dev/shm/oracle-a', 35167)), disagreement(noFile))).toBe(false);
  });

  it('ignores what differs between runs: time, process, client port and the server root', () => {
    expect(same(disagreement(options('/dev/shm/oracle-a', 35167)), disagreement(options('/dev/shm/oracle-b', 40000)))).toBe(true);
    expect(logKinds(noFile)).toBe('AH01619');
    expect(same(disagreement([]), disagreement([]))).toBe(true);
  });
});

describe('the minimiser\'s candidates', () => {
  it('keep the <VirtualHost>\'s name, DocumentRoot and Alias while requests are sent at its root, and drop its other lines', () => {
    const vhost = { open: '<VirtualHost 127.0.0.1:@PORT@>', close: '</VirtualHost>', children: [VHOST_NAME_LINE, VHOST_DOCROOT_LINE, VHOST_ALIAS_LINE, 'KeepAlive On', { open: '<Location "/sub">', close: '</Location>', children: ['Deny from all'] }] };
    const spec = {
      config: [{ open: '<Directory "@DIR@">', close: '</Directory>', children: ['Order deny,allow'] }, { ...DEFAULT_VHOST, children: [...DEFAULT_VHOST.children] }, vhost],
      htaccess: {}, requests: [{ path: '/al/f.html', from: '127.0.0.1', vhost: true, rooted: true }, { path: '/f.html', from: '127.0.0.1' }],
      tags: [], vhost: true, docroot: true, mainToo: true,
    };
    const texts = candidates(spec).map(configText);
    // And the empty first host, which answers the requests that name no host.
    expect(texts.every((t) => t.includes(`${DEFAULT_VHOST.open}\n    ${DEFAULT_VHOST.children[0]}\n</VirtualHost>\n<VirtualHost`))).toBe(true);
    // Without them a request would miss its file (404), which can pass for the same disagreement.
    for (const l of [VHOST_NAME_LINE, VHOST_DOCROOT_LINE, VHOST_ALIAS_LINE]) expect(texts.every((t) => t.includes(l))).toBe(true);
    expect(texts.some((t) => !t.includes('KeepAlive On'))).toBe(true);
    expect(texts.some((t) => !t.includes('<Location "/sub">'))).toBe(true);
    expect(texts.some((t) => !t.includes('Order deny,allow'))).toBe(true);
  });
});
