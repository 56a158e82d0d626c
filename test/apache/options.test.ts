/**
 * core.c's per-directory options, for the two a directory walk reads (apache/options.ts): set_options on one line and
 * merge_core_dir_configs along the walk, bit for bit as the C code, 2.2's lines with signed and plain words mixed included.
 */
import { describe, expect, it } from 'vitest';
import { mayStopTakingFiles, mergeOptions, type OptionsState, readOptionsLine, SECTION_OPTIONS, SERVER_OPTIONS, takesFileForDirectory } from '../../src/apache/options.js';

/** The options after a walk through sections whose lines are given, one list of words per section. */
function walk(...sections: string[][]): OptionsState {
  return sections.reduce((conf, lines) => mergeOptions(conf, readOptionsLine(SECTION_OPTIONS, lines)), SERVER_OPTIONS);
}
const takes = (...sections: string[][]) => takesFileForDirectory(walk(...sections));

describe('the options a directory walk reads', () => {
  it('starts with FollowSymLinks, which a plain line replaces and a signed one adjusts', () => {
    expect(takes()).toBe(true);
    expect(takes(['Indexes'])).toBe(false);
    expect(takes(['Indexes', 'FollowSymLinks'])).toBe(true);
    expect(takes(['-Indexes'])).toBe(true);
    expect(takes(['-FollowSymLinks'])).toBe(false);
    expect(takes(['None'], ['+FollowSymLinks'])).toBe(true);
    expect(takes(['All'])).toBe(true);
    expect(takes(['FollowSymLinks', 'SymLinksIfOwnerMatch'])).toBe(false);
    expect(takes(['+SymLinksIfOwnerMatch'], ['-SymLinksIfOwnerMatch'])).toBe(true);
  });
  it('keeps a deeper plain line over the signed words above it', () => {
    expect(takes(['-FollowSymLinks'], ['FollowSymLinks'])).toBe(true);
    expect(takes(['FollowSymLinks'], ['-FollowSymLinks'], ['+Indexes'])).toBe(false);
  });
  it('carries 2.2\'s signed words before a plain one to the next section with signed words only', () => {
    // -FollowSymLinks is recorded as a removal, the plain words then set Indexes FollowSymLinks: the section itself
    // follows links, and a section below it with +ExecCGI alone merges the removal back in (merge_core_dir_configs).
    const line = readOptionsLine(SECTION_OPTIONS, ['-FollowSymLinks', 'Indexes', 'FollowSymLinks']);
    expect(takesFileForDirectory(mergeOptions(SERVER_OPTIONS, line))).toBe(true);
    expect(takes(['-FollowSymLinks', 'Indexes', 'FollowSymLinks'], ['+ExecCGI'])).toBe(false);
  });
  it('marks only a line that may leave the walk without FollowSymLinks or with SymLinksIfOwnerMatch', () => {
    const may = (...words: string[]) => mayStopTakingFiles(readOptionsLine(SECTION_OPTIONS, words));
    expect([may('FollowSymLinks'), may('+FollowSymLinks'), may('-Indexes'), may('All'), may('Indexes', 'FollowSymLinks')]).toEqual([false, false, false, false, false]);
    expect([may('None'), may('Indexes'), may('-FollowSymLinks'), may('+SymLinksIfOwnerMatch'), may('-Indexes', 'ExecCGI')]).toEqual([true, true, true, true, true]);
    // The line itself follows links, but its removal comes back below it (the carried words above).
    expect(may('-FollowSymLinks', 'Indexes', 'FollowSymLinks')).toBe(true);
  });
});
