/**
 * Per-file configuration for one run: the config file that applies to each file (or the one given
 * with --config, or none with --no-config), and whether the ignore file or the config's
 * ignorePatterns exclude it. The ignore file is `.httpd-migrate-ignore` in the working directory,
 * in gitignore syntax (the `ignore` package, as ESLint and prettier use it).
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { FileSettings } from '../engine/settings.js';
import { ConfigError, configFinder, PACKAGE_KEY, readConfig, type LoadedConfig } from './config.js';

export const IGNORE_FILE = '.httpd-migrate-ignore';

export interface ConfigOptions {
  cwd: string;
  /** --config: this file for every path, no lookup. */
  configPath?: string;
  /** --no-config: no config file at all. */
  noConfig?: boolean;
  /** --no-ignore: neither the ignore file nor ignorePatterns. */
  noIgnore?: boolean;
}

export interface Resolver {
  /** The config that applies to a file, or to a directory's own files when `isDir`. */
  configOf(path: string, isDir?: boolean): LoadedConfig | null;
  ignored(path: string): boolean;
  settingsFor(path: string): FileSettings;
}

/** The path below `base`, in the form `ignore` takes, or null when it is not below it. */
function below(base: string, path: string): string | null {
  const rel = relative(base, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? null : rel;
}

function readIgnoreFile(path: string): Ignore | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`${path}: cannot read the ignore file: ${(e as Error).message}`);
  }
  return ignore().add(text);
}

export function configResolver(options: ConfigOptions, knownRules: ReadonlySet<string>): Resolver {
  const cwd = options.cwd;
  let explicit: LoadedConfig | null = null;
  if (options.configPath !== undefined) {
    const path = resolve(cwd, options.configPath);
    explicit = readConfig(path, knownRules);
    if (!explicit) throw new ConfigError(`${path}: no '${PACKAGE_KEY}' key in this package.json`);
  }
  const find = configFinder(knownRules);
  const configOf = (path: string, isDir = false): LoadedConfig | null => {
    if (options.noConfig) return null;
    return explicit ?? find(isDir ? path : dirname(path));
  };
  const ignoreFile = options.noIgnore ? null : readIgnoreFile(join(cwd, IGNORE_FILE));
  const byConfig = new Map<string, Ignore>();
  const ignored = (path: string): boolean => {
    if (options.noIgnore) return false;
    const rel = below(cwd, path);
    if (ignoreFile && rel !== null && ignoreFile.ignores(rel)) return true;
    const c = configOf(path);
    if (!c || c.config.ignorePatterns.length === 0) return false;
    let ig = byConfig.get(c.path);
    if (!ig) byConfig.set(c.path, (ig = ignore().add(c.config.ignorePatterns)));
    const own = below(c.dir, path);
    return own !== null && ig.ignores(own);
  };
  return {
    configOf,
    ignored,
    settingsFor: (path) => ({ ignored: ignored(path), rules: configOf(path)?.config.rules ?? {} }),
  };
}
