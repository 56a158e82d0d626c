import { describe, expect, it } from 'vitest';
import { clientAddresses, credentialList, emptyMentions, envSets, hostNames, methodList, representatives, sampleFor } from '../../src/access/compare/index.js';
import { parseIpWord, type Subnet } from '../../src/access/model/index.js';
import { m22, req } from './helpers.js';
import { probes } from '../../src/access/compare/probes.js';
import { applicableScopes, contextScopes } from '../../src/access/decide/index.js';

const sub = (w: string): Subnet => { const r = parseIpWord(w); if (!r.ok) throw new Error(r.message); return r.subnet; };

describe('clientAddresses', () => {
  it('puts an address on both sides of every network boundary', () => {
    const m = emptyMentions();
    m.subnets.push(sub('10.1.0.0/16'), sub('10.1.2.3'));
    const ips = clientAddresses(m);
    for (const a of ['10.0.255.255', '10.1.0.0', '10.1.2.2', '10.1.2.3', '10.1.2.4', '10.2.0.0']) expect(ips).toContain(a);
  });
  it('adds IPv6 and IPv4-mapped clients when an IPv6 rule is mentioned', () => {
    const m = emptyMentions();
    m.subnets.push(sub('10.0.0.0/8'), sub('fe80::/10'));
    const ips = clientAddresses(m);
    expect(ips).toContain('fe80:0:0:0:0:0:0:0');
    expect(ips).toContain('febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'.replace('febf', 'fec0').replace(/ffff/g, '0'));
    expect(ips.some((a) => a.startsWith('::ffff:10.'))).toBe(true);
  });
  it('adds an IPv6 client when the IPv4 rules cover every IPv4 address, which they never match', () => {
    // 2.2 `Allow from 0.0.0.0/0.0.0.0` refuses ::1 (real 2.4.71, same APR test: 403); verify called it `Require all granted`.
    const m = emptyMentions();
    m.subnets.push(sub('0.0.0.0/0.0.0.0'));
    expect(clientAddresses(m).some((a) => a.includes(':') && !a.includes('.'))).toBe(true);
    const some = emptyMentions();
    some.subnets.push(sub('10.0.0.0/8'));
    expect(clientAddresses(some).some((a) => a.includes(':'))).toBe(false);
  });
  it('adds the addresses Require local grants when it is mentioned', () => {
    const m = emptyMentions();
    m.local = true;
    expect(clientAddresses(m)).toEqual(expect.arrayContaining(['127.0.0.2', '::1', '192.0.2.1']));
  });
  it('reports a non-contiguous mask as a gap', () => {
    const m = emptyMentions();
    m.subnets.push(sub('10.0.5.0/255.0.255.0'));
    clientAddresses(m);
    expect(m.gaps).toContain('a non-contiguous netmask');
  });
});

describe('hostNames', () => {
  it('gives each name, a sub-domain, a look-alike, an unrelated name and no name', () => {
    const m = emptyMentions();
    m.hosts.add('example.org');
    m.hosts.add('.corp.test');
    expect(hostNames(m)).toEqual(expect.arrayContaining([null, 'unlisted.invalid', 'example.org', 'sub.example.org', 'xexample.org', 'sub.corp.test', 'xcorp.test']));
    expect(hostNames(m)).not.toContain('.corp.test');
  });
});

describe('envSets, methodList, credentialList', () => {
  it('gives every combination of the variables', () => {
    const m = emptyMentions();
    m.env.add('a'); m.env.add('b');
    expect(envSets(m)).toEqual([[], ['a'], ['b'], ['a', 'b']]);
  });
  it('gives each listed method, GET and one unlisted method', () => {
    const m = emptyMentions();
    m.methods.add('POST');
    expect(methodList(m)).toEqual(['GET', 'POST', 'UNLISTED']);
    expect(methodList(emptyMentions())).toEqual(['GET']);
  });
  it('gives anonymous, a wrong password, and each user with each set of groups', () => {
    const m = emptyMentions();
    m.users.add('alice'); m.groups.add('admins');
    const c = credentialList(m);
    expect(c).toContainEqual(null);
    expect(c).toContainEqual({ user: 'intruder', groups: [], password: 'bad' });
    expect(c).toContainEqual({ user: 'alice', groups: ['admins'], password: 'good' });
    expect(c).toContainEqual({ user: 'someone', groups: [], password: 'good' });
  });
});

describe('representatives', () => {
  it('keeps one probe per set of sections met (own path, outside, the Location), and drops probes that meet the same sections', () => {
    const m = m22('DocumentRoot /srv/www\n<Directory /srv/www/a>\nOrder allow,deny\nAllow from 10.0.0.0/8\n</Directory>\n<Location /api>\nDeny from all\n</Location>\n');
    const { requests, gaps } = representatives([m]);
    expect(gaps).toEqual([]);
    const files = new Set(requests.map((r) => r.file));
    expect([...files].sort()).toEqual(['/srv/www/a/f.html', '/srv/www/api', '/srv/www/f.html']);
  });
  it('gives a class only the distinctions its own sections make', () => {
    const m = m22('DocumentRoot /srv/www\n<Directory /srv/www/a>\nOrder allow,deny\nAllow from 10.0.0.0/8\n</Directory>\n');
    const { requests } = representatives([m]);
    expect([...new Set(requests.filter((r) => r.file === '/srv/www/f.html').map((r) => r.ip))]).toEqual(['10.0.0.1']);
    expect(requests.filter((r) => r.file === '/srv/www/a/f.html').map((r) => r.ip)).toEqual(expect.arrayContaining(['9.255.255.255', '10.0.0.0', '11.0.0.0']));
  });
});

describe('sampleFor', () => {
  it.each([/^\.ht/, /\.(engine|inc|info)$/, /(^$|^favicon.ico$|.*\.(php|js)$)/, /^\/(admin|private)\//, /[^/]+\.bak$/])('finds a string that %s matches', (re) => {
    const s = sampleFor(re, '/');
    expect(s).not.toBeNull();
    expect(re.test(s!)).toBe(true);
  });
});

describe('probes: the unlisted file name', () => {
  const twin = (s: string) => s.replace(/\/f\.html$/, '/zz-unlisted.none');
  const access = (body: string) => `Order allow,deny\nAllow from 10.0.0.0/8\n${body}`;
  it('is left out where only literal directories and locations decide, whose sections each f.html probe\'s twin meets too', () => {
    const blind = [
      `DocumentRoot /srv/www\n<Directory /srv/www/a>\n${access('')}</Directory>\n<Location /admin>\n${access('')}</Location>\n`,
      `<Directory /srv/www>\n${access('')}</Directory>\n<Location />\n${access('')}</Location>\n<Location /a/>\n${access('')}</Location>\n<Location /f>\n${access('')}</Location>\n`,
      `DocumentRoot /srv/www\nAlias /static /srv/static\n<Directory /srv/static>\n${access('')}</Directory>\n<Location /static/x>\n${access('')}</Location>\n`,
    ];
    for (const conf of blind) {
      const model = m22(conf);
      const list = probes(model, '', contextScopes(model, ''), []);
      expect(list.some((p) => p.file.endsWith('/zz-unlisted.none'))).toBe(false);
      const plain = list.filter((p) => p.file.endsWith('/f.html'));
      expect(plain.length).toBeGreaterThan(3);
      for (const p of plain) {
        const at = (path: string, file: string) => applicableScopes(model, req({ path, file }));
        expect(at(twin(p.path), twin(p.file)), `${p.path} in ${conf}`).toEqual(at(p.path, p.file));
      }
    }
  });
  it('is kept where a section or an Alias can tell the names apart', () => {
    const telling = [
      `<Directory /srv/www>\n${access('<Files *.html>\nDeny from all\n</Files>\n')}</Directory>\n`,
      `<FilesMatch "\\.none$">\n${access('')}</FilesMatch>\n`,
      `<Location /a/f.html>\n${access('')}</Location>\n`,
      `<Directory /srv/www/zz-unlisted.none>\n${access('')}</Directory>\n`,
      `<Directory /srv/*>\n${access('')}</Directory>\n`,
      `<DirectoryMatch "^/srv/www/">\n${access('')}</DirectoryMatch>\n`,
      `<LocationMatch "^/a">\n${access('')}</LocationMatch>\n`,
      `Alias /logo /srv/img/f.html\n<Location /logo>\n${access('')}</Location>\n`,
    ];
    for (const conf of telling) {
      const model = m22(conf);
      expect(probes(model, '', contextScopes(model, ''), []).some((p) => p.file.endsWith('/zz-unlisted.none')), conf).toBe(true);
    }
  });
});

describe('a wildcard <Directory> and the files beside the directories it names', () => {
  // With FollowSymLinks (the default), httpd's walk takes an existing file for one more directory: <Directory
  // "/d/*"> applies to /d/f.html, and <Directory "/d/?ub"> to the file /d/xub (fixtures/_differential/directory-wildcard-*).
  const conf = 'DocumentRoot "/srv/htdocs"\n<Directory "/srv/htdocs/*">\n    Order deny,allow\n    Deny from all\n</Directory>\n'
    + '<Directory "/srv/htdocs/s/?ub">\n    Order allow,deny\n</Directory>\n';
  it('applies to a file in the directory its last wildcard stands in', () => {
    const model = m22(conf);
    expect(applicableScopes(model, req({ path: '/f.html' })).map((s) => s.pattern)).toEqual(['/srv/htdocs/*']);
    expect(applicableScopes(model, req({ path: '/s/xub' })).map((s) => s.pattern)).toEqual(['/srv/htdocs/*', '/srv/htdocs/s/?ub']);
    expect(applicableScopes(model, req({ path: '/s/xub.html' })).map((s) => s.pattern)).toEqual(['/srv/htdocs/*']);
  });
  it('probes the wildcard filled in as a file', () => {
    const model = m22(conf);
    expect(probes(model, '', contextScopes(model, ''), []).map((p) => p.file)).toContain('/srv/htdocs/s/xub');
  });
});
