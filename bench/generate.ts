/** A synthetic 2.2 tree: N <VirtualHost> blocks with 2.2 access rules, split over included files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface GeneratedTree {
  root: string;
  main: string;
  bytes: number;
  files: number;
}

function vhost22(i: number): string {
  return `<VirtualHost 127.0.0.1:18181>
    ServerName site${i}.example.test
    ServerAlias www.site${i}.example.test
    DocumentRoot "@ROOT@/htdocs"
    <Directory "@ROOT@/htdocs/site${i}">
        Options FollowSymLinks
        AllowOverride None
        Order deny,allow
        Deny from all
        Allow from 10.${i % 256}.0.0/16 site${i}.example.test
    </Directory>
    <Location /admin${i}>
        Order allow,deny
        Allow from 127.0.0.1
    </Location>
</VirtualHost>
`;
}

function vhost24(i: number): string {
  return `<VirtualHost 127.0.0.1:18181>
    ServerName site${i}.example.test
    ServerAlias www.site${i}.example.test
    DocumentRoot "@ROOT@/htdocs"
    <Directory "@ROOT@/htdocs/site${i}">
        Options FollowSymLinks
        AllowOverride None
        Require ip 10.${i % 256}.0.0/16
        Require host site${i}.example.test
    </Directory>
    <Location /admin${i}>
        Require ip 127.0.0.1
    </Location>
</VirtualHost>
`;
}

/** Writes the tree (2.2 syntax, or the equivalent 2.4 syntax) under root. */
export function generateTree(root: string, vhosts: number, perFile: number, version: '2.2' | '2.4', head = ''): GeneratedTree {
  mkdirSync(join(root, 'conf.d'), { recursive: true });
  mkdirSync(join(root, 'htdocs'), { recursive: true });
  const block = version === '2.2' ? vhost22 : vhost24;
  let bytes = 0;
  let files = 0;
  for (let f = 0; f * perFile < vhosts; f++) {
    let text = '';
    for (let i = f * perFile; i < Math.min(vhosts, (f + 1) * perFile); i++) text += block(i);
    text = text.replaceAll('@ROOT@', root);
    writeFileSync(join(root, 'conf.d', `vhosts-${String(f).padStart(4, '0')}.conf`), text);
    bytes += text.length;
    files++;
  }
  // 2.2 serves hosts that share an address by name only where NameVirtualHost names it (2.4 always does).
  const named = version === '2.2' ? 'NameVirtualHost 127.0.0.1:18181\n' : '';
  const main = `ServerRoot "${root}"\n${head}Listen 127.0.0.1:18181\n${named}ServerName 127.0.0.1\nDocumentRoot "${root}/htdocs"\nInclude conf.d/*.conf\n`;
  writeFileSync(join(root, 'httpd.conf'), main);
  return { root, main: join(root, 'httpd.conf'), bytes: bytes + main.length, files: files + 1 };
}

/** The 2.2 access block of one directory: what each `.htaccess` file and each `<Directory>` section holds. */
function access22(i: number): string {
  return `Order deny,allow\nDeny from all\nAllow from 10.${i % 256}.${(i >> 8) % 256}.0/24\n`;
}

function dirName(i: number): string {
  return `d${String(i).padStart(5, '0')}`;
}

function mainOf(root: string, body: string): string {
  return `ServerRoot "${root}"\nListen 127.0.0.1:18181\nServerName 127.0.0.1\nDocumentRoot "${root}/htdocs"\n${body}`;
}

/** n `.htaccess` files (`text(i)`), one per directory under one DocumentRoot, and the main file with `body` after its DocumentRoot. */
function htaccessTree(root: string, n: number, text: (i: number) => string, body: string): GeneratedTree {
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const dir = join(root, 'htdocs', dirName(i));
    mkdirSync(dir, { recursive: true });
    const access = text(i);
    writeFileSync(join(dir, '.htaccess'), access);
    bytes += access.length;
  }
  const main = mainOf(root, body);
  writeFileSync(join(root, 'httpd.conf'), main);
  return { root, main: join(root, 'httpd.conf'), bytes: bytes + main.length, files: n + 1 };
}

/** n `.htaccess` files, one per directory under one DocumentRoot whose `<Directory>` allows overrides. */
export function generateHtaccessTree(root: string, n: number): GeneratedTree {
  return htaccessTree(root, n, access22, `<Directory "${root}/htdocs">\n    AllowOverride All\n</Directory>\n`);
}

/** A hosting site's `.htaccess`: options, a redirect, a password with a network exception, and a `<Files ~>` block. */
function siteHtaccess(i: number): string {
  return `Options -Indexes +FollowSymLinks
RewriteRule ^old${i}$ new${i} [R=301,L]
AuthType Basic
AuthName "d${i}"
AuthUserFile /etc/pw${i}
Require valid-user
Order deny,allow
Deny from all
Allow from 10.${i % 256}.0.0/16
Satisfy any
<Files ~ "\\.inc$">
Order allow,deny
Deny from all
</Files>
ErrorDocument 404 /missing${i}.html
Header set X-D d${i}
`;
}

/**
 * n hosting sites' `.htaccess` files (siteHtaccess), one per directory under one DocumentRoot whose `<Directory>`
 * allows overrides: the `<Files>` section inside each is what the access guard and the deciders see nested.
 */
export function generateSiteHtaccessTree(root: string, n: number): GeneratedTree {
  const modules = ['authz_host', 'rewrite', 'headers', 'auth_basic', 'authn_file', 'authz_user', 'mime'];
  return htaccessTree(root, n, siteHtaccess, modules.map((m) => `LoadModule ${m}_module modules/mod_${m}.so\n`).join('')
    + `RewriteEngine On\n<Directory "${root}/htdocs">\n    AllowOverride All\n    Order allow,deny\n    Allow from all\n</Directory>\n`);
}

/**
 * One site's `.htaccess` holding a blocklist of n `Deny from` lines (an address or a /24 each, as bad-bot and
 * country lists are written), after `Order allow,deny` and `Allow from all`.
 */
export function generateBlocklistTree(root: string, n: number): GeneratedTree {
  const lines = Array.from({ length: n }, (_, i) => `Deny from ${1 + (i % 223)}.${(i >> 8) & 255}.${i & 255}.${i % 3 ? '0/24' : String(1 + (i % 250))}\n`);
  return htaccessTree(root, 1, () => `Order allow,deny\nAllow from all\n${lines.join('')}`, `<Directory "${root}/htdocs">\n    AllowOverride All\n</Directory>\n`);
}

/** One file of n top-level `<Directory>` sections, each holding the block the `.htaccess` tree puts in a file. */
export function generateDirectoryBlocks(root: string, n: number): GeneratedTree {
  mkdirSync(join(root, 'htdocs'), { recursive: true });
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    parts.push(`<Directory "${root}/htdocs/${dirName(i)}">\n${access22(i).split('\n').filter(Boolean).map((l) => `    ${l}\n`).join('')}</Directory>\n`);
  }
  const main = mainOf(root, parts.join(''));
  writeFileSync(join(root, 'httpd.conf'), main);
  return { root, main: join(root, 'httpd.conf'), bytes: main.length, files: 1 };
}

/**
 * n virtual hosts, one file, each a `<Directory>` whose `Require group` no loaded module owns (so its 2.2 state has
 * no translation, and the one of what 2.4 with mod_access_compat does there is tried) and two `<Location>` sections
 * read with that translation written in: the prover's readings for such sections, one per kind of section, not one per host.
 */
export function generateUnownedTree(root: string, n: number): GeneratedTree {
  mkdirSync(join(root, 'htdocs'), { recursive: true });
  const parts = ['LoadModule authz_host_module modules/mod_authz_host.so\nLoadModule auth_basic_module modules/mod_auth_basic.so\n'
    + 'LoadModule authn_file_module modules/mod_authn_file.so\nLoadModule authz_user_module modules/mod_authz_user.so\nNameVirtualHost 127.0.0.1:18181\n'];
  for (let i = 0; i < n; i++) {
    const docs = `${root}/htdocs/${dirName(i)}`;
    parts.push(`<VirtualHost 127.0.0.1:18181>\n    ServerName u${i}.example.test\n    DocumentRoot "${docs}"\n    <Directory "${docs}/scn">\n`
      + `        Allow from 10.${i % 256}.${(i >> 8) % 256}.0/24\n        Order deny,allow\n        AuthType Basic\n        AuthName "u${i}"\n`
      + `        AuthUserFile "${root}/htpasswd"\n        Require group admins\n        Satisfy Any\n    </Directory>\n`
      + '    <Location "/scn/sub">\n        Deny from all 10.0.0.5\n    </Location>\n    <Location "/scn/sub">\n        Order deny,allow\n    </Location>\n</VirtualHost>\n');
  }
  const main = mainOf(root, parts.join(''));
  writeFileSync(join(root, 'httpd.conf'), main);
  return { root, main: join(root, 'httpd.conf'), bytes: main.length, files: 1 };
}

/** One hosting site: a virtual host with the lines hosting trees have beside access control (each rule family asks about the whole tree). */
function hostingVhost(root: string, i: number): string {
  return `<VirtualHost 127.0.0.1:18181>
    ServerName site${i}.example.test
    DocumentRoot "${root}/htdocs/site${i}"
    LogLevel warn
    RewriteEngine On
    RewriteLog "logs/rewrite${i}.log"
    RewriteLogLevel 2
    RewriteRule ^/old${i}/(.*)$ /new${i}/$1 [R=301,L]
    CustomLog "|/usr/bin/rotatelogs logs/access${i} 86400" combined
    DefaultType text/html
    AddOutputFilterByType DEFLATE text/html
    <Directory "${root}/htdocs/site${i}">
        Options Indexes -FollowSymLinks +Includes
        AllowOverride AuthConfig
        Order deny,allow
        Deny from all
        Allow from 10.${i % 256}.0.0/16
        AuthType Basic
        AuthName "site${i}"
        AuthUserFile /etc/htpasswd${i}
        Require valid-user
        Satisfy any
    </Directory>
    <Location /status${i}>
        SetHandler server-status
        Order allow,deny
        Allow from 127.0.0.1
    </Location>
    <Files ~ "\\.(inc|bak)$">
        Order allow,deny
        Deny from all
    </Files>
    ProxyPass /app${i} http://127.0.0.1:8080/app${i}
    ProxyPassReverse /app${i} http://127.0.0.1:8080/app${i}
    Header set X-Site site${i}
    SSLProxyEngine On
    SSLProxyCheckPeerCN off
</VirtualHost>
`;
}

const HOSTING_MODULES = ['authz_host', 'rewrite', 'proxy', 'proxy_http', 'headers', 'ssl', 'deflate', 'status', 'auth_basic', 'authn_file', 'authz_user', 'include', 'autoindex', 'log_config', 'mime'];

/**
 * A hosting server's 2.2 tree: n sites, one file each, with rewrite rules, logs, filters, auth, a proxy and TLS to the
 * backend beside their access control, and a `.htaccess` in every other site.
 */
export function generateHostingTree(root: string, n: number): GeneratedTree {
  mkdirSync(join(root, 'conf.d'), { recursive: true });
  let bytes = 0;
  let files = 1;
  for (let i = 0; i < n; i++) {
    const site = hostingVhost(root, i);
    writeFileSync(join(root, 'conf.d', `site${String(i).padStart(5, '0')}.conf`), site);
    mkdirSync(join(root, 'htdocs', `site${i}`), { recursive: true });
    bytes += site.length;
    files++;
    if (i % 2 === 0) {
      const access = `Order deny,allow\nDeny from 10.9.9.9\nAuthName "h${i}"\n`;
      writeFileSync(join(root, 'htdocs', `site${i}`, '.htaccess'), access);
      bytes += access.length;
      files++;
    }
  }
  const main = `ServerRoot "${root}"\nListen 127.0.0.1:18181\nNameVirtualHost 127.0.0.1:18181\nServerName 127.0.0.1\n`
    + HOSTING_MODULES.map((m) => `LoadModule ${m}_module modules/mod_${m}.so\n`).join('')
    + `MaxClients 150\nKeepAlive On\nDocumentRoot "${root}/htdocs"\n<Directory />\n    AllowOverride None\n    Order deny,allow\n    Deny from all\n</Directory>\nInclude conf.d/*.conf\n`;
  writeFileSync(join(root, 'httpd.conf'), main);
  return { root, main: join(root, 'httpd.conf'), bytes: bytes + main.length, files };
}
