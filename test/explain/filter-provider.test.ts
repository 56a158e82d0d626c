import { describe, expect, it } from 'vitest';
import { explain } from '../../src/explain/messages.js';

/**
 * Real apache2 2.4.71 on h5bp-html5-boilerplate v1.0's .htaccess (2.2's four-word FilterProvider
 * COMPRESS DEFLATE resp=Content-Type /text/(html|css|…)/), in the error log and from apache2 -t.
 */
describe('explain: a 2.2 FilterProvider line', () => {
  it.each([
    '[Fri Nov 27 17:31:31.012345 2026] [core:alert] [pid 1754:tid 1754] [client 127.0.0.1:55196] /var/www/html/.htaccess: FilterProvider takes three arguments, filter-name provider-name match-expression',
    'AH00526: Syntax error on line 145 of /etc/apache2/sites-enabled/h5bp.conf:\nFilterProvider takes three arguments, filter-name provider-name match-expression',
    'FilterProvider takes three arguments, filter-name provider-name match-expression',
  ])('explains %s', (message) => {
    const found = explain(message);
    expect(found.map((e) => e.id)).toEqual(['filter-provider-syntax']);
    expect(found[0]!.ruleIds).toEqual(['prefer-filter-provider-expr']);
  });
});
