/**
 * The per-model memo of what depends only on a request's location (decide/by-location.ts): the
 * sections that apply and the merged state are computed once per location, whatever the client,
 * method or credentials, and the table is cleared when full instead of growing with the tree.
 */
import { describe, expect, it } from 'vitest';
import { applicableScopes, merge } from '../../src/access/decide/index.js';
import { byLocation, locationTables, LOCATIONS_PER_TABLE } from '../../src/access/decide/by-location.js';
import type { Model, Request } from '../../src/access/model/index.js';
import { m24, req } from './helpers.js';

const CONF = '<Directory /srv/htdocs>\nRequire all granted\n</Directory>\n<Location /admin>\nRequire ip 10.0.0.0/8\n</Location>\n';

describe('byLocation', () => {
  it('computes once per location in a model, for any client, method or credentials', () => {
    const model = m24(CONF);
    const slot = locationTables<string>('test: locations computed');
    const seen: string[] = [];
    const compute = (_m: Model, r: Request) => { seen.push(r.path); return `${r.path} ${seen.length}`; };
    const a = byLocation(slot, model, req({ path: '/admin/x', ip: '10.1.2.3' }), compute);
    const b = byLocation(slot, model, req({ path: '/admin/x', ip: '192.0.2.1', method: 'POST', credentials: { user: 'u', groups: [], password: 'good' } }), compute);
    const c = byLocation(slot, model, req({ path: '/other' }), compute);
    expect([a, b, c]).toEqual(['/admin/x 1', '/admin/x 1', '/other 2']);
    expect(seen).toEqual(['/admin/x', '/other']);
  });

  it('keeps a table per model: a copy of a model computes again', () => {
    const model = m24(CONF);
    const copy: Model = { ...model, scopes: [...model.scopes] };
    const slot = locationTables<number>('test: per model');
    let n = 0;
    const compute = () => ++n;
    expect(byLocation(slot, model, req({ path: '/a' }), compute)).toBe(1);
    expect(byLocation(slot, copy, req({ path: '/a' }), compute)).toBe(2);
    expect(byLocation(slot, model, req({ path: '/a' }), compute)).toBe(1);
  });

  it('keeps each model\'s table when more than the two at hand take turns', () => {
    const models = [m24(CONF), m24(CONF), m24(CONF)];
    const slot = locationTables<string>('test: three models');
    let n = 0;
    const compute = (m: Model) => `${models.indexOf(m)}:${++n}`;
    const round = () => models.map((m) => byLocation(slot, m, req({ path: '/a' }), compute));
    expect(round()).toEqual(['0:1', '1:2', '2:3']);
    expect(round()).toEqual(['0:1', '1:2', '2:3']);
    expect([...models].reverse().map((m) => byLocation(slot, m, req({ path: '/a' }), compute))).toEqual(['2:3', '1:2', '0:1']);
    expect(n).toBe(3);
  });

  it('clears a full table instead of growing without bound', () => {
    const model = m24(CONF);
    const slot = locationTables<number>('test: bounded');
    let n = 0;
    const compute = () => ++n;
    const size = LOCATIONS_PER_TABLE;
    expect(size).toBeGreaterThan(1);
    for (let i = 0; i < size; i++) byLocation(slot, model, req({ path: `/p${i}` }), compute);
    expect(byLocation(slot, model, req({ path: '/p0' }), compute)).toBe(1); // still there: the table holds `size`
    expect(byLocation(slot, model, req({ path: `/p${size - 1}` }), compute)).toBe(size);
    byLocation(slot, model, req({ path: `/p${size}` }), compute); // one location more clears it
    expect(byLocation(slot, model, req({ path: '/p0' }), compute)).toBe(size + 2);
  });
});

describe('applicableScopes and merge through the memo', () => {
  it('give the same answer for every client at a location, and a different one elsewhere', () => {
    const model = m24(CONF);
    const inside = applicableScopes(model, req({ path: '/admin/x', ip: '10.1.2.3' }));
    expect(applicableScopes(model, req({ path: '/admin/x', ip: '192.0.2.1', method: 'POST' }))).toBe(inside);
    expect(inside.map((s) => s.pattern)).toEqual(['/srv/htdocs', '/admin']);
    expect(applicableScopes(model, req({ path: '/x' })).map((s) => s.pattern)).toEqual(['/srv/htdocs']);
    expect(merge(model, req({ path: '/admin/x', ip: '10.1.2.3' }))).toBe(merge(model, req({ path: '/admin/x', ip: '192.0.2.1' })));
  });
});
