/** Small builders for the evaluator tests: a model from text, and a request from a few fields. */
import { buildModel, type Credentials, type Model, moduleSet, type Request, type Version } from '../../src/access/model/index.js';
import { parse } from '../../src/parse/parser.js';

export function model(text: string, version: Version, opts: { compat?: boolean; modules?: string[] } = {}): Model {
  const file = parse(text, '/etc/httpd/test.conf', { version });
  const modules = moduleSet(opts.modules ?? [], version, opts.compat ?? true);
  return buildModel([{ file, kind: 'conf' }], { version, modules });
}

export const m22 = (text: string) => model(text, '2.2');
export const m24 = (text: string, compat = true) => model(text, '2.4', { compat });

export const ALICE: Credentials = { user: 'alice', groups: [], password: 'good' };
export const BOB_ADMIN: Credentials = { user: 'bob', groups: ['admins'], password: 'good' };
export const ALICE_WRONG: Credentials = { user: 'alice', groups: [], password: 'bad' };

/** A request for /srv/htdocs + path (the default DocumentRoot of the probes is irrelevant here: file is given). */
export function req(r: Partial<Request> & { path?: string }): Request {
  const path = r.path ?? '/f.html';
  return {
    vhost: r.vhost ?? '', path, file: r.file ?? `/srv/htdocs${path}`, method: r.method ?? 'GET', ip: r.ip ?? '127.0.0.1',
    host: r.host ?? null, env: r.env ?? [], credentials: r.credentials ?? null,
  };
}

/** Wraps a body in `<Directory /srv/htdocs>` with Basic auth set up, as the oracle's (b) rows do. */
export function dir(body: string, auth = false): string {
  const a = auth ? 'AuthType Basic\nAuthName x\nAuthUserFile /etc/htpasswd\nAuthGroupFile /etc/groups\n' : '';
  return `<Directory /srv/htdocs>\n${a}${body}\n</Directory>\n`;
}
