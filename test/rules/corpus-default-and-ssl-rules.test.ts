/**
 * Runs each rule about changed defaults, SSL, filters and includes over every real corpus
 * file, alone and all together: no crash, no internal failure, the output re-parses without new
 * errors, and a second run changes nothing. Prints the number of findings per rule.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import explicitAllowOverride from '../../rules/explicit-allow-override.js';
import explicitChangedDefaults from '../../rules/explicit-changed-defaults.js';
import explicitOptions from '../../rules/explicit-options.js';
import htpasswdMd5 from '../../rules/htpasswd-md5.js';
import noSslv2 from '../../rules/no-sslv2.js';
import preferFilterProviderExpr from '../../rules/prefer-filter-provider-expr.js';
import ssiLegacyExpr from '../../rules/ssi-legacy-expr.js';
import sslCaRevocationCheck from '../../rules/ssl-ca-revocation-check.js';
import sslLegacyDnStringFormat from '../../rules/ssl-legacy-dn-string-format.js';
import sslProxyCheckPeer from '../../rules/ssl-proxy-check-peer.js';
import { lintFile } from '../../src/engine/run.js';
import { LineCounter } from '../../src/parse/line-counter.js';
import type { Rule } from '../../src/engine/rule.js';
import { projectOf } from '../../src/project/project.js';
import { CORPUS_DIR, requireCorpusOrSkip } from '../helpers/corpus.js';
import { describeOverCorpus } from '../helpers/corpus-run.js';
import { sourceFile } from '../helpers/source-file.js';

const defaultAndSslRules: Rule[] = [
  explicitAllowOverride, explicitChangedDefaults, explicitOptions, htpasswdMd5, noSslv2, preferFilterProviderExpr,
  ssiLegacyExpr, sslCaRevocationCheck, sslLegacyDnStringFormat, sslProxyCheckPeer,
];

const data = requireCorpusOrSkip();

describeOverCorpus('changed-default and SSL', defaultAndSslRules, { title: 'each rule runs, re-parses and is idempotent', alone: true });

describe.skipIf(data.skip)('changed-default and SSL rules over the Debian squeeze tree as one project', () => {
  const dir = join(CORPUS_DIR, 'debian-squeeze-apache2-2.2.16/debian/config-dir');
  const rels = () => ['apache2.conf', 'ports.conf',
    ...readdirSync(join(dir, 'mods-available')).filter((f) => f.endsWith('.conf')).map((f) => `mods-available/${f}`),
    ...readdirSync(join(dir, 'conf.d')).map((f) => `conf.d/${f}`), 'sites-available/default', 'sites-available/default-ssl'];

  it('judges each file with the others in sight', () => {
    const files = rels().map((rel) => sourceFile(join(dir, rel), readFileSync(join(dir, rel), 'latin1'), { display: rel }));
    const project = projectOf(files);
    const found = files.flatMap((f) => {
      const lines = new LineCounter(f.ast.text);
      return lintFile(f.ast, defaultAndSslRules, project).map((p) => `${f.display}:${lines.position(p.start).line} ${p.ruleId} ${p.message.split(':')[0]}`);
    });
    // Every <Directory> sets AllowOverride and Options itself or sits below the virtual host's <Directory />,
    // apache2.conf already says Timeout 300, and ports.conf and the *.conf snippets are no main configuration.
    expect(found).toEqual([
      'apache2.conf:62 explicit-changed-defaults No EnableSendfile line in the configuration',
      'apache2.conf:62 explicit-changed-defaults No FileETag line in the configuration',
      'mods-available/ssl.conf:63 no-sslv2 SSLProtocol names SSLv2',
      'mods-available/userdir.conf:7 ssi-legacy-expr Options enables server-side includes here',
      'sites-available/default-ssl:126 ssl-legacy-dn-string-format This scope exports them to scripts with SSLOptions +StdEnvVars',
      'sites-available/default-ssl:129 ssl-legacy-dn-string-format This scope exports them to scripts with SSLOptions +StdEnvVars',
    ]);
  });
});
