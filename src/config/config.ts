/**
 * The configuration file: `.httpd-migrate.json`, or the `httpd-migrate` key of a `package.json`,
 * the nearest one found walking up from a file's directory (the nearest wins whole, as with
 * prettier; nothing is merged). Every path in it is taken against its own directory.
 */
import { readFileSync } from 'node:fs';
import { isFile } from '../project/stat.js';
import { dirname, join, resolve } from 'node:path';
import type { RuleSetting } from '../engine/settings.js';
import { LineCounter } from '../parse/line-counter.js';
import { UsageError } from '../cli/errors.js';

export const CONFIG_NAME = '.httpd-migrate.json';
export const PACKAGE_KEY = 'httpd-migrate';

export interface Config {
  /** Rule id → off, on (its own severity), error, warning or info. */
  rules: Record<string, RuleSetting>;
  mpm?: string;
  /** Absolute (resolved against the config file's directory). */
  serverRoot?: string;
  /** gitignore-syntax patterns, relative to `dir`. */
  ignorePatterns: string[];
}

export interface LoadedConfig {
  /** The file it came from. */
  path: string;
  /** Its directory: the base of serverRoot and ignorePatterns. */
  dir: string;
  config: Config;
}

const SETTINGS: readonly string[] = ['off', 'on', 'error', 'warning', 'info'];
const MPMS: readonly string[] = ['prefork', 'worker', 'event'];
const KEYS: readonly string[] = ['$schema', 'rules', 'mpm', 'serverRoot', 'ignorePatterns'];

/** A bad config file: the message starts with `file:line:col`. */
export class ConfigError extends UsageError {}

/** Reads one config file (a `.httpd-migrate.json`, or a package.json's key); null for a package.json without the key. */
export function readConfig(path: string, knownRules: ReadonlySet<string>): LoadedConfig | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError(`${path}: cannot read the config file: ${(e as Error).message}`);
  }
  const at = (needle: string | number) => {
    const offset = typeof needle === 'number' ? needle : Math.max(0, text.indexOf(needle));
    const p = new LineCounter(text).position(offset);
    return `${path}:${p.line}:${p.col}`;
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    throw new ConfigError(`${at(m ? Number(m[1]) : 0)}: invalid JSON: ${(e as Error).message}`);
  }
  const isPackage = path.endsWith('package.json');
  const raw = isPackage ? (json as Record<string, unknown> | null)?.[PACKAGE_KEY] : json;
  if (raw === undefined && isPackage) return null;
  const fail = (key: string, why: string): never => { throw new ConfigError(`${at(`"${key}"`)}: ${why}`); };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(isPackage ? PACKAGE_KEY : '{', 'the configuration must be a JSON object');
  const obj = raw as Record<string, unknown>;
  for (const k of Object.keys(obj)) if (!KEYS.includes(k)) fail(k, `unknown key '${k}' (known: ${KEYS.slice(1).join(', ')})`);
  const dir = dirname(path);
  const config: Config = { rules: {}, ignorePatterns: [] };
  if (obj.rules !== undefined) {
    if (typeof obj.rules !== 'object' || obj.rules === null || Array.isArray(obj.rules)) fail('rules', "'rules' must map rule ids to off, on, error, warning or info");
    for (const [id, v] of Object.entries(obj.rules as Record<string, unknown>)) {
      if (!knownRules.has(id)) fail(id, `unknown rule id '${id}' (httpd-migrate rules lists them)`);
      if (typeof v !== 'string' || !SETTINGS.includes(v)) fail(id, `rule '${id}' must be off, on, error, warning or info, not ${JSON.stringify(v)}`);
      config.rules[id] = v as RuleSetting;
    }
  }
  if (obj.mpm !== undefined) {
    if (typeof obj.mpm !== 'string' || !MPMS.includes(obj.mpm)) fail('mpm', `'mpm' must be prefork, worker or event, not ${JSON.stringify(obj.mpm)}`);
    config.mpm = obj.mpm as string;
  }
  if (obj.serverRoot !== undefined) {
    if (typeof obj.serverRoot !== 'string' || obj.serverRoot === '') fail('serverRoot', "'serverRoot' must be a directory path");
    config.serverRoot = resolve(dir, obj.serverRoot as string);
  }
  if (obj.ignorePatterns !== undefined) {
    const list = obj.ignorePatterns;
    if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) fail('ignorePatterns', "'ignorePatterns' must be an array of strings (gitignore syntax)");
    config.ignorePatterns = list as string[];
  }
  return { path, dir, config };
}

/**
 * Finds the config that applies in `dir`: the nearest `.httpd-migrate.json`, or `package.json` with
 * an `httpd-migrate` key, walking up to the filesystem root. One finder caches per directory.
 */
export function configFinder(knownRules: ReadonlySet<string>): (dir: string) => LoadedConfig | null {
  const cache = new Map<string, LoadedConfig | null>();
  const find = (dir: string): LoadedConfig | null => {
    const known = cache.get(dir);
    if (known !== undefined) return known;
    let found: LoadedConfig | null = null;
    if (isFile(join(dir, CONFIG_NAME))) found = readConfig(join(dir, CONFIG_NAME), knownRules);
    else if (isFile(join(dir, 'package.json'))) found = readConfig(join(dir, 'package.json'), knownRules);
    if (!found && dirname(dir) !== dir) found = find(dirname(dir));
    cache.set(dir, found);
    return found;
  };
  return find;
}
