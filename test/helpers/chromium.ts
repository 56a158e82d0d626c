/** Headless Chromium for the HTML report tests: skip where it is missing, fail in CI (HTTPD_REQUIRED=1, as .ci/run sets). */
import { findChromium } from '../../scripts/chromium.mjs';

export { runChromium } from '../../scripts/chromium.mjs';

const HINT = 'chromium not found: apt-get install chromium (or set CHROMIUM=/path) to run the HTML report tests (skipping)';

export function requireChromiumOrSkip(): { skip: boolean; reason: string } {
  if (findChromium()) return { skip: false, reason: '' };
  if (process.env.HTTPD_REQUIRED === '1' || process.env.CHROMIUM_REQUIRED === '1') throw new Error(`chromium is required here but ${HINT}`);
  console.warn(HINT);
  return { skip: true, reason: HINT };
}

/** The text a person sees: tags dropped, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
