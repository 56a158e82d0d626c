/**
 * What the loaded tree says about .htaccess files: the AccessFileName lists,
 * the DocumentRoots, and each <Directory>'s AllowOverride, enough to tell
 * where httpd never opens an .htaccess at all (§1.9: an explicit
 * `AllowOverride None` means the file is not even opened).
 */
import { fnmatch } from './fnmatch.js';
import { accessFileList } from '../apache/access-file-name.js';

export interface DirSection {
  /** Unique within one load, for telling two sections with the same path apart. */
  id: number;
  /** The resolved path (literal or wildcard); the regex for a regex section. */
  path: string;
  kind: 'literal' | 'wildcard' | 'regex';
  inVirtualHost: boolean;
  /** The last AllowOverride in the section: whether it was None. */
  overrideNone?: boolean;
  /** An AllowOverrideList other than None (2.4), which opens the files even under AllowOverride None. */
  overrideList?: boolean;
  /** Where the section opens: file and offsets of its first line, for findings. */
  at?: { path: string; start: number; end: number };
}

export interface TreeFacts {
  dirs: DirSection[];
  /** Resolved DocumentRoot values, in reading order. */
  docRoots: string[];
  /** The absolute directories (or files) Alias and ScriptAlias lines map URLs to, in reading order. */
  aliasTargets: string[];
  /** What the paths AliasMatch, ScriptAliasMatch and UserDir lines map URLs to begin with (url-mappings.ts mappedPrefixes). */
  targetPrefixes: string[];
  /** Every AccessFileName line's names, in reading order. */
  accessNames: { names: string[]; inVirtualHost: boolean }[];
}

export function emptyFacts(): TreeFacts {
  return { dirs: [], docRoots: [], aliasTargets: [], targetPrefixes: [], accessNames: [] };
}

/** Whether a section, by itself, lets httpd open the files (undefined: it says nothing). */
function opens(s: DirSection): boolean | undefined {
  if (s.overrideList) return true;
  return s.overrideNone === undefined ? undefined : !s.overrideNone;
}

function components(path: string): string[] {
  return path.split('/').filter((p) => p !== '');
}

/** A non-regex <Directory> applies to `dir` when its components match the first ones of `dir` (fnmatch, FNM_PATHNAME). */
function applies(s: DirSection, dir: string): boolean {
  const want = components(s.path);
  const have = components(dir);
  if (want.length > have.length) return false;
  return want.every((w, i) => (s.kind === 'literal' ? w === have[i] : fnmatch(w, have[i]!, { period: false })));
}

/** True when some regex or wildcard section could open files somewhere we cannot place exactly. */
export function hasLooseOpeners(facts: TreeFacts): boolean {
  return facts.dirs.some((s) => s.kind !== 'literal' && opens(s) === true);
}

/**
 * For each directory: false only when httpd surely never opens an .htaccess in it: the
 * server-level sections that apply, shortest path first as httpd merges them, end in
 * AllowOverride None, and no <VirtualHost> or regex section that could apply says otherwise. The
 * 2.2 default (All) opens them. The literal sections are indexed by path once, so that each
 * directory looks up its own path and those above it (a tree of thousands of sites and as many
 * .htaccess directories stays linear); the wildcard ones are tested one by one.
 */
export function overrideOpener(facts: TreeFacts): (dir: string) => boolean {
  const regexOpens = facts.dirs.some((s) => s.kind === 'regex' && opens(s) === true);
  const literal = new Map<string, { s: DirSection; at: number }[]>();
  const wildcard: { s: DirSection; at: number }[] = [];
  facts.dirs.forEach((s, at) => {
    if (s.kind === 'wildcard') wildcard.push({ s, at });
    else if (s.kind === 'literal') {
      const key = components(s.path).join('/');
      const list = literal.get(key);
      if (list) list.push({ s, at }); else literal.set(key, [{ s, at }]);
    }
  });
  return (dir) => {
    if (regexOpens) return true;
    const have = components(dir);
    const found = wildcard.filter(({ s }) => applies(s, dir));
    for (let n = 0; n <= have.length; n++) found.push(...(literal.get(have.slice(0, n).join('/')) ?? []));
    const applying = found
      .map(({ s, at }) => ({ s, at, depth: components(s.path).length }))
      .sort((a, b) => a.depth - b.depth || a.at - b.at)
      .map((x) => x.s);
    let server: boolean | undefined;
    for (const s of applying) if (!s.inVirtualHost && opens(s) !== undefined) server = opens(s);
    if (server !== false) return true;
    return applying.some((s) => s.inVirtualHost && opens(s) === true);
  };
}

/** The AccessFileName lists in force: the last server-level one (default `.htaccess`), then each virtual host's. */
export function accessFileLists(facts: TreeFacts): (readonly string[])[] {
  let server: string[] | undefined;
  const lists: string[][] = [];
  for (const a of facts.accessNames) {
    if (a.names.length === 0) continue;
    if (a.inVirtualHost) lists.push(a.names);
    else server = a.names;
  }
  return [accessFileList(undefined, server), ...lists];
}
