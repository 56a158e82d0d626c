/**
 * The real httpd 2.4 (`apache2 -t`) accepts what the changed-default and SSL rules write: for each rule a small
 * 2.2-style configuration is fixed (suggestions applied) and the output must pass the syntax
 * check. Where 2.4 refuses the 2.2 form, the input must fail, so the rewrite is shown to be needed.
 * Skipped when no httpd binary is installed.
 */
import { describe, expect, it } from 'vitest';
import explicitAllowOverride from '../../rules/explicit-allow-override.js';
import explicitChangedDefaults from '../../rules/explicit-changed-defaults.js';
import explicitOptions from '../../rules/explicit-options.js';
import noSslv2 from '../../rules/no-sslv2.js';
import preferFilterProviderExpr from '../../rules/prefer-filter-provider-expr.js';
import ssiLegacyExpr from '../../rules/ssi-legacy-expr.js';
import sslCaRevocationCheck from '../../rules/ssl-ca-revocation-check.js';
import sslLegacyDnStringFormat from '../../rules/ssl-legacy-dn-string-format.js';
import sslProxyCheckPeer from '../../rules/ssl-proxy-check-peer.js';
import type { Rule } from '../../src/engine/rule.js';
import { findHttpd, moduleLoadLines, syntaxCheck } from '../oracle/httpd.js';
import { runRule } from '../helpers/rule-tester.js';

const HEAD = `ServerRoot "@ROOT@"\nListen 127.0.0.1:18081\n${moduleLoadLines(['mpm_event', 'authz_core', 'filter', 'deflate', 'include', 'socache_shmcb', 'ssl', 'proxy', 'proxy_http'])}\n`;

interface OracleCase { rule: Rule; body: string; inputFails?: RegExp }

const CASES: OracleCase[] = [
  { rule: preferFilterProviderExpr, inputFails: /FilterProvider takes three arguments/, body: [
    'FilterDeclare COMPRESS',
    'FilterProvider COMPRESS DEFLATE resp=Content-Type $image/svg+xml',
    'FilterProvider COMPRESS DEFLATE Content-Type /^application\\/(javascript|json)/i',
    'FilterProvider COMPRESS DEFLATE env=no-gzip !=1',
    'FilterProvider COMPRESS DEFLATE req=User-Agent "!/MSIE [1-6]/"',
    'FilterProvider COMPRESS DEFLATE handler server-status',
  ].join('\n') },
  { rule: noSslv2, inputFails: /SSLv2 is no longer supported/, body: 'SSLProtocol +SSLv2 +TLSv1 +TLSv1.2\nSSLProxyProtocol all -SSLv2\nSSLCipherSuite ALL:!ADH:RC4+RSA:+HIGH:+SSLv2:+EXP' },
  { rule: sslCaRevocationCheck, body: '<VirtualHost 127.0.0.1:18081>\n  SSLCARevocationPath "@ROOT@"\n  SSLProxyCARevocationPath "@ROOT@"\n</VirtualHost>' },
  { rule: sslProxyCheckPeer, body: '<VirtualHost 127.0.0.1:18081>\n  SSLProxyEngine on\n  ProxyPass / https://127.0.0.1:9/\n</VirtualHost>' },
  { rule: sslLegacyDnStringFormat, body: '<Location /admin>\n  SSLRequire %{SSL_CLIENT_S_DN} eq "/O=Example/CN=Admin"\n</Location>' },
  { rule: ssiLegacyExpr, body: '<Directory "@ROOT@">\n  Options +Indexes +Includes\n</Directory>' },
  { rule: explicitAllowOverride, body: '<Directory "@ROOT@">\n  Require all granted\n</Directory>' },
  { rule: explicitOptions, body: '<Directory "@ROOT@">\n  Options -Indexes\n</Directory>' },
  { rule: explicitChangedDefaults, body: 'KeepAlive On' },
];

describe.skipIf(findHttpd() === null)('changed-default and SSL rule output passes apache2 -t', () => {
  it.each(CASES.map((c) => [c.rule.meta.id, c] as const))('%s', async (_id, c) => {
    const input = HEAD + c.body + '\n';
    const r = runRule(c.rule, input, '/etc/httpd/conf/httpd.conf');
    expect(r.output).not.toBe(input);
    const after = await syntaxCheck(r.output);
    expect(after.stderr).not.toMatch(/error/i);
    expect(after.ok).toBe(true);
    if (c.inputFails) {
      const before = await syntaxCheck(input);
      expect(before.ok).toBe(false);
      expect(before.stderr).toMatch(c.inputFails);
    }
  });
});
