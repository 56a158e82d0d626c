import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';
import rule from '../../rules/build-notes.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['User daemon\nOrder deny,allow\n', '# LoadModule foo_module modules/mod_foo.so\n'],
  invalid: [
    {
      name: 'names config.nice and the modules this configuration needs',
      code: 'LoadModule proxy_balancer_module /usr/lib/apache2/modules/mod_proxy_balancer.so\nProxySet lbmethod=bytraffic\n',
      output: null,
      errors: [new RegExp('^Building 2\\.4: the configure command line used for 2\\.2 is recorded in build/config\\.nice .*'
        + 'LoadModule slotmem_shm_module /usr/lib/apache2/modules/mod_slotmem_shm\\.so .*'
        + 'LoadModule lbmethod_byrequests_module /usr/lib/apache2/modules/mod_lbmethod_byrequests\\.so .*'
        + 'LoadModule authz_core_module .*'
        + 'LoadModule lbmethod_bytraffic_module /usr/lib/apache2/modules/mod_lbmethod_bytraffic\\.so \\(lbmethod=bytraffic\\)\\. '
        + 'If 2\\.4 is built with a loadable MPM.*"No MPM loaded\\."\\.$')],
    },
    {
      name: 'leaves out modules already loaded and the MPM note when an MPM is loaded',
      code: 'LoadModule mpm_event_module modules/mod_mpm_event.so\r\nLoadModule authz_core_module modules/mod_authz_core.so\r\nLoadModule authn_core_module modules/mod_authn_core.so\r\nLoadModule disk_cache_module modules/mod_disk_cache.so\r\nAddOutputFilterByType DEFLATE text/html\r\n',
      output: null,
      errors: [/Build these modules and load them: LoadModule cache_disk_module modules\/mod_cache_disk\.so \(mod_disk_cache is mod_cache_disk in 2\.4\); LoadModule filter_module modules\/mod_filter\.so \(AddOutputFilterByType\)\.$/],
    },
    {
      name: 'asks for mod_authn_core only when AuthType or AuthName is used',
      code: 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule authz_core_module modules/mod_authz_core.so\n<Location /a>\nAuthType Basic\n</Location>\n',
      output: null,
      errors: [/load them: LoadModule authn_core_module modules\/mod_authn_core\.so \(AuthType and AuthName\)\.$/],
    },
    {
      code: 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule authz_core_module modules/mod_authz_core.so\n',
      output: null,
      errors: [/No further modules are needed by this configuration\.$/],
    },
    {
      name: 'does not ask for mod_access_compat for Order lines only 2.2 reads (a dual-version block, an <IfVersion < 2.4>)',
      code: 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule authz_core_module modules/mod_authz_core.so\n<Directory /srv>\n  <IfModule !mod_authz_core.c>\n    Order allow,deny\n  </IfModule>\n  <IfVersion < 2.4>\n    Deny from all\n  </IfVersion>\n</Directory>\n',
      output: null,
      errors: [/No further modules are needed by this configuration\.$/],
    },
    {
      name: 'does not ask for the module a moved directive went to for a line inside <IfModule> of that module, as load-implicit-modules',
      code: 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule authz_core_module modules/mod_authz_core.so\n<IfModule mod_proxy_ftp.c>\n  ProxyFtpDirCharset UTF-8\n</IfModule>\n',
      output: null,
      errors: [/No further modules are needed by this configuration\.$/],
    },
    {
      name: 'does not ask for the module a moved directive went to for a line inside an <IfModule> 2.2 read as false, as load-implicit-modules',
      code: 'LoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule authz_core_module modules/mod_authz_core.so\n<IfModule mod_proxy.c>\n  AllowCONNECT 443\n</IfModule>\n',
      output: null,
      errors: [/No further modules are needed by this configuration\.$/],
    },
  ],
});

describe('build-notes over a tree', () => {
  it('gives one verdict per tree, in the first file with LoadModule lines, counting the modules every file loads', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'conf.d'));
    writeFileSync(join(cwd, 'httpd.conf'), 'ServerRoot "."\nLoadModule mpm_prefork_module modules/mod_mpm_prefork.so\nLoadModule authz_core_module modules/mod_authz_core.so\nInclude conf.d/*.conf\n');
    writeFileSync(join(cwd, 'conf.d/ssl.conf'), 'LoadModule ssl_module modules/mod_ssl.so\nLoadModule filter_module modules/mod_filter.so\n');
    writeFileSync(join(cwd, 'conf.d/deflate.conf'), 'AddOutputFilterByType DEFLATE text/html\n');
    const r = await runCli(['check', '--format', 'json', '--only', 'build-notes', 'httpd.conf'], { cwd });
    const notes = JSON.parse(r.stdout).files.flatMap((f: { findings: { ruleId: string; path: string; message: string }[] }) => f.findings).filter((f: { ruleId: string }) => f.ruleId === 'build-notes');
    expect(notes).toHaveLength(1);
    expect(notes[0].path).toBe('httpd.conf');
    // mod_filter (for AddOutputFilterByType) is loaded by ssl.conf, so nothing further is needed.
    expect(notes[0].message).toMatch(/No further modules are needed by this configuration\.$/);
  });
});
