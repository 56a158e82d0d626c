import { describe, expect, it } from 'vitest';
import type { Rule } from '../../src/engine/rule.js';
import noNameVirtualHost from '../../rules/no-name-virtual-host.js';
import preferLogLevelDumpio from '../../rules/prefer-log-level-dumpio.js';
import preferLogLevelRewrite from '../../rules/prefer-log-level-rewrite.js';
import noRemovedDirective from '../../rules/no-removed-directive.js';
import noRemovedModules from '../../rules/no-removed-modules.js';
import loadModuleBuiltin from '../../rules/load-module-builtin.js';
import noDebugLevelOption from '../../rules/no-debug-level-option.js';
import { runRule } from '../helpers/rule-tester.js';

// Found by a helper's bug hunt on the real 2.4.71: each of these lines in a .htaccess (under AllowOverride All) was
// removed, or wrapped in <IfModule !…> that 2.4 skips, and its directory answered 200. 2.2 declared the directives
// for the server configuration (or <Directory>) only: it refused the line ("X not allowed here") and answered 500,
// as 2.4 does while the line stays.
const CASES: [Rule, string][] = [
  [noNameVirtualHost, 'NameVirtualHost *:80\n'],
  [preferLogLevelDumpio, 'DumpIOLogLevel debug\n'],
  [preferLogLevelRewrite, 'RewriteEngine On\nRewriteLogLevel 0\n'],
  [noRemovedDirective, 'MaxRequestsPerThread 4\n'],
  [noRemovedModules, 'LoadModule authn_default_module modules/mod_authn_default.so\n'],
  [loadModuleBuiltin, 'LoadModule log_config_module modules/mod_log_config.so\n'],
  [noDebugLevelOption, 'ExtFilterOptions DebugLevel=1\n'],
];

describe('a server-only 2.2 directive in a .htaccess', () => {
  for (const [rule, code] of CASES) {
    it(`${rule.meta.id}: ${code.trim().split('\n').pop()} is reported, not removed (2.2 answered 500 there)`, () => {
      const r = runRule(rule, code, '/srv/www/.htaccess');
      expect(r.output).toBe(code);
      expect(r.applied).toEqual([]);
      expect(r.remaining.map((p) => p.message)).toEqual([expect.stringMatching(/is not allowed in \.htaccess: 2\.2 refused the line \(".* not allowed here"\) and answered 500 .*answers 500 there too .*Removing the line would serve those requests/)]);
    });
  }

  it('the same lines in the server configuration are still fixed', () => {
    for (const [rule, code] of CASES) {
      if (rule === preferLogLevelRewrite) continue;
      const r = runRule(rule, code, '/etc/httpd/conf/httpd.conf');
      expect(r.output, rule.meta.id).not.toBe(code);
    }
  });
});
