import { describe, expect, it } from 'vitest';
import { formatCase, parseCase } from './case-file.js';

describe('case.txt format', () => {
  it('reads back what it writes, .htaccess files and credentials included', () => {
    const c = {
      comments: ['found by seed 7', 'log: AH01797'], check: 'a22' as const,
      config: '<Directory "@DIR@">\n    Order deny,allow\n    Deny from all\n</Directory>',
      htaccess: { '': 'Satisfy Any', sub: 'Allow from 127.0.0.2\nRequire valid-user' },
      migrated: { config: '<Directory "@DIR@">\n    Require all denied\n</Directory>', htaccess: { sub: 'Require ip 127.0.0.2' } },
      requests: [
        { request: { method: 'GET', path: '/sub/f.html', from: '127.0.0.2', user: 'alice', pass: 'good' }, expected: 200 },
        { request: { method: 'POST', path: '/f.html', from: '127.0.1.7' }, expected: 403 },
        { request: { method: 'GET', path: '/al/f.html', from: '127.0.0.3', vhost: true }, expected: 401 },
        { request: { method: 'GET', path: '/sub/g.html', from: '127.0.0.5', vhost: true, rooted: true }, expected: 403 },
      ],
    };
    const text = formatCase(c);
    expect(parseCase('x', text)).toEqual({ name: 'x', ...c });
    expect(text).toContain('[htaccess sub]\nAllow from 127.0.0.2\nRequire valid-user\n[migrated config]');
    expect(text).toContain('[migrated htaccess sub]\nRequire ip 127.0.0.2\n[requests]');
    expect(text).toContain('GET /sub/f.html 127.0.0.2 alice:good => 200\n');
    // A request sent to the scenario's <VirtualHost> (with its name as Host).
    expect(text).toContain('GET /al/f.html 127.0.0.3 - vhost => 401\n');
    // One sent to it at its own root (the host serves the scenario's directory as its DocumentRoot).
    expect(text).toContain('GET /sub/g.html 127.0.0.5 - vhost-root => 403\n');
  });
});
