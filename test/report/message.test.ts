import { describe, expect, it } from 'vitest';
import { findingParts, splitMessage } from '../../src/report/message.js';
import { wrap } from '../../src/report/wrap.js';

describe('splitMessage', () => {
  it('takes the first clause as the headline, ignoring breaks inside brackets, code and quotes', () => {
    const m = splitMessage('MaxClients is MaxRequestWorkers in 2.4 (the old name is still accepted; see below). It counts connections.');
    expect(m.headline).toBe('MaxClients is MaxRequestWorkers in 2.4 (the old name is still accepted; see below)');
    expect(m.body).toEqual([{ text: 'It counts connections.', items: [] }]);
    expect(splitMessage('Write `a; b: c` here: done.').headline).toBe('Write `a; b: c` here');
    expect(splitMessage('<Files ~ "^\\.ht: x"> is odd; fix it.').headline).toBe('<Files ~ "^\\.ht: x"> is odd');
  });

  it('reads any run of white space (tabs, line breaks, a no-break space, two spaces) as one space', () => {
    const plain = splitMessage('Order is gone: use Require. It is mod_authz_core now.');
    expect(splitMessage('Order is\tgone:\n use  Require.\u00a0It is mod_authz_core\r\nnow.')).toEqual(plain);
    expect(splitMessage(' Order is gone: use Require. It is mod_authz_core now. ')).toEqual(plain);
  });

  it('counts double quotes outside `code` to decide whether they pair up', () => {
    // Paired once the quote inside backticks is left out: the `;` inside the quotes does not break.
    expect(splitMessage('Write "a; b" or `"` here. Done.').headline).toBe('Write "a; b" or `"` here');
  });

  it('still finds the headline when the quotes do not pair up', () => {
    expect(splitMessage('A "b: c; d. More.').headline).toBe('A "b');
  });

  it('breaks a lead-in and its ;-separated or `code` list into items', () => {
    const m = splitMessage('Modules are missing. Load these: mod_a (for A); mod_b (for B; really); mod_c. Then `x`, `y`, `z` in order: `LoadModule a`, `LoadModule b`, `LoadModule c`.');
    expect(m.headline).toBe('Modules are missing');
    expect(m.body[0]).toEqual({ text: 'Load these:', items: ['mod_a (for A)', 'mod_b (for B; really)', 'mod_c'] });
    expect(m.body[1]!.items).toEqual(['`LoadModule a`', '`LoadModule b`', '`LoadModule c`']);
  });

  it('keeps the whole message, only laid out: every word of it is in the parts', () => {
    const msg = 'No FileETag line in the configuration: httpd 2.2 built ETags from the inode (FileETag INode MTime Size); 2.4 defaults to FileETag MTime Size. Write "FileETag INode MTime Size" to keep them.';
    const m = splitMessage(msg);
    const words = (s: string) => s.split(/[\s.;:]+/).filter(Boolean);
    expect(words([m.headline, ...m.body.flatMap((b) => [b.text, ...b.items])].join(' '))).toEqual(words(msg));
  });
});

describe('wrap', () => {
  it('wraps at spaces, cuts a word longer than the width, and leaves a short line alone', () => {
    expect(wrap('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrap('x /a/very/long/path y', 6)).toEqual(['x', '/a/ver', 'y/long', '/path', 'y']);
    expect(wrap('short', Infinity)).toEqual(['short']);
  });
});

describe('findingParts', () => {
  it("keeps httpd's own message whole as the headline: its colons are not clause breaks", () => {
    expect(findingParts('Unknown Authz provider: usr (/usr/sbin/apache2 -t as nobody)', 'httpd'))
      .toEqual({ headline: 'Unknown Authz provider: usr (/usr/sbin/apache2 -t as nobody)', body: [] });
    expect(findingParts('AH00534: apache2: Configuration error: No MPM loaded. (/usr/sbin/apache2 -t)', 'httpd').headline)
      .toBe('AH00534: apache2: Configuration error: No MPM loaded. (/usr/sbin/apache2 -t)');
    expect(findingParts('Order is gone: use Require.', 'prefer-require')).toEqual(splitMessage('Order is gone: use Require.'));
  });
});
