/**
 * URL-to-file mappings the prover does not follow (found by a helper's bug hunt): AliasMatch,
 * ScriptAliasMatch, UserDir, ProxyPass, a server-level RewriteRule, AcceptPathInfo On. Through them
 * a <Location> and a file-system section meet on one request; 2.2 combined their access lines, and
 * in 2.4 the Require of one replaces the other's (semantics §2.1, §4.5), so the rewrite of either
 * alone gave 401 -> 200 or 403 -> 200 on the real server. The rewrite is refused, naming the line.
 */
import { describe, expect, it } from 'vitest';
import { migrateText } from './prove-helpers.js';

const AUTH = '    AuthType Basic\n    AuthName x\n    AuthUserFile /etc/htpasswd\n    Require valid-user\n';
const OPEN = '    Order allow,deny\n    Allow from all\n';
const ONLY = '    Order deny,allow\n    Deny from all\n    Allow from 10.0.0.2\n';

const cases: [string, string, string, string][] = [
  ['AliasMatch', 'AliasMatch ^/pm/(.*)$ /opt/pm/$1\n', `<Directory /opt/pm>\n${AUTH}</Directory>\n`, `<Location /pm>\n${OPEN}</Location>\n`],
  ['ScriptAliasMatch', 'ScriptAliasMatch ^/cgi-bin/(.*) /opt/cgi/$1\n', `<Directory /opt/cgi>\n${AUTH}</Directory>\n`, `<Location /cgi-bin>\n${OPEN}</Location>\n`],
  ['RewriteRule', 'RewriteEngine On\nRewriteRule ^/docs/(.*)$ /opt/private/$1\n', `<Directory /opt/private>\n${AUTH}</Directory>\n`, `<Location /docs>\n${OPEN}</Location>\n`],
  ['UserDir', 'UserDir /home/*/public_html\n', `<Directory /home/bob/public_html>\n${AUTH}</Directory>\n`, `<Location /~bob>\n${OPEN}</Location>\n`],
  ['ProxyPass', 'ProxyPass /api http://127.0.0.1:9/api\n', `<Proxy *>\n${ONLY}</Proxy>\n`, `<Location /api>\n${AUTH}</Location>\n`],
  ['AcceptPathInfo On', 'AcceptPathInfo On\n', `<Files "index.php">\n${AUTH}</Files>\n`, `<LocationMatch "^/index\\.php/admin$">\n${ONLY}</LocationMatch>\n`],
];

describe('a <Location> and a file-system section joined by a mapping the proof does not follow', () => {
  it.each(cases)('%s: neither section is rewritten, and the finding names the line', (name, mapping, fs, loc) => {
    const input = `DocumentRoot /srv/www\n${mapping}${fs}${loc}`;
    const { output, messages } = migrateText(input);
    expect(output).toBe(input);
    const line = mapping.split('\n').length - 1 + 1;
    const refusals = messages.filter((m) => m.includes(`${name} at test.conf:${line} maps URLs to files in a way the proof does not follow`));
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatch(/<(Location|LocationMatch) [^>]+> \(test\.conf:\d+\) and <(Directory|Files|Proxy) [^>]+> \(test\.conf:\d+\) could then apply to one request/);
  });

  it('does not say the two, kept as written, answer as 2.2 did: the requests the mapping joins them on are not compared', () => {
    // A helper's hunt of whole trees: so said of this pair, POST /am/a/c/f.html as an unknown user answered 403 on the real
    // 2.4.71 with mod_access_compat, where 2.2 answered 401 (the <Directory>'s Satisfy Any asked for credentials).
    const input = 'DocumentRoot /srv/www\nAliasMatch ^/am/(.*)$ "/srv/ext2/$1"\n<Directory "/srv/ext2">\n    AuthType Basic\n    AuthName x\n'
      + '    AuthUserFile /etc/htpasswd\n    AuthGroupFile /etc/groups\n    Require group admins\n    Satisfy Any\n</Directory>\n<LocationMatch "/a/c/">\n    Order allow,deny\n</LocationMatch>\n';
    const refusals = migrateText(input).messages.filter((m) => m.includes('maps URLs to files in a way the proof does not follow'));
    expect(refusals).toHaveLength(2);
    for (const m of refusals) expect(m).not.toContain('answers as 2.2 did');
  });

  it('still rewrites when the context holds access lines in sections of one kind only', () => {
    const input = `DocumentRoot /srv/www\nAliasMatch ^/pm/(.*)$ /opt/pm/$1\n<Location /pm>\n${ONLY}</Location>\n<Directory /opt/pm>\n    Options None\n</Directory>\n`;
    expect(migrateText(input).output).toContain('<Location /pm>\n    Require ip 10.0.0.2\n</Location>');
  });

  // The stock 2.2 tree: AliasMatch ^/manual… beside <Location /server-status> and <Directory …/htdocs>: no request meets both through it.
  it('still rewrites sections the mapping cannot join: its URLs and its targets lie elsewhere', () => {
    const input = 'DocumentRoot /srv/www\nAliasMatch ^/manual(?:/(?:de|en))?(/.*)?$ /opt/manual$1\n'
      + `<Directory /srv/www>\n${OPEN}</Directory>\n<Location /server-status>\n${ONLY}</Location>\n<Directory /opt/manual>\n${ONLY}</Directory>\n`;
    const { output, messages } = migrateText(input);
    expect(messages.filter((m) => m.includes('maps URLs to files'))).toEqual([]);
    expect(output).toContain('<Location /server-status>\n    Require ip 10.0.0.2\n</Location>');
    expect(output).toContain('<Directory /srv/www>\n    Require all granted\n</Directory>');
    // A <Location> under its URLs with a section under its targets: held back.
    const joined = migrateText(input.replace('<Location /server-status>', '<Location /manual/en>'));
    expect(joined.messages.filter((m) => m.includes('AliasMatch at test.conf:2 maps URLs to files'))).toHaveLength(2);
  });

  it('does not count mappings that map nothing: a redirect, ProxyPass !, UserDir disabled', () => {
    const input = 'DocumentRoot /srv/www\nRewriteEngine On\nRewriteRule ^/old/(.*)$ http://example.com/$1 [R=301,L]\nRewriteRule ^/x - [F]\n'
      + `ProxyPass /api !\nUserDir disabled\n<Directory /srv/www/priv>\n${ONLY}</Directory>\n<Location /pub>\n${OPEN}</Location>\n`;
    const { output } = migrateText(input);
    expect(output).toContain('<Directory /srv/www/priv>\n    Require ip 10.0.0.2\n</Directory>');
    expect(output).toContain('<Location /pub>\n    Require all granted\n</Location>');
  });

  it('applies a main-server ProxyPass in the virtual hosts, but not a main-server RewriteRule (not inherited)', () => {
    const vhost = `<VirtualHost *:80>\nServerName a.test\nDocumentRoot /srv/a\n<Proxy *>\n${ONLY}</Proxy>\n<Location /api>\n${AUTH}</Location>\n</VirtualHost>\n`;
    const proxied = migrateText(`DocumentRoot /srv/www\nProxyPass /api http://127.0.0.1:9/api\n${vhost}`);
    expect(proxied.output).toContain(`<Proxy *>\n${ONLY}</Proxy>`);
    expect(proxied.messages.some((m) => m.includes('ProxyPass at test.conf:2 maps URLs'))).toBe(true);
    const rewritten = migrateText(`DocumentRoot /srv/www\nRewriteEngine On\nRewriteRule ^/api/(.*)$ /opt/api/$1\n${vhost}`);
    expect(rewritten.messages.some((m) => m.includes('RewriteRule at'))).toBe(false);
  });
});

// Debian's userdir.conf (found on a Debian squeeze tree): `UserDir disabled root` after `UserDir /home/*/public_html`
// was read as a second mapping to anywhere, so every file-system section (the /icons <Directory>…) was held back
// with an unanchored <LocationMatch> of another site. mod_userdir's set_user_dir: `enabled|disabled <names>` only
// switches users; the directories stay those another line names (or the default public_html, in each home).
describe('UserDir enabled|disabled <names>', () => {
  const sections = `<Directory /usr/share/icons>\n${OPEN}</Directory>\n<LocationMatch "/trac/[^/]+/login">\n${AUTH}</LocationMatch>\n`;

  it('maps nothing of its own where another UserDir line names the directories', () => {
    for (const lines of ['UserDir /home/*/public_html\nUserDir disabled root\n', 'UserDir disabled root\nUserDir enabled bob\nUserDir /home/*/public_html\n']) {
      const { output, messages } = migrateText(`DocumentRoot /srv/www\n${lines}${sections}`);
      expect(messages.filter((m) => m.includes('maps URLs to files'))).toEqual([]);
      expect(output).toContain('<Directory /usr/share/icons>\n    Require all granted\n</Directory>');
    }
  });

  it('a virtual host\'s line uses the main server\'s directories', () => {
    const { messages } = migrateText(`DocumentRoot /srv/www\nUserDir /home/*/public_html\n<VirtualHost *:80>\nServerName a.test\nUserDir disabled root\n${sections}</VirtualHost>\n`);
    expect(messages.filter((m) => m.includes('maps URLs to files'))).toEqual([]);
  });

  it('still maps /~user (to public_html in any home) where no line names directories', () => {
    const { output, messages } = migrateText(`DocumentRoot /srv/www\nUserDir disabled root\n${sections}`);
    expect(output).toContain(`<Directory /usr/share/icons>\n${OPEN}</Directory>`);
    expect(messages.filter((m) => m.includes('UserDir at test.conf:2 maps URLs to files'))).toHaveLength(2);
  });
});

// Found by a helper's bug hunt on the real 2.4.71: `RewriteRule ^/files/(.*)$ http://127.0.0.1:PORT/private/$1` (no [R])
// was taken for a redirect, but mod_rewrite strips a prefix naming this server (reduce_uri) and maps /files/x.html
// to DocumentRoot/private/x.html. 2.2 combined <Location /files>'s Require valid-user with the Directory's host
// rule (403 from another address); after write the Location's Require replaced it and alice got 200.
describe('a RewriteRule to a full URL that names this server', () => {
  const sections = `<Location /files>\n${AUTH}</Location>\n<Directory /srv/www/private>\n${ONLY}</Directory>\n`;
  const tree = (host: string) => `ServerName www.example.com\nServerAlias *.example.net\nDocumentRoot /srv/www\nRewriteEngine On\n`
    + `RewriteRule ^/files/(.*)$ http://${host}/private/$1\n${sections}`;

  it.each(['www.example.com', 'WWW.example.com:8080', 'a.example.net', '%{HTTP_HOST}', '%{SERVER_NAME}:80'])('is a mapping the proof does not follow (host %s)', (host) => {
    const input = tree(host);
    const { output, messages } = migrateText(input);
    expect(output).toBe(input);
    expect(messages.filter((m) => m.includes('RewriteRule at test.conf:5 maps URLs to files in a way the proof does not follow'))).toHaveLength(2);
  });

  it('maps nothing when it names another host (mod_rewrite redirects), or with another scheme', () => {
    for (const host of ['other.example.org', 'example.com']) {
      const { output, messages } = migrateText(tree(host));
      expect(messages.filter((m) => m.includes('maps URLs to files'))).toEqual([]);
      expect(output).toContain('<Directory /srv/www/private>\n    Require ip 10.0.0.2\n</Directory>');
    }
    expect(migrateText(tree('www.example.com').replace('http://', 'ftp://')).messages.filter((m) => m.includes('maps URLs to files'))).toEqual([]);
  });

  it('names this server only with the request\'s scheme: https:// under SSLEngine on, http:// without it', () => {
    // The common move to TLS, without [R]: mod_rewrite redirects, as the URL's scheme is not the request's.
    const toTls = migrateText(tree('%{SERVER_NAME}').replace('http://', 'https://'));
    expect(toTls.messages.filter((m) => m.includes('maps URLs to files'))).toEqual([]);
    const tls = migrateText(`SSLEngine on\n${tree('www.example.com').replace('http://', 'https://')}`);
    expect(tls.messages.filter((m) => m.includes('RewriteRule at test.conf:6 maps URLs to files'))).toHaveLength(2);
    const plainOnTls = migrateText(`SSLEngine on\n${tree('www.example.com')}`);
    expect(plainOnTls.messages.filter((m) => m.includes('maps URLs to files'))).toEqual([]);
  });

  it('may name this server whatever its host when the main server has no ServerName (httpd takes the machine\'s name)', () => {
    const { output } = migrateText(tree('other.example.org').replace(/^ServerName .*\n/, ''));
    expect(output).toContain(`<Directory /srv/www/private>\n${ONLY}</Directory>`);
  });
});
