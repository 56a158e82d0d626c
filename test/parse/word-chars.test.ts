import { describe, expect, it } from 'vitest';
import { wordChars, wordEnd, wordValue } from '../../src/parse/words.js';

describe('wordChars', () => {
  it('gives wordValue, and each character the bytes that wrote it', () => {
    const alphabet = ['\\', '"', "'", 'i', ' '];
    const words: string[] = [''];
    for (let n = 0; n < 6; n++) for (const w of words.splice(0)) for (const c of alphabet) words.push(w + c, w);
    for (const text of new Set(words)) {
      const s = text.trimStart();
      if (!s) continue;
      const raw = s.slice(0, wordEnd(s, 0, s.length));
      const w = wordChars(raw);
      expect(w.value, raw).toBe(wordValue(raw, 0, raw.length));
      w.from.forEach((f, k) => {
        const bytes = raw.slice(f, w.to[k]);
        expect(bytes === w.value[k] || bytes === `\\${w.value[k]}`, raw).toBe(true);
      });
    }
  });

  it('reads `\\\\` as one backslash, other backslashes as written', () => {
    expect(wordChars('"\\\\icons"')).toEqual({ value: '\\icons', from: [1, 3, 4, 5, 6, 7], to: [3, 4, 5, 6, 7, 8] });
    expect(wordChars('\\i').value).toBe('\\i');
  });
});
