import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { runRules } from '../helpers/corpus-run.js';

// Lines inside an <IfVersion> false for 2.4 are skipped by 2.4 and still read by 2.2: no rule needs to touch them,
// and a rewrite there (MaxRequestWorkers, Header … "expr=…", KeepAlive On…) only breaks the 2.2 branch of a
// dual-version tree. Found by a helper's bug hunt: keep-alive-on-off, no-default-type, no-name-virtual-host,
// prefer-max-request-workers, prefer-max-connections-per-child, no-removed-directive, proxy-scgi-pathinfo and
// ssl-require-oid rewrote such lines, and no-mixed-options said 2.4 would refuse to start on one.
const LINES = [
  'KeepAlive yes', 'DefaultType text/plain', 'NameVirtualHost *:80', 'MaxClients 10', 'MaxRequestsPerChild 100',
  'CookieLog logs/cookie', 'MaxRequestsPerThread 5', 'CacheIgnoreURLSessionIdentifiers sid', 'AddOutputFilterByType DEFLATE text/html',
  'ProxyPass /scgi scgi://127.0.0.1:4000/', 'DavLockDB /var/lock/dav', 'Substitute s/a/b/', 'SSLRequire %{SSL_CLIENT_S_DN_O} in OID("1.2.3")',
  'SSLEngine optional', 'Options +Indexes -FollowSymLinks Includes', '<VirtualHost _default_:80>', '</VirtualHost>',
];
const BLOCK = `<IfVersion < 2.4>\n${LINES.map((l) => `  ${l}\n`).join('')}</IfVersion>\n`;
const TREE = `ServerRoot /etc/httpd\nListen 80\nLoadModule version_module modules/mod_version.so\nLoadModule headers_module modules/mod_headers.so\nNameVirtualHost *:80\n<VirtualHost *:80>\nServerName a\n</VirtualHost>\n${BLOCK}`;

describe('a block 2.4 skips (<IfVersion < 2.4>)', () => {
  it('is left as it is, with no finding inside it', () => {
    const r = runRules(allRules, TREE, '/etc/httpd/conf/httpd.conf');
    expect(r.output).toContain(BLOCK);
    const start = TREE.indexOf(BLOCK);
    const inside = [...r.applied, ...r.remaining].filter((p) => p.start > start && p.start < start + BLOCK.length - '</IfVersion>\n'.length);
    expect(inside.map((p) => `${p.ruleId}: ${p.message.slice(0, 60)}`)).toEqual([]);
  });
});
