/**
 * A refusal's counterexample as a request the oracle can send (counterexample.ts), no server: the main server's URLs are
 * under the scenario's @LOC@, and a <VirtualHost> serving the scenario's directory at its root takes them as they are.
 */
import { describe, expect, it } from 'vitest';
import { describedRequest, sendable } from './counterexample.js';
import { modelOf } from './predict.js';
import { reachable } from './run.js';
import { DEFAULT_VHOST, MODEL_DIR, MODEL_VHOST, type ScenarioSpec, VHOST_ALIAS_LINE, VHOST_DOCROOT_LINE, VHOST_NAME_LINE } from './scenario.js';

const said = (what: string) => `prefer-require: <Location "/sub"> is left with its 2.2 Order/Deny lines: the rewrite would change an outcome: ${what}: 403 before, 200 after (authz_host before, authz_core after).`;

describe('describedRequest', () => {
  it('reads a main-server request under /scn, and one on the scenario\'s host at its root', () => {
    expect(describedRequest(said('GET /scn/sub/f.html from 10.0.0.1, no credentials'))).toMatchObject({ vhost: '', path: '/scn/sub/f.html', file: `${MODEL_DIR}/sub/f.html`, ip: '10.0.0.1' });
    expect(describedRequest(said(`GET /sub/f.html on <VirtualHost ${MODEL_VHOST}> from 10.0.0.1, no credentials`)))
      .toMatchObject({ vhost: MODEL_VHOST, path: '/sub/f.html', file: `${MODEL_DIR}/sub/f.html` });
    // The host's own Alias (VHOST_ALIAS_LINE) serves @DIR@/sub at /al.
    expect(describedRequest(said(`POST /al/g.html on <VirtualHost ${MODEL_VHOST}> from 127.0.0.5 (localhost), user alice (groups staff)`)))
      .toMatchObject({ vhost: MODEL_VHOST, method: 'POST', path: '/al/g.html', file: `${MODEL_DIR}/sub/g.html`, host: 'localhost', credentials: { user: 'alice', groups: ['staff'] } });
  });

  it('leaves out what the harness cannot lay out: a root path on the main server, another host, a directory', () => {
    expect(describedRequest(said('GET /sub/f.html from 10.0.0.1, no credentials'))).toBeNull();
    expect(describedRequest(said('GET /sub/f.html on <VirtualHost 127.0.0.1:80 other.example.test> from 10.0.0.1, no credentials'))).toBeNull();
    expect(describedRequest(said('GET /scn/sub/f.html from 10.0.0.1, no credentials, the path being a directory'))).toBeNull();
  });
});

describe('sendable', () => {
  it('sends a request on the host at its root as it is (rooted), and a main-server one relative to @LOC@', () => {
    const texts = {
      config: '<Directory "@DIR@">\n    Order allow,deny\n    Allow from all\n</Directory>\n'
        + '<VirtualHost 127.0.0.1:@PORT@>\n    ServerName @NAME@\n    DocumentRoot "@DIR@"\n    <Location "/sub">\n        Order deny,allow\n        Deny from all\n    </Location>\n</VirtualHost>',
      htaccess: {},
    };
    const [m22, m24] = [modelOf(texts, '2.2'), modelOf(texts, '2.4')];
    const onHost = describedRequest(said(`GET /sub/f.html on <VirtualHost ${MODEL_VHOST}> from 10.0.0.1, no credentials`))!;
    expect(sendable(onHost, m22, m24)).toEqual({ method: 'GET', path: '/sub/f.html', from: '127.0.0.3', vhost: true, rooted: true });
    const onMain = describedRequest(said('GET /scn/sub/f.html from 10.0.0.1, no credentials'))!;
    expect(sendable(onMain, m22, m24)).toEqual({ method: 'GET', path: '/sub/f.html', from: '127.0.0.3' });
  });
});

describe('reachable: which counterexamples a scenario sends', () => {
  const host = (...lines: string[]) => ({ open: '<VirtualHost 127.0.0.1:@PORT@>', close: '</VirtualHost>', children: [VHOST_NAME_LINE, VHOST_DOCROOT_LINE, ...lines] });
  const dir = { open: '<Directory "@DIR@">', close: '</Directory>', children: [] };
  const docroot = (...lines: string[]): ScenarioSpec => ({
    config: [dir, { ...DEFAULT_VHOST, children: [...DEFAULT_VHOST.children] }, host(...lines)], htaccess: {}, requests: [], tags: [], vhost: true, docroot: true, mainToo: true,
  });
  const rooted = (path: string) => ({ path, from: '127.0.0.3', vhost: true, rooted: true });

  it('sends an /al/ URL only where an Alias maps it (seed 261000268: 404 on the server, 500 for @DIR@/sub in the evaluator)', () => {
    expect(reachable(docroot(), rooted('/al/f.html'))).toBe(false);
    expect(reachable(docroot(VHOST_ALIAS_LINE), rooted('/al/f.html'))).toBe(true);
    expect(reachable(docroot(), rooted('/sub/f.html'))).toBe(true);
    // The main server's /al/ is ALIAS_LINE's.
    expect(reachable(docroot(), { path: '/al/f.html', from: '127.0.0.3' })).toBe(false);
    expect(reachable({ ...docroot(), alias: true }, { path: '/al/f.html', from: '127.0.0.3' })).toBe(true);
  });

  it('sends to the hosts the scenario\'s own requests go to', () => {
    const plain: ScenarioSpec = { config: [dir], htaccess: {}, requests: [], tags: [] };
    expect(reachable(plain, { path: '/f.html', from: '127.0.0.3' })).toBe(true);
    expect(reachable(plain, { path: '/f.html', from: '127.0.0.3', vhost: true })).toBe(false);
    // The host at its root, not under @LOC@; the main server only where the empty first host answers for it.
    expect(reachable(docroot(), { path: '/f.html', from: '127.0.0.3', vhost: true })).toBe(false);
    expect(reachable(docroot(), { path: '/f.html', from: '127.0.0.3' })).toBe(true);
    expect(reachable({ ...docroot(), mainToo: false }, { path: '/f.html', from: '127.0.0.3' })).toBe(false);
  });
});
