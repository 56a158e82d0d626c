/** Runs one command as a child process and reads its wall time, CPU time and peak RSS. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface Measured {
  /** Wall-clock milliseconds. */
  ms: number;
  /** User + system CPU milliseconds (NaN when GNU time is missing). */
  cpuMs: number;
  /** Peak resident set size in MB (NaN when GNU time is missing). */
  rssMb: number;
  status: number | null;
  timedOut: boolean;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';

/** Runs `cmd args` under GNU time (when installed) and coreutils' timeout; `scratch` is a directory for its report. */
export function measure(cmd: string, args: readonly string[], scratch: string, timeoutMs: number): Measured {
  const report = join(scratch, 'time.out');
  rmSync(report, { force: true });
  const timed = existsSync(GNU_TIME);
  // coreutils' timeout stops the command itself (a limit on GNU time would leave its child running); it exits 124 then.
  const limited = ['timeout', `${Math.ceil(timeoutMs / 1000)}s`, cmd, ...args];
  const t0 = performance.now();
  const r = timed
    ? spawnSync(GNU_TIME, ['-f', '%U %S %M', '-o', report, ...limited], { encoding: 'latin1', maxBuffer: 1 << 30 })
    : spawnSync(limited[0]!, limited.slice(1), { encoding: 'latin1', maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  const timedOut = r.status === 124;
  let cpuMs = NaN;
  let rssMb = NaN;
  if (timed && existsSync(report)) {
    // GNU time puts "Command exited with non-zero status N" before the figures: they are on the last line.
    const last = readFileSync(report, 'utf8').trim().split('\n').pop() ?? '';
    const [user, sys, rssKb] = last.split(' ').map(Number);
    if (user !== undefined && sys !== undefined && rssKb !== undefined) {
      cpuMs = (user + sys) * 1000;
      rssMb = rssKb / 1024;
    }
  }
  return { ms, cpuMs, rssMb, status: r.status, timedOut, stderr: r.stderr ?? '' };
}

/**
 * Each command run `runs` times, in turn (so a busy neighbour weighs on all of them alike), and for
 * each the run of median CPU time: a start-up costs tens of ms, near GNU time's 10 ms resolution.
 */
export function measureMedians(commands: readonly (readonly [string, readonly string[]])[], scratch: string, timeoutMs: number, runs: number): Measured[] {
  const all = commands.map(() => [] as Measured[]);
  for (let i = 0; i < runs; i++) commands.forEach(([cmd, args], k) => all[k]!.push(measure(cmd, args, scratch, timeoutMs)));
  return all.map((ms) => [...ms].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(ms.length / 2)]!);
}
