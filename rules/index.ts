/** Every rule, by id, in alphabetical order. rules/parity.test.ts checks this list against the files. */
import type { Rule } from '../src/engine/rule.js';
import preferMaxRequestWorkers from './prefer-max-request-workers.js';

export const rules: Record<string, Rule> = {
  'prefer-max-request-workers': preferMaxRequestWorkers,
};

export const allRules: readonly Rule[] = Object.values(rules);
