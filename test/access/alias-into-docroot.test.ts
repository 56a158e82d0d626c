/**
 * An Alias whose directory lies under the DocumentRoot (`Alias /static /srv/www/assets`) serves the same files under two
 * URLs, and each URL meets its own <Location> sections. The prover probed each file under the Alias URL only, so a
 * rewrite that changed what the DocumentRoot's URL answers went through unseen. Found by the extended differential
 * generator's Alias (seeds 204000237 and 204000250: fixtures/_differential/alias-docroot-*, which the real 2.4.68
 * answers otherwise than 2.2 did on the code before).
 */
import { describe, expect, it } from 'vitest';
import { urlMapping } from '../../src/access/compare/index.js';
import { migrateText } from './prove-helpers.js';
import { model } from './helpers.js';

describe('an Alias into the DocumentRoot', () => {
  it('maps a file to every URL that serves it, the Alias URL first', () => {
    const m = model('DocumentRoot /srv/www\nAlias /static /srv/www/assets\nAlias /static/old /srv/www/assets/old\n', '2.4');
    const { toUrls } = urlMapping(m, '');
    expect(toUrls('/srv/www/assets/a.css')).toEqual(['/static/a.css', '/assets/a.css']);
    // Both Aliases give /static/old/b.css (mod_alias takes the first that matches): two URLs.
    expect(toUrls('/srv/www/assets/old/b.css')).toEqual(['/static/old/b.css', '/assets/old/b.css']);
    expect(toUrls('/srv/www/index.html')).toEqual(['/index.html']);
    // An Alias outside the DocumentRoot: one URL, as before.
    expect(urlMapping(model('DocumentRoot /srv/www\nAlias /icons /usr/share/icons\n', '2.4'), '').toUrls('/usr/share/icons/a.png')).toEqual(['/icons/a.png']);
  });

  it('holds back a rewrite that changes what the DocumentRoot URL answers, naming that request', () => {
    // 2.2: app.css asks for credentials (the <Files> lines are host lines, the <Directory>'s Require stays); under
    // /static/ the <Location> denies everyone, in both versions. In 2.4 the <Files> rewritten to Require would replace
    // the <Directory>'s Require valid-user: GET /assets/app.css 401 before, 200 after. Only the DocumentRoot's URL shows it.
    const input = 'DocumentRoot /srv/www\nAlias /static /srv/www/assets\n<Directory /srv/www>\n    <Files "app.css">\n        Deny from 10.9.9.9\n'
      + '    </Files>\n</Directory>\n<Location /static>\n    Deny from all\n</Location>\n'
      + '<Directory /srv/www/assets>\n    AuthType Basic\n    AuthName x\n    AuthUserFile /etc/htpasswd\n    Require valid-user\n</Directory>\n';
    const { output, messages } = migrateText(input);
    expect(messages.join('\n')).toMatch(/<Files "app\.css"> is left with its 2\.2 Deny lines: the rewrite would change an outcome: GET \/assets\/app\.css from [\d.]+, no credentials: 401 before, 200 after/);
    expect(output).toContain('    <Files "app.css">\n        Deny from 10.9.9.9\n');
  });
});
