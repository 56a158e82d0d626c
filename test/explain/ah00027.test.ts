import { describe, expect, it } from 'vitest';
import { explain } from '../../src/explain/messages.js';

/**
 * Real apache2 2.4.71 serving Debian squeeze's 2.2 tree (apache2.conf, mods-enabled, sites-enabled/000-default)
 * with the 2.2 module list plus mod_mpm_prefork, mod_access_compat and mod_authn_core: every URL answered 500
 * with this line, though the tree has no Require line. mod_authz_core was not loaded; loading it gave 200.
 */
const LINE = '[Fri Nov 27 17:38:22.329430 2026] [core:error] [pid 16706:tid 16706] [client 127.0.0.1:56136] AH00027: No authentication done but request not allowed without authentication for /. Authentication not configured?';

describe('explain: AH00027 from a 2.2 tree without mod_authz_core', () => {
  it('names the missing mod_authz_core as well as the Require line without AuthType', () => {
    const [e, ...rest] = explain(LINE);
    expect(rest).toEqual([]);
    expect(e!.id).toBe('AH00027');
    expect(e!.cause).toMatch(/mod_authz_core/);
    expect(e!.remedy).toMatch(/LoadModule authz_core_module/);
    expect(e!.ruleIds).toEqual(['load-implicit-modules', 'prefer-require']);
  });
});
