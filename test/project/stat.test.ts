import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFile, statOrNull } from '../../src/project/stat.js';
import { useTemp } from './util.js';

describe('stat without exceptions', () => {
  const temp = useTemp();

  it('tells a file, a directory, a link and a missing name apart', () => {
    const dir = temp();
    writeFileSync(join(dir, 'a.conf'), 'KeepAlive On\n');
    mkdirSync(join(dir, 'sub'));
    symlinkSync(join(dir, 'a.conf'), join(dir, 'link.conf'));
    symlinkSync(join(dir, 'gone.conf'), join(dir, 'dangling.conf'));
    expect(isFile(join(dir, 'a.conf'))).toBe(true);
    expect(statOrNull(join(dir, 'a.conf'))?.size).toBe(13);
    expect(isFile(join(dir, 'sub'))).toBe(false);
    expect(statOrNull(join(dir, 'sub'))?.isDirectory()).toBe(true);
    expect(isFile(join(dir, 'link.conf'))).toBe(true);
    for (const missing of ['gone.conf', 'dangling.conf']) {
      expect(statOrNull(join(dir, missing))).toBeNull();
      expect(isFile(join(dir, missing))).toBe(false);
    }
  });

  it('answers null, not an exception, for errors other than a missing name', () => {
    const dir = temp();
    writeFileSync(join(dir, 'a.conf'), '');
    // ENOTDIR: Node's throwIfNoEntry covers ENOENT only.
    expect(statOrNull(join(dir, 'a.conf', 'child'))).toBeNull();
    expect(isFile(join(dir, 'a.conf', 'child'))).toBe(false);
    expect(statOrNull('bad\0name')).toBeNull();
  });
});
