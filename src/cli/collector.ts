/**
 * V8's garbage collector, tuned for what a run does: build a model of the whole tree and keep it to
 * the end. The process's own settings, so only bin/httpd-migrate.js turns them on (a library caller
 * keeps its own), once the bundle is compiled from its code cache: V8 rejects a cache made under
 * other flags. V8 reads these flags at each collection, so setting them at run time takes effect.
 *
 * - The young generation stays at its starting size (semi-spaces of 1 MB) instead of doubling up
 *   to 16 MB: a run's objects either die young or live to the end.
 * - The old generation may grow to 1.4× what survived the last full collection, where V8 allows up
 *   to 4× while a program allocates fast.
 *
 * On 10,000 vhosts (5.4 MB) peak RSS went from about 390 to about 245 MB for about 5% more CPU
 * (1.6×: 250–280 MB at the same CPU). A tree over LARGE_TREE_BYTES gets its young generation back
 * and 1.6×: there a small young generation promotes objects that would have died young, and full
 * collections of a heap of hundreds of MB cost more than they save (50,000 vhosts, 27 MB:
 * 14.5 s and 1.46 GB with V8's defaults, 19–23 s with a small young generation, 13.9 s and
 * 1.19 GB with 1.6× alone).
 */
import { setFlagsFromString } from 'node:v8';

const TUNED = '--semi-space-growth-factor=1 --heap-growing-percent=40';
/** A large tree's settings: its young generation grows again, and its old generation to 1.6×. */
const LARGE = '--semi-space-growth-factor=2 --heap-growing-percent=60';
/** V8's defaults for the same two flags (node --v8-options). */
const DEFAULTS = '--semi-space-growth-factor=2 --heap-growing-percent=0';
const LARGE_TREE_BYTES = 12_000_000;

/** Turns the tuning on, for this process. */
export function tuneCollector(): void {
  setFlagsFromString(TUNED);
}

/** Back to V8's defaults, as the code cache must be recorded (it carries a hash of the flags). */
export function untuneCollector(): void {
  setFlagsFromString(DEFAULTS);
}

/** Told the size of the tree once it is read: a large tree lets its young generation grow. */
export function collectorForTree(bytes: number): void {
  if (bytes > LARGE_TREE_BYTES) setFlagsFromString(LARGE);
}
