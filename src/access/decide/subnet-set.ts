/**
 * A long list of subnets (a blocklist of thousands of `Deny from` words, or of `Require ip` ones) with
 * its IPv4 subnets as sorted, merged intervals: whether one of them holds a client address is a
 * binary search, not a test of each subnet for each request. The partition probes both sides of
 * every subnet, so testing each one made a list of N subnets cost N² tests (20,000 `Allow from`
 * lines in one `<Directory>`: 72 s).
 */
import { type Address, isContiguous, type Subnet } from '../model/index.js';
import { cacheSlot, type RunCache } from '../../project/run-cache.js';

/** Lists shorter than this are tested word by word. */
export const LONG_LIST = 32;

/** A long list: its IPv4 subnets as intervals, and the words tested one by one (other words, IPv6, non-contiguous masks). */
interface SplitList<T> {
  /** Disjoint, sorted: interval i is [lo[i], hi[i]] (32-bit addresses). */
  lo: Float64Array;
  hi: Float64Array;
  rest: readonly T[];
}

const SPLITS = cacheSlot('long subnet lists as IPv4 intervals', () => new WeakMap<readonly unknown[], SplitList<unknown>>());

/**
 * `list` split for lookups (made once per list in the run's memo): `subnetOf` gives a word's subnet, or
 * null for a word that is not one. An IPv4 subnet with a contiguous mask is an interval (one whose
 * address has bits outside its mask holds no address, as subnetContains says, and is left out).
 */
function splitList<T>(cache: RunCache, list: readonly T[], subnetOf: (x: T) => Subnet | null): SplitList<T> {
  const splits = cache.get(SPLITS) as WeakMap<readonly T[], SplitList<T>>;
  let split = splits.get(list);
  if (split) return split;
  const spans: [number, number][] = [];
  const rest: T[] = [];
  for (const x of list) {
    const s = subnetOf(x);
    if (!s || s.family !== 4 || s.net32 === undefined || s.mask32 === undefined || !isContiguous(s)) { rest.push(x); continue; }
    if (((s.net32 & s.mask32) >>> 0) !== s.net32) continue;
    spans.push([s.net32, s.net32 + (0xffffffff - s.mask32)]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of spans) {
    const last = merged[merged.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  split = { lo: Float64Array.from(merged, (m) => m[0]), hi: Float64Array.from(merged, (m) => m[1]), rest };
  splits.set(list, split);
  return split;
}

/** Whether one of the intervals holds the address (an IPv4 subnet matches only an address with an IPv4 form, Address.v4). */
function inIntervals(split: SplitList<unknown>, addr: Address | null): boolean {
  if (!addr || addr.v4 === null) return false;
  const v = addr.v4;
  let lo = 0;
  let hi = split.lo.length - 1;
  // The last interval starting at or below v.
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (split.lo[mid]! <= v) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 && v <= split.hi[hi]!;
}

/**
 * Whether a word of `list` matches: `matches` tests one word. A list shorter than LONG_LIST is tested word by
 * word; a longer one through its split (its IPv4 subnets by interval, the rest word by word).
 */
export function anyInList<T>(
  cache: RunCache | undefined, list: readonly T[], subnetOf: (x: T) => Subnet | null, addr: Address | null, matches: (x: T) => boolean,
): boolean {
  if (!cache || list.length < LONG_LIST) {
    for (const x of list) if (matches(x)) return true;
    return false;
  }
  const split = splitList(cache, list, subnetOf);
  if (inIntervals(split, addr)) return true;
  for (const x of split.rest) if (matches(x)) return true;
  return false;
}
