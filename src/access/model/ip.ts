/**
 * APR's ipsubnet parsing and matching (apr_ipsubnet_create / apr_ipsubnet_test,
 * network_io/unix/sockaddr.c), which both httpd 2.2 `Allow from` and 2.4
 * `Require ip` use. Semantics §2.3.
 */
import { cacheSlot, type RunCache } from '../../project/run-cache.js';

export interface Subnet {
  family: 4 | 6;
  net: bigint;
  mask: bigint;
  /** An IPv4 subnet's net and mask as 32-bit numbers, so that a test allocates no bigint. */
  net32?: number;
  mask32?: number;
}

/** A client address: IPv4, IPv6, or IPv4-mapped IPv6 (which IPv4 rules also match). */
export interface Address {
  family: 4 | 6;
  value: bigint;
  /** For `::ffff:a.b.c.d`, the embedded IPv4 address. */
  mapped4: bigint | null;
  /** The IPv4 address IPv4 rules test (`value` or `mapped4`) as a 32-bit number, else null. */
  v4: number | null;
}

export type SubnetResult = { ok: true; subnet: Subnet } | { ok: false; notIp: boolean; message: string };

const BAD_IP = 'The specified IP address is invalid.';
const BAD_MASK = 'The specified network mask is invalid.';
const V4_FULL = 0xffffffffn;
const V6_FULL = (1n << 128n) - 1n;

/** APR's looks_like_ip: contains a colon, or only digits and dots (and is not empty). */
export function looksLikeIp(s: string): boolean {
  return s.length > 0 && (s.includes(':') || /^[0-9.]*$/.test(s));
}

/** apr_inet_pton(AF_INET): exactly four decimal octets, each at most 255. */
export function parseV4(s: string): bigint | null {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (!m) return null;
  let v = 0n;
  for (let i = 1; i <= 4; i++) {
    const o = Number(m[i]);
    if (o > 255) return null;
    v = (v << 8n) | BigInt(o);
  }
  return v;
}

/** apr_inet_pton(AF_INET6), including an IPv4 tail (`::ffff:1.2.3.4`). */
export function parseV6(s: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null;
  const dbl = s.indexOf('::');
  if (dbl !== -1 && s.indexOf('::', dbl + 1) !== -1) return null;
  const groups = (part: string): bigint[] | null => {
    if (part === '') return [];
    const out: bigint[] = [];
    const items = part.split(':');
    for (const [i, it] of items.entries()) {
      if (it.includes('.')) {
        if (i !== items.length - 1) return null;
        const v4 = parseV4(it);
        if (v4 === null) return null;
        out.push(v4 >> 16n, v4 & 0xffffn);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(it)) return null;
        out.push(BigInt(parseInt(it, 16)));
      }
    }
    return out;
  };
  let all: bigint[];
  if (dbl === -1) {
    const g = groups(s);
    if (!g || g.length !== 8) return null;
    all = g;
  } else {
    const head = groups(s.slice(0, dbl));
    const tail = groups(s.slice(dbl + 2));
    if (!head || !tail || head.length + tail.length > 7) return null;
    all = [...head, ...Array<bigint>(8 - head.length - tail.length).fill(0n), ...tail];
  }
  return all.reduce((acc, g) => (acc << 16n) | g, 0n);
}

function isV4Mapped(v: bigint): boolean {
  return v >> 32n === 0xffffn;
}

/** APR parse_network: the legacy partial form `10`, `10.1.`, `10.1.2.3.` (octet-aligned). */
function parseNetwork(s: string): Subnet | null {
  if (s.length >= 16) return null;
  let net = 0n;
  let mask = 0n;
  let shift = 24n;
  let i = 0;
  while (i < s.length) {
    let j = i;
    while (j < s.length && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    if (j === i) return null;
    const octet = Number(s.slice(i, j));
    if (j < s.length) {
      if (s[j] !== '.') return null;
      j++;
    }
    if (shift < 0n || octet > 255) return null;
    net |= BigInt(octet) << shift;
    mask |= 0xffn << shift;
    i = j;
    shift -= 8n;
  }
  return { family: 4, net, mask };
}

/** apr_ipsubnet_create(ip, mask): `mask` is the text after `/`, or null. */
export function parseSubnet(ip: string, mask: string | null): SubnetResult {
  if (!looksLikeIp(ip)) return { ok: false, notIp: true, message: 'An IP address was expected' };
  let sub: Subnet;
  const v6 = parseV6(ip);
  if (v6 !== null && ip.includes(':')) {
    if (isV4Mapped(v6)) return { ok: false, notIp: false, message: BAD_IP };
    sub = { family: 6, net: v6, mask: V6_FULL };
  } else {
    const v4 = parseV4(ip);
    if (v4 !== null) sub = { family: 4, net: v4, mask: V4_FULL };
    else if (mask === null) {
      const n = parseNetwork(ip);
      if (!n) return { ok: false, notIp: false, message: BAD_IP };
      sub = n;
    } else return { ok: false, notIp: false, message: BAD_IP };
  }
  if (mask !== null) {
    const max = sub.family === 6 ? 128 : 32;
    const bitsMatch = /^\s*[+-]?\d+$/.exec(mask);
    const bits = bitsMatch ? Number(mask) : NaN;
    if (bitsMatch && bits > 0 && bits <= max) {
      const full = sub.family === 6 ? V6_FULL : V4_FULL;
      sub.mask = (full << BigInt(max - bits)) & full;
    } else {
      const m4 = parseV4(mask);
      if (m4 !== null && sub.family === 4) sub.mask = m4;
      else return { ok: false, notIp: false, message: BAD_MASK };
    }
  }
  sub.net &= sub.mask;
  if (sub.family === 4) { sub.net32 = Number(sub.net); sub.mask32 = Number(sub.mask); }
  return { ok: true, subnet: sub };
}

/** Parses one `Allow from` / `Require ip` word the way httpd does: `a/b` with a mask, otherwise bare. */
export function parseIpWord(word: string): SubnetResult {
  const slash = word.indexOf('/');
  return slash === -1 ? parseSubnet(word, null) : parseSubnet(word.slice(0, slash), word.slice(slash + 1));
}

const IP_WORDS = cacheSlot('Allow/Require ip words', () => new Map<string, SubnetResult>());

/** parseIpWord through the run's memo: every section with the same word shares one result, which callers must not change. */
export function ipWord(cache: RunCache, word: string): SubnetResult {
  const words = cache.get(IP_WORDS);
  let hit = words.get(word);
  if (!hit) words.set(word, (hit = parseIpWord(word)));
  return hit;
}

/** Parses a client address (`10.0.0.5`, `::1`, `::ffff:10.0.0.5`). */
export function parseAddress(s: string): Address | null {
  const v4 = parseV4(s);
  if (v4 !== null) return { family: 4, value: v4, mapped4: null, v4: Number(v4) };
  const v6 = parseV6(s);
  if (v6 === null) return null;
  const mapped4 = isV4Mapped(v6) ? v6 & V4_FULL : null;
  return { family: 6, value: v6, mapped4, v4: mapped4 === null ? null : Number(mapped4) };
}

const ADDRESSES = cacheSlot('client addresses', () => new Map<string, Address | null>());

/** parseAddress through the run's memo: the deciders see the same few client addresses on every request. */
export function clientAddress(cache: RunCache, s: string): Address | null {
  const addresses = cache.get(ADDRESSES);
  let hit = addresses.get(s);
  if (hit === undefined) addresses.set(s, (hit = parseAddress(s)));
  return hit;
}

/** apr_ipsubnet_test: IPv4 rules match IPv4 and IPv4-mapped clients; IPv6 rules only other IPv6 clients. */
export function subnetContains(sub: Subnet, addr: Address): boolean {
  if (sub.family === 4) {
    if (sub.net32 !== undefined && addr.v4 !== null) return ((addr.v4 & sub.mask32!) >>> 0) === sub.net32;
    const v = addr.family === 4 ? addr.value : addr.mapped4;
    return v !== null && (v & sub.mask) === sub.net;
  }
  return addr.family === 6 && addr.mapped4 === null && (addr.value & sub.mask) === sub.net;
}

/** True when the mask is a run of ones followed by zeros (so the subnet is one interval). */
export function isContiguous(sub: Subnet): boolean {
  const full = sub.family === 6 ? V6_FULL : V4_FULL;
  const inv = ~sub.mask & full;
  return (inv & (inv + 1n)) === 0n;
}

/** The first and last address of a subnet with a contiguous mask. */
export function subnetRange(sub: Subnet): [bigint, bigint] {
  const full = sub.family === 6 ? V6_FULL : V4_FULL;
  return [sub.net, sub.net | (~sub.mask & full)];
}

export function formatV4(v: bigint): string {
  const n = Number(v);
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

export function formatV6(v: bigint): string {
  const groups: string[] = [];
  for (let s = 112n; s >= 0n; s -= 16n) groups.push(((v >> s) & 0xffffn).toString(16));
  return groups.join(':');
}

export function formatAddress(family: 4 | 6, v: bigint): string {
  return family === 4 ? formatV4(v) : formatV6(v);
}

export { V4_FULL, V6_FULL };
