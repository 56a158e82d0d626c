/** The arguments of a check/diff/write run that name the tree, for the next command the summary suggests. */

import { shellQuote } from '../report/escape.js';

/**
 * The options of a check/diff/write run that name the tree (a part of the command's options,
 * declared here so that this file and the command do not import each other).
 */
export interface TreeOptions {
  paths: readonly string[];
  serverRoot?: string;
  followIncludes: boolean;
  htaccess: boolean;
  only?: readonly string[];
  disable?: readonly string[];
  suggestions?: boolean | readonly string[];
  mpm?: string;
  pruneLegacy?: boolean;
  httpd?: string;
  /** More directories inside the tree (--root). */
  roots?: readonly string[];
  /** --config <file>, or false for --no-config. */
  config?: string | false;
  /** False for --no-ignore. */
  ignore?: boolean;
  /** The path standard input (`-`) stands for (--stdin-filename): its kind, config and the patch's file name. */
  stdinFilename?: string;
}

/** A path as an argument: one starting with - (not standard input's -) is written ./-name, never read as an option. */
function pathArg(path: string): string {
  return path.startsWith('-') && path !== '-' ? `./${path}` : path;
}

/** The paths and the options that change what is migrated (not the output format, backups or --force). */
export function treeArgs(opts: TreeOptions): string {
  const words = opts.paths.map(pathArg);
  if (opts.stdinFilename !== undefined) words.push('--stdin-filename', opts.stdinFilename);
  if (opts.serverRoot !== undefined) words.push('--server-root', opts.serverRoot);
  for (const root of opts.roots ?? []) words.push('--root', root);
  if (opts.config === false) words.push('--no-config');
  else if (opts.config !== undefined) words.push('--config', opts.config);
  if (opts.ignore === false) words.push('--no-ignore');
  if (!opts.followIncludes) words.push('--no-follow-includes');
  if (!opts.htaccess) words.push('--no-htaccess');
  if (opts.only?.length) words.push('--only', opts.only.join(','));
  if (opts.disable?.length) words.push('--disable', opts.disable.join(','));
  if (opts.suggestions === true) words.push('--apply-suggestions');
  else if (Array.isArray(opts.suggestions) && opts.suggestions.length) words.push(`--apply-suggestions=${opts.suggestions.join(',')}`);
  if (opts.mpm !== undefined) words.push('--mpm', opts.mpm);
  if (opts.pruneLegacy) words.push('--prune-legacy');
  if (opts.httpd !== undefined) words.push('--httpd', opts.httpd);
  return words.map(shellQuote).join(' ');
}
