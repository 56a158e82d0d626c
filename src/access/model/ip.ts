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

/**
 * apr_inet_pton(AF_INET6), including an IPv4 tail (`::ffff:1.2.3.4`): APR's copy of BIND's
 * inet_pton6, quirks included (tested on the real 2.4.71 with `Require ip`): a group may have more
 * than four digits while its value fits (`00001::1`), a trailing single colon is accepted
 * (`1::2:`), and `::` may stand for no group at all (`1:2:3:4:5:6:7:8::`), in which case the group
 * before it is zeroed when the `::` comes last but one (`1:2:3:4:5:6:7::8` is 1:2:3:4:5:6:7:0).
 */
export function parseV6(s: string): bigint | null {
  const bytes = new Array<number>(16).fill(0);
  let tp = 0;
  let colonp = -1;
  let i = 0;
  if (s[0] === ':') {
    if (s[1] !== ':') return null;
    i = 1;
  }
  let curtok = i;
  let sawDigit = false;
  let val = 0;
  while (i < s.length) {
    const ch = s[i++]!;
    const digit = /[0-9a-fA-F]/.test(ch) ? parseInt(ch, 16) : -1;
    if (digit !== -1) {
      val = (val << 4) | digit;
      if (val > 0xffff) return null;
      sawDigit = true;
      continue;
    }
    if (ch === ':') {
      curtok = i;
      if (!sawDigit) {
        if (colonp !== -1) return null;
        colonp = tp;
        continue;
      }
      if (tp + 2 > 16) return null;
      bytes[tp++] = val >> 8;
      bytes[tp++] = val & 0xff;
      sawDigit = false;
      val = 0;
      continue;
    }
    const v4 = ch === '.' && tp + 4 <= 16 ? parseV4(s.slice(curtok)) : null;
    if (v4 === null) return null;
    for (let k = 3; k >= 0; k--) bytes[tp++] = Number((v4 >> BigInt(8 * k)) & 0xffn);
    sawDigit = false;
    break;
  }
  if (sawDigit) {
    if (tp + 2 > 16) return null;
    bytes[tp++] = val >> 8;
    bytes[tp++] = val & 0xff;
  }
  if (colonp !== -1) {
    // BIND's shift by hand, which zeroes what it moves onto itself.
    const n = tp - colonp;
    for (let k = 1; k <= n; k++) {
      bytes[16 - k] = bytes[colonp + n - k]!;
      bytes[colonp + n - k] = 0;
    }
    tp = 16;
  }
  if (tp !== 16) return null;
  return bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
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
    // atoi: glibc's (int)strtol, so `4294967423` wraps to 127 (real 2.4.71 accepts `Require ip 4294967423` as 127/8).
    const octet = Number(BigInt.asIntN(32, BigInt(s.slice(i, j))));
    if (j < s.length) {
      if (s[j] !== '.') return null;
      j++;
    }
    if (shift < 0n || octet < 0 || octet > 255) return null;
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
