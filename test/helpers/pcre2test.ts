/** pcre2test (Debian's pcre2-utils) as the reference for PCRE2, the regex library of httpd 2.4. */
import { execFileSync } from 'node:child_process';

/** pcre2test on one regex (no `%` in it) and subject: 'error' when it does not compile, else whether it matches. */
export function pcre2(regex: string, subject: string): 'error' | boolean {
  const out = execFileSync('pcre2test', [], { input: `%${regex}%\n${subject}\n`, encoding: 'latin1' });
  if (/Failed: error/.test(out)) return 'error';
  return !/No match/.test(out);
}

/** Whether pcre2test runs here; without it the caller skips, or fails under HTTPD_REQUIRED=1. */
export function hasPcre2test(): boolean {
  try {
    execFileSync('pcre2test', ['-version']);
    return true;
  } catch {
    if (process.env.HTTPD_REQUIRED === '1') throw new Error('HTTPD_REQUIRED=1 but pcre2test not found: apt-get install -y pcre2-utils');
    console.warn('pcre2test not found: apt-get install -y pcre2-utils (skipping)');
    return false;
  }
}
