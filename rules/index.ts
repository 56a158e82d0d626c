/** Every rule, by id, in alphabetical order. test/rules/parity.test.ts checks this list against the files. */
import type { Rule } from '../src/engine/rule.js';
import keepAliveOnOff from './keep-alive-on-off.js';
import noDefaultType from './no-default-type.js';
import noNameVirtualHost from './no-name-virtual-host.js';
import preferMaxConnectionsPerChild from './prefer-max-connections-per-child.js';
import preferMaxRequestWorkers from './prefer-max-request-workers.js';

export const rules: Record<string, Rule> = {
  'keep-alive-on-off': keepAliveOnOff,
  'no-default-type': noDefaultType,
  'no-name-virtual-host': noNameVirtualHost,
  'prefer-max-connections-per-child': preferMaxConnectionsPerChild,
  'prefer-max-request-workers': preferMaxRequestWorkers,
};

export const allRules: readonly Rule[] = Object.values(rules);
