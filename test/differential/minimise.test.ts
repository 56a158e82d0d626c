import { describe, expect, it } from 'vitest';
import type { Disagreement } from './run.js';
import { logKinds, same } from './minimise.js';

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
