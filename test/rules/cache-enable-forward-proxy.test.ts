import rule from '../../rules/cache-enable-forward-proxy.js';
import { ruleTester } from '../helpers/rule-tester.js';

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
