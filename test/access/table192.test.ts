/**
 * All 3 Orders × 8 Allow × 8 Deny specifications: each is translated and
 * proven, and decide22 / decide24 are checked against outcomes worked out by
 * hand (semantics §2.2: Deny,Allow allows if A or not D; Allow,Deny and
 * Mutual-failure allow if A and not D) for four sample requests.
 */
import { describe, expect, it } from 'vitest';
import { decide22, decide24 } from '../../src/access/decide/index.js';
import { dir, m22, m24, req } from './helpers.js';
import { migrateText, prove } from './prove-helpers.js';

const SPECS = ['none', 'all', 'full IP', 'partial IP', 'CIDR', 'host name', 'env=', 'env=!'] as const;
type Spec = (typeof SPECS)[number];

const ALLOW: Record<Spec, string | null> = {
  none: null, all: 'all', 'full IP': '10.1.2.3', 'partial IP': '10.1', CIDR: '10.0.0.0/8', 'host name': 'example.org', 'env=': 'env=good', 'env=!': 'env=!bad',
};
const DENY: Record<Spec, string | null> = {
  none: null, all: 'all', 'full IP': '10.1.2.3', 'partial IP': '10.1', CIDR: '10.0.0.0/8', 'host name': 'bad.example.org', 'env=': 'env=bad', 'env=!': 'env=!good',
};

const SAMPLES = [
  req({ ip: '10.1.2.3', host: null, env: [] }),
  req({ ip: '10.2.0.1', host: 'www.example.org', env: ['good'] }),
  req({ ip: '192.0.2.1', host: 'bad.example.org', env: ['bad'] }),
  req({ ip: '192.0.2.1', host: 'notexample.org', env: ['good', 'bad'] }),
];

// Worked out by hand: does each Allow (A) / Deny (D) specification match each sample?
//                         s0     s1     s2     s3
const A_MATCH: Record<Spec, boolean[]> = {
  none: [false, false, false, false],
  all: [true, true, true, true],
  'full IP': [true, false, false, false],
  'partial IP': [true, false, false, false],
  CIDR: [true, true, false, false],
  'host name': [false, true, true, false], // bad.example.org is inside example.org; notexample.org is not
  'env=': [false, true, false, true],
  'env=!': [true, true, false, false],
};
const D_MATCH: Record<Spec, boolean[]> = {
  none: [false, false, false, false],
  all: [true, true, true, true],
  'full IP': [true, false, false, false],
  'partial IP': [true, false, false, false],
  CIDR: [true, true, false, false],
  'host name': [false, false, true, false],
  'env=': [false, false, true, true],
  'env=!': [true, false, true, false],
};

const ORDERS = ['Deny,Allow', 'Allow,Deny', 'Mutual-failure'] as const;

function body(order: string, a: string | null, d: string | null): string {
  return [`Order ${order}`, a && `Allow from ${a}`, d && `Deny from ${d}`].filter(Boolean).join('\n');
}

describe('192 Order × Allow × Deny combinations', () => {
  for (const order of ORDERS) {
    for (const as of SPECS) {
      for (const ds of SPECS) {
        it(`Order ${order}, Allow ${as}, Deny ${ds}: translated, proven, and matches the hand-worked outcomes`, () => {
          const input = dir(body(order, ALLOW[as], DENY[ds]));
          const { output } = migrateText(input);
          expect(output).not.toMatch(/^\s*(order|allow|deny)\s/im);
          const proof = prove(input, output);
          expect(proof.counterexample, JSON.stringify(proof.counterexample)).toBeNull();
          expect(proof.equivalent).toBe(true);
          const before = m22(input);
          const after = m24(output, false);
          SAMPLES.forEach((r, i) => {
            const a = A_MATCH[as][i]!;
            const d = D_MATCH[ds][i]!;
            const allowed = order === 'Deny,Allow' ? a || !d : a && !d;
            const want = allowed ? 200 : 403;
            expect(decide22(before, r).status, `2.2 sample ${i}`).toBe(want);
            expect(decide24(after, r).status, `2.4 sample ${i}`).toBe(want);
          });
        });
      }
    }
  }
});
