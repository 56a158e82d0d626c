/**
 * Whether httpd 2.4 reads a part of the tree at all. Text inside an
 * `<IfVersion>` that is false for 2.4 (`<IfVersion < 2.3.6>`) is skipped by
 * 2.4 and still read by 2.2, so the migration rules leave it as it is.
 */
import type { Directive, Section } from '../ast/nodes.js';
import { memo } from '../ast/memo.js';
import { walk } from '../ast/walk.js';
import { parse } from 'node:path';
import type { Project } from '../project/project.js';
import { HTACCESS_NOT_ENUMERATED, HTACCESS_SKIPPED } from '../project/discover.js';
import { conditionHolds } from '../apache/conditions.js';

/** True for a section whose body 2.4 skips whatever the modules and -D names: an `<IfVersion>` false for 2.4. */
export function skippedBy24(section: Section): boolean {
  return conditionHolds(section, { version: '2.4' }) === false;
}

/** True when 2.4 reads what lies inside these sections. */
export function readBy24(ancestors: readonly Section[]): boolean {
  return !ancestors.some(skippedBy24);
}

/**
 * The first Include or IncludeOptional line 2.4 reads whose files the project did not read: no
 * include site records it (`--no-follow-includes`). What those files hold is unknown.
 */
export function unreadInclude(project: Project): { display: string; directive: Directive } | null {
  return memo(project, 'unreadInclude', () => {
    // By file and words, not by node: the rules that run on the migrated tree see other trees than the reader's,
    // where prefer-include-optional may have made an Include line IncludeOptional (the same files).
    const key = (path: string, d: Directive) => [path, ...d.args.map((a) => a.value)].join('\0');
    const sites = new Set(project.includes.map((s) => key(s.from, s.directive)));
    for (const f of project.files) {
      let found: Directive | null = null;
      walk(f.ast, { directive: (d, anc) => { if (!found && (d.lname === 'include' || d.lname === 'includeoptional') && !sites.has(key(f.path, d)) && readBy24(anc)) found = d; } });
      if (found) return { display: f.display, directive: found };
    }
    return null;
  });
}

/** Whether some Include line's files are out of sight: it read no file, or was not followed. What they hold is unknown. */
export function someIncludeUnseen(project: Project): boolean {
  return project.includes.some((site) => site.files.length === 0) || unreadInclude(project) !== null;
}

/**
 * The .htaccess files httpd may read that the project did not (a directory that could not be read
 * or listed, one outside the tree: the loader's findings), in words, or null. What they hold is unknown.
 * Not the root of the file system, which is never walked (a tree that leaves overrides on at `/`,
 * 2.2's default): no run would ever read those, and its own finding names the remedy.
 */
export function unreadAccessFiles(project: Project): string | null {
  const skipped = project.diagnostics.find((d) => d.code === HTACCESS_SKIPPED && parse(d.path).root !== d.path);
  if (skipped) return `the .htaccess files below ${skipped.path}`;
  const unlisted = project.diagnostics.find((d) => d.code === HTACCESS_NOT_ENUMERATED);
  return unlisted ? `the .htaccess files of the directories a wildcard or regex <Directory> of ${project.byPath.get(unlisted.path)?.display ?? unlisted.path} applies to` : null;
}
