import { describe, expect, it } from 'vitest';
import { authorizers, merge } from '../../src/access/decide/index.js';
import { buildModel, moduleSet, projectModel } from '../../src/access/model/index.js';
import { ifVersionHolds as ifVersion } from '../../src/apache/conditions.js';
import { parse } from '../../src/parse/parser.js';
import { projectOf } from '../../src/project/project.js';
import { directives } from '../../src/ast/walk.js';
import { sourceFile } from '../helpers/source-file.js';
import { m22, m24, model, req } from './helpers.js';

const DUAL = '<Directory /srv/htdocs>\n<IfModule mod_authz_core.c>\nRequire all denied\n</IfModule>\n<IfModule !mod_authz_core.c>\nOrder deny,allow\nDeny from all\n</IfModule>\n</Directory>\n';

describe('buildModel', () => {
  it('reads <IfModule !mod_authz_core.c> under 2.2 only and its twin under 2.4 only', () => {
    expect(m22(DUAL).scopes[0]!.items.map((i) => i.k)).toEqual(['order', 'deny']);
    expect(m24(DUAL, false).scopes[0]!.items.map((i) => i.k)).toEqual(['authz']);
  });
  it('evaluates <IfVersion> for 2.2.34 and 2.4.63', () => {
    expect(ifVersion(['<', '2.4'], '2.2')).toBe(true);
    expect(ifVersion(['<', '2.4'], '2.4')).toBe(false);
    expect(ifVersion(['>=', '2.3'], '2.4')).toBe(true);
    expect(ifVersion(['!=', '2.2.34'], '2.2')).toBe(false);
    expect(ifVersion(['~', '^2\\.4'], '2.4')).toBe(true);
  });
  it('evaluates <IfModule> against the LoadModule lines when the tree has some', () => {
    const text = 'LoadModule authz_host_module m.so\n<IfModule mod_rewrite.c>\n<Directory /x>\nOrder allow,deny\n</Directory>\n</IfModule>\n';
    const p = projectOf([sourceFile('/c', text, { display: 'c' })]);
    expect(projectModel(p, '2.2').scopes).toEqual([]);
    const none = projectOf([sourceFile('/c', text.replace(/^LoadModule.*\n/, ''), { display: 'c' })]);
    expect(projectModel(none, '2.2').scopes).toHaveLength(1);
  });
  it('follows Include lines through project.includes, in the context of the including section', () => {
    const main = parse('<VirtualHost *:80>\nServerName a.test\nInclude vh.conf\n</VirtualHost>\n', '/etc/main.conf');
    const inc = parse('<Location /x>\nOrder deny,allow\nDeny from all\n</Location>\n', '/etc/vh.conf');
    const p = projectOf([{ path: '/etc/main.conf', display: 'main', kind: 'conf', ast: main }, { path: '/etc/vh.conf', display: 'vh', kind: 'conf', ast: inc }]);
    p.includes.push({ from: '/etc/main.conf', directive: directives(main, 'include')[0]!, optional: false, pattern: '/etc/vh.conf', serverRoot: '/etc', files: ['/etc/vh.conf'], context: ['virtualhost'] });
    const m = projectModel(p, '2.2');
    expect(m.scopes.map((s) => [s.kind, s.pattern, s.vhost, s.path])).toEqual([['location', '/x', '*:80 a.test', '/etc/vh.conf']]);
  });
  it('reads a .htaccess as the scope of its directory, under the AllowOverride in force', () => {
    const conf = parse('<Directory /srv/htdocs>\nAllowOverride None\n</Directory>\n<Directory /srv/htdocs/b>\nAllowOverride Limit\n</Directory>\n', '/c');
    const ht = (dir: string) => ({ file: parse('Order deny,allow\nDeny from all\n', `${dir}/.htaccess`), kind: 'htaccess' as const, dir });
    const m = buildModel([{ file: conf, kind: 'conf' }, ht('/srv/htdocs/a'), ht('/srv/htdocs/b')], { version: '2.2', modules: moduleSet([], '2.2', false) });
    expect(merge(m, req({ path: '/a/f.html' })).host).toBeNull();
    expect(merge(m, req({ path: '/b/f.html' })).host?.map((i) => i.k)).toEqual(['order', 'deny']);
  });
  it('runs the 2.2 authz modules in LoadModule order', () => {
    const text = '<Directory /srv/htdocs>\nAuthGroupFile /g\n</Directory>\n';
    const stock = m22(text);
    expect(authorizers(stock, merge(stock, req({}))).map((a) => a.module)).toEqual(['authz_owner', 'authz_groupfile', 'authz_user']);
    const rhel = model(text, '2.2', { modules: ['authz_user', 'authz_groupfile'] });
    expect(authorizers(rhel, merge(rhel, req({}))).map((a) => a.module)).toEqual(['authz_user', 'authz_groupfile']);
  });
  it('records start-up errors: a bad address, Order without mod_access_compat in 2.4, an Authoritative directive in 2.4', () => {
    expect(m22('<Directory /x>\nAllow from 10.1/16\n</Directory>\n').scopes[0]!.errors).toEqual(['The specified IP address is invalid.']);
    expect(m24('<Directory /x>\nOrder allow,deny\n</Directory>\n', false).scopes[0]!.errors[0]).toMatch(/^Invalid command 'Order'/);
    expect(m24('<Directory /x>\nAuthzUserAuthoritative Off\n</Directory>\n').scopes[0]!.errors[0]).toMatch(/^Invalid command 'AuthzUserAuthoritative'/);
  });
  it('reads a line once per model: sections that spell it alike share its items, <Limit> lines and other spellings do not', () => {
    const section = (dir: string, body: string) => `<Directory ${dir}>\n${body}</Directory>\n`;
    const text = section('/a', 'Order deny,allow\nDeny from all\nAllow from 10.0.0.0/8\n') + section('/b', 'Order deny,allow\nDeny from all\nAllow from 10.1.0.0/16\n')
      + section('/c', 'order deny,allow\n<Limit GET>\nDeny from all\n</Limit>\n');
    for (const m of [m22(text), m24(text, true)]) {
      const [a, b, c] = m.scopes.map((s) => s.items);
      expect(b![0]).toBe(a![0]);
      expect(b![1]).toBe(a![1]);
      expect(b![2]).not.toBe(a![2]);
      expect(b![2]).not.toEqual(a![2]);
      expect(c![0]).not.toBe(a![0]); // `order` is another spelling (its items read the same)
      expect(c![0]).toEqual(a![0]);
      expect(c![1]).toMatchObject({ k: 'deny', mask: { except: false, methods: ['GET'] } });
    }
  });
});
