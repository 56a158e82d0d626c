import { describe, expect, it } from 'vitest';
import rule, { options22 } from '../../rules/no-mixed-options.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester(rule, {
  valid: ['Options Indexes FollowSymLinks\n', 'Options +Indexes -ExecCGI\n', 'Options None\n'],
  invalid: [
    { code: 'Options Indexes +Includes\n', output: 'Options Indexes Includes\n', errors: ['this line set exactly "Indexes Includes"'] },
    { name: 'drops signed words before the first plain word, as 2.2 did', code: 'Options +ExecCGI Indexes\r\n', output: 'Options Indexes\r\n', errors: ['2.4 refuses to start'] },
    { name: 'writes None when nothing is left', code: 'Options Indexes -Indexes\n', output: 'Options None\n', errors: ['"None"'] },
  ],
});

describe('options22', () => {
  it('expands All to the four options 2.2 meant by it, not MultiViews', () => {
    expect(options22(['All', '-ExecCGI'])).toEqual(['Indexes', 'Includes', 'FollowSymLinks']);
  });
});
