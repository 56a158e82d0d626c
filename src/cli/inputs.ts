/**
 * What check, diff and write read besides the flags: the config file and ignore file that apply,
 * and standard input for the path `-` (named by --stdin-filename, which gives it its kind, its
 * config and its ignore patterns).
 */
import { isDirectory } from '../project/stat.js';
import { resolve } from 'node:path';
import { allRules } from '../../rules/index.js';
import { configResolver, type Resolver } from '../config/resolve.js';
import { UsageError } from './errors.js';
import { readAllStdin, type Io } from './io.js';

export const KNOWN_RULE_IDS: ReadonlySet<string> = new Set(allRules.map((r) => r.meta.id));

export interface InputOptions {
  paths: string[];
  /** --config <file>, or false for --no-config. */
  config?: string | false;
  /** False for --no-ignore. */
  ignore?: boolean;
  stdinFilename?: string;
  serverRoot?: string;
  mpm?: string;
}

export interface Inputs {
  /** The paths with `-` replaced by the stdin file's path. */
  paths: string[];
  /** The bytes of standard input, under its path, when `-` was given. */
  contents: Map<string, Buffer>;
  resolver: Resolver;
  /** --server-root, else the config's serverRoot (of the first path's config). */
  serverRoot?: string;
  mpm?: string;
}


export function resolverFor(opts: InputOptions, io: Io): Resolver {
  return configResolver({
    cwd: io.cwd, configPath: typeof opts.config === 'string' ? opts.config : undefined, noConfig: opts.config === false, noIgnore: opts.ignore === false,
  }, KNOWN_RULE_IDS);
}

export async function readInputs(opts: InputOptions, io: Io, mode: string): Promise<Inputs> {
  const resolver = resolverFor(opts, io);
  const dashes = opts.paths.filter((p) => p === '-').length;
  if (dashes > 1) throw new UsageError("'-' (standard input) can be given once");
  if (dashes === 0 && opts.stdinFilename !== undefined) throw new UsageError("--stdin-filename names standard input, so it needs the path '-'");
  if (dashes === 1 && mode === 'write') throw new UsageError("write cannot write standard input back; use 'diff -' for the patch");
  const contents = new Map<string, Buffer>();
  let paths = opts.paths;
  if (dashes === 1) {
    const path = resolve(io.cwd, opts.stdinFilename ?? '<stdin>');
    contents.set(path, await readAllStdin(io));
    paths = paths.map((p) => (p === '-' ? path : p));
  }
  const first = paths[0] === undefined ? undefined : resolve(io.cwd, paths[0]);
  const config = first === undefined ? null : resolver.configOf(first, !contents.has(first) && isDirectory(first));
  return { paths, contents, resolver, serverRoot: opts.serverRoot ?? config?.config.serverRoot, mpm: opts.mpm ?? config?.config.mpm };
}

/** --print-config <file>: the configuration that applies to that file, as JSON. */
export function printConfig(file: string, opts: InputOptions, io: Io): string {
  const resolver = resolverFor(opts, io);
  const path = resolve(io.cwd, file);
  const loaded = resolver.configOf(path);
  const settings = resolver.settingsFor(path);
  const rules = Object.fromEntries([...KNOWN_RULE_IDS].map((id) => [id, settings.rules[id] ?? 'on']));
  const doc = {
    file: path,
    configFile: loaded?.path ?? null,
    ignored: settings.ignored,
    mpm: opts.mpm ?? loaded?.config.mpm ?? null,
    serverRoot: opts.serverRoot !== undefined ? resolve(io.cwd, opts.serverRoot) : loaded?.config.serverRoot ?? null,
    ignorePatterns: loaded?.config.ignorePatterns ?? [],
    rules,
  };
  return JSON.stringify(doc, null, 2) + '\n';
}
