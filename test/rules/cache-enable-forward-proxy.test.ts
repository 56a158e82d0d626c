import { describe, expect, it } from 'vitest';
import rule from '../../rules/cache-enable-forward-proxy.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { runOnTree } from '../helpers/include-tree.js';

const ADDED = 'CacheEnable disk http://*:\nCacheEnable disk https://*:\nCacheEnable disk ftp://*:\n';

ruleTester(rule, {
  valid: [
    'CacheEnable disk /\n',
    'ProxyRequests Off\nCacheEnable disk /\n',
    `ProxyRequests On\nCacheEnable disk /\n${ADDED}`,
    'ProxyRequests On\nCacheEnable disk /\nCacheEnable disk http://*:/\nCacheEnable disk https://*:/\nCacheEnable disk ftp://*:\n',
    'ProxyRequests On\nCacheEnable disk /docs\nCacheEnable disk http://*:/docs\nCacheEnable disk https://*:/docs\nCacheEnable disk ftp://*:/docs\n',
    'CacheEnable disk /docs\nCacheDisable /docs/private\n',
    'ProxyRequests On\nCacheDisable /docs/private\n',
    'ProxyRequests On\nCacheEnable disk docs\n',
    '<VirtualHost *:80>\nProxyRequests Off\nCacheEnable disk /\n</VirtualHost>\nProxyRequests On\n',
    '<VirtualHost *:80>\nProxyRequests On\n</VirtualHost>\n<VirtualHost *:81>\nCacheEnable disk /\n</VirtualHost>\n',
    'ProxyRequests On\n<Location /a>\nCacheEnable disk /\n</Location>\n',
  ],
  invalid: [
    {
      name: 'a path prefix also matched proxied URLs in 2.2, and so did CacheDisable (bug hunt)',
      code: 'ProxyRequests On\nCacheEnable disk /docs\nCacheDisable /docs/private\n',
      output: 'ProxyRequests On\nCacheEnable disk /docs\nCacheEnable disk http://*:/docs\nCacheEnable disk https://*:/docs\nCacheEnable disk ftp://*:/docs\n'
        + 'CacheDisable /docs/private\nCacheDisable http://*:/docs/private\nCacheDisable https://*:/docs/private\nCacheDisable ftp://*:/docs/private\n',
      errors: [
        /^In 2\.2, "CacheEnable disk \/docs" also cached what this forward proxy \(ProxyRequests On\) fetched from any host under the path \/docs\. .*add after this line: CacheEnable disk http:\/\/\*:\/docs \/ /,
        /^In 2\.2, "CacheDisable \/docs\/private" also kept this forward proxy .*add after this line: CacheDisable http:\/\/\*:\/docs\/private \/ /,
      ],
    },
    {
      code: 'ProxyRequests On\nCacheEnable disk /\n',
      output: `ProxyRequests On\nCacheEnable disk /\n${ADDED}`,
      errors: [/^In 2\.2, "CacheEnable disk \/" also cached .*add after this line: CacheEnable disk http:\/\/\*: \/ CacheEnable disk https:\/\/\*: \/ CacheEnable disk ftp:\/\/\*:\. \("\*:" stands for any host and any port: a bare http:\/\/ would match port 80 only\.\)$/],
    },
    {
      name: 'adds only the missing protocols, with the same type, and a bare http:// does not count',
      code: '\tcacheenable mem /\r\n\tCacheEnable mem http://\r\n\tCacheEnable mem ftp://*:/\r\n\tProxyRequests on',
      output: '\tcacheenable mem /\r\n\tcacheenable mem http://*:\r\n\tcacheenable mem https://*:\r\n\tCacheEnable mem http://\r\n\tCacheEnable mem ftp://*:/\r\n\tProxyRequests on',
      errors: ['cacheenable mem http://*: / cacheenable mem https://*:.'],
    },
    {
      name: 'a main-server CacheEnable also covered the forward proxy of a virtual host',
      code: 'CacheEnable disk /\n<VirtualHost *:3128>\n  ProxyRequests On\n</VirtualHost>\n',
      output: `CacheEnable disk /\n${ADDED}<VirtualHost *:3128>\n  ProxyRequests On\n</VirtualHost>\n`,
      errors: ['ProxyRequests On'],
    },
    {
      name: 'a virtual host inherits ProxyRequests from the main server',
      code: 'ProxyRequests On\n<VirtualHost *:3128>\n  CacheEnable disk /\n</VirtualHost>\n',
      output: 'ProxyRequests On\n<VirtualHost *:3128>\n  CacheEnable disk /\n  CacheEnable disk http://*:\n  CacheEnable disk https://*:\n  CacheEnable disk ftp://*:\n</VirtualHost>\n',
      errors: ['no longer cached'],
    },
  ],
});

// Found by a helper's bug hunt: ProxyRequests On in httpd.conf and CacheEnable disk / in an Included
// conf/extra/cache.conf (the stock 2.2 layout) were not seen as one forward proxy, and write left the proxied
// content uncached in 2.4. The rule read ProxyRequests in the same file only.
describe('a forward proxy and its cache in two files of the tree', () => {
  it('gets the protocol forms in the Included file', () => {
    const r = runOnTree(rule, {
      'httpd.conf': 'ServerRoot "${dir}"\nListen 3128\nProxyRequests On\nInclude conf/extra/cache.conf\n',
      'conf/extra/cache.conf': '<IfModule mod_disk_cache.c>\n  CacheEnable disk /\n</IfModule>\n',
    }, 'conf/extra/cache.conf');
    expect(r.output).toBe('<IfModule mod_disk_cache.c>\n  CacheEnable disk /\n  CacheEnable disk http://*:\n  CacheEnable disk https://*:\n  CacheEnable disk ftp://*:\n</IfModule>\n');
  });

  it('a virtual host Included from the main file inherits its ProxyRequests', () => {
    const r = runOnTree(rule, {
      'httpd.conf': 'ServerRoot "${dir}"\nListen 3128\nProxyRequests On\nInclude sites/*.conf\n',
      'sites/proxy.conf': '<VirtualHost *:3128>\n  CacheEnable disk /\n</VirtualHost>\n',
    }, 'sites/proxy.conf');
    expect(r.output).toBe('<VirtualHost *:3128>\n  CacheEnable disk /\n  CacheEnable disk http://*:\n  CacheEnable disk https://*:\n  CacheEnable disk ftp://*:\n</VirtualHost>\n');
  });

  it('a virtual host of another file that turns the proxy off keeps its line alone', () => {
    const r = runOnTree(rule, {
      'httpd.conf': 'ServerRoot "${dir}"\nListen 3128\nProxyRequests On\n<VirtualHost *:80>\n  Include conf/vh.conf\n</VirtualHost>\n',
      'conf/vh.conf': 'ProxyRequests Off\nCacheEnable disk /\n',
    }, 'conf/vh.conf');
    expect(r.applied).toEqual([]);
  });
});
