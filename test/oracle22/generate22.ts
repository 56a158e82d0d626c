/**
 * Generated cross-kind splits in the format of oracle22/ (placeholders, the same request grid):
 * host rules H, Require R and Satisfy S drawn over 2–4 sections of different and equal kinds,
 * some inside <Limit>/<LimitExcept>. For property tests that need no recorded data.
 */
import type { OracleRequest } from '../oracle/harness.js';
import { Rng } from '../differential/generate.js';
import type { Oracle22, Scenario22 } from './scenarios.js';

/** The recording server's settings (oracle22/README.md), for generated scenarios. */
export const SERVER22: Omit<Oracle22, 'scenarios' | 'expected'> = {
  modules: ['authz_host', 'authn_file', 'authn_default', 'auth_basic', 'authz_user', 'authz_groupfile', 'authz_default', 'dir', 'mime', 'alias', 'status', 'setenvif'],
  global: 'SetEnvIf Remote_Addr "^127\\.0\\.0\\.3$" from3\nSetEnvIf Remote_Addr "^127\\.0\\.0\\.[25]$" trusted\n',
  hosts: '127.0.0.1 localhost\n',
  users: { alice: 'good', bob: 'good' },
  groups: { admins: ['bob'] },
};

/** The README's grid: paths × GET/POST × four clients × four credentials. */
export function grid(paths: readonly string[]): OracleRequest[] {
  const out: OracleRequest[] = [];
  for (const path of paths) for (const method of ['GET', 'POST']) for (const from of ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.5']) {
    out.push({ path, method, from }, { path, method, from, user: 'alice', pass: 'good' }, { path, method, from, user: 'alice', pass: 'bad' }, { path, method, from, user: 'bob', pass: 'good' });
  }
  return out;
}

const KINDS = ['Directory', 'DirectorySub', 'DirectoryRx', 'DirectoryMatch', 'Files', 'FilesTop', 'Location', 'LocationSub', 'LocationMatch', 'Htaccess'] as const;
type Kind = (typeof KINDS)[number];

const OPEN: Record<Exclude<Kind, 'Htaccess' | 'Files'>, string[]> = {
  Directory: ['<Directory "@DIR@">'],
  DirectorySub: ['<Directory "@DIR@/sub">'],
  DirectoryRx: ['<Directory ~ "^@DIR@/">', '<Directory ~ "^@DIR@/sub/">', '<Directory ~ "^@DIR@(/.*)?$">'],
  DirectoryMatch: ['<DirectoryMatch "^@DIR@/">', '<DirectoryMatch "^@DIR@/s[u]b(/|$)">', '<DirectoryMatch "^@DIR@$">'],
  FilesTop: ['<Files "xNNNN.html">', '<FilesMatch "^xNNNN\\.html$">'],
  Location: ['<Location "@LOC@">'],
  LocationSub: ['<Location "@LOC@/sub">'],
  LocationMatch: ['<LocationMatch "^@LOC@/.*\\.html$">', '<Location ~ "^@LOC@/(sub/)?f\\.html$">'],
};

const AUTH = ['AuthType Basic', 'AuthName "t"', 'AuthUserFile @HTPASSWD@', 'AuthGroupFile @HTGROUP@'];

function lines(rng: Rng, hrs: string): { plain: string[]; limited: string[] } {
  const plain: string[] = [];
  const limited: string[] = [];
  const put = (l: string) => (rng.chance(0.3) ? limited : plain).push(l);
  if (hrs.includes('H')) {
    if (rng.chance(0.7)) put(`Order ${rng.pick(['allow,deny', 'deny,allow', 'mutual-failure'])}`);
    if (rng.chance(0.7)) put(`Allow from ${rng.some(['all', '127.0.0.2', '127.0.0.5', '127.0.0.0/30', 'env=trusted', 'env=!from3'], 1, 2).join(' ')}`);
    if (rng.chance(0.6)) put(`Deny from ${rng.some(['all', '127.0.0.3', '127.0.0.2', 'env=from3', 'env=!trusted'], 1, 2).join(' ')}`);
    if (!plain.length && !limited.length) plain.push('Allow from 127.0.0.2');
  }
  if (hrs.includes('R')) put(`Require ${rng.pick(['valid-user', 'user alice', 'group admins', 'user bob'])}`);
  if (hrs.includes('S')) put(`Satisfy ${rng.pick(['Any', 'All'])}`);
  return { plain, limited };
}

function body(rng: Rng, hrs: string, indent: string): string[] {
  const { plain, limited } = lines(rng, hrs);
  const out = [...(hrs.includes('R') ? AUTH : []), ...plain].map((l) => indent + l);
  if (limited.length) {
    const tag = rng.pick(['Limit POST', 'LimitExcept GET', 'Limit GET']);
    out.push(`${indent}<${tag}>`, ...limited.map((l) => `${indent} ${l}`), `${indent}</${tag.split(' ')[0]}>`);
  }
  return out;
}

/** One generated scenario, named gen-<n>. */
export function generate22(seed: number): Scenario22 {
  const rng = new Rng(seed);
  const num = String(seed % 10_000).padStart(4, '0');
  const count = 2 + rng.int(3);
  const config: string[] = [];
  const htaccess: Record<string, string> = {};
  let files = false;
  for (let i = 0; i < count; i++) {
    const kind = rng.pick(KINDS);
    const hrs = rng.pick(['H', 'R', 'S', 'HR', 'HS', 'RS', 'HRS']);
    if (kind === 'Htaccess') {
      const dir = rng.pick(['', 'sub']);
      htaccess[dir] = [htaccess[dir] ?? '', ...body(rng, hrs, '')].filter(Boolean).join('\n');
    } else if (kind === 'Files') {
      files = true;
      config.push('<Directory "@DIR@">', ` <Files "${rng.pick(['f.html', '*.html', 'xNNNN.*'])}">`, ...body(rng, hrs, '  '), ' </Files>', '</Directory>');
    } else {
      if (kind === 'FilesTop') files = true;
      const open = rng.pick(OPEN[kind]).replace('NNNN', num);
      config.push(open, ...body(rng, hrs, ' '), `</${open.slice(1).split(/[ >]/)[0]}>`);
    }
  }
  if (Object.keys(htaccess).length && rng.chance(0.5)) config.unshift('<Directory "@DIR@">', ` AllowOverride ${rng.pick(['AuthConfig Limit', 'Limit', 'All'])}`, '</Directory>');
  const paths = ['/f.html', '/sub/f.html', ...(files ? [`/x${num}.html`, `/sub/x${num}.html`] : [])];
  return {
    name: `gen-${num}`, config: config.join('\n').replaceAll('NNNN', num), htaccess, users: SERVER22.users, groups: SERVER22.groups,
    requests: grid(paths), meta: { combo: '', split: '' },
  };
}
