/** overrideOpener: where httpd may open a .htaccess, from the loaded <Directory> sections' AllowOverride (§1.9). */
import { describe, expect, it } from 'vitest';
import { emptyFacts, overrideOpener, type DirSection } from '../../src/project/overrides.js';

const dir = (id: number, path: string, kind: DirSection['kind'], overrideNone: boolean, inVirtualHost = false): DirSection => ({ id, path, kind, overrideNone, inVirtualHost });

describe('overrideOpener', () => {
  const facts = {
    ...emptyFacts(),
    dirs: [
      dir(1, '/', 'literal', true),
      dir(2, '/srv/a/', 'literal', false),
      dir(3, '/srv/*/deep', 'wildcard', true),
      dir(4, '/srv/v', 'literal', false, true),
      dir(5, '/srv/a', 'literal', true),
    ],
  };
  const mayOpen = overrideOpener(facts);

  it('follows the server sections that cover a directory, shortest path first, the later of two equal paths last', () => {
    expect(mayOpen('/srv')).toBe(false); // only <Directory /> (None)
    expect(mayOpen('/srv/ab')).toBe(false); // /srv/a does not cover its look-alike
    expect(mayOpen('/srv/a')).toBe(false); // /srv/a/ (All) then /srv/a (None), in reading order
    expect(mayOpen('/srv/a/deep')).toBe(false); // the wildcard, deeper, says None
    expect(mayOpen('/srv/b/deep/x')).toBe(false);
  });

  it('opens where a virtual host\'s section allows it, and everywhere when a regex section may', () => {
    expect(mayOpen('/srv/v/x')).toBe(true);
    expect(overrideOpener({ ...facts, dirs: [...facts.dirs, dir(6, '^/x', 'regex', false)] })('/srv')).toBe(true);
    expect(overrideOpener({ ...facts, dirs: facts.dirs.filter((d) => d.id !== 5) })('/srv/a/b')).toBe(true);
  });
});
