/**
 * The access files httpd never opens: no context's AllowOverride lets it read them, or no AccessFileName in
 * force names them ahead of another file in their directory (ownState's NEVER_READ and NOT_NAMED, as
 * prefer-require reports them). Their Order/Allow/Deny lines need no module in 2.4, as they had no effect in 2.2.
 */
import type { ConfigFile } from '../../ast/nodes.js';
import type { Project } from '../../project/project.js';
import { memo } from '../../ast/memo.js';
import { projectModel, type Scope } from '../model/index.js';
import { NEVER_READ, NOT_NAMED, ownState } from './translate-scope.js';

/** The files among `files` that are access files of `project` which no context of its 2.4 reading opens. */
export function neverReadAccessFiles(project: Project, files: readonly ConfigFile[]): Set<ConfigFile> {
  const out = new Set<ConfigFile>();
  const access = files.filter((f) => project.byPath.get(f.path)?.kind === 'htaccess');
  if (!access.length) return out;
  // Decided by path on the project's model, once per file: the rules ask on every pass, and each answer merges
  // the file's directory in every context that may read it (250 one-vhost files with a .htaccess each: 4.8 s).
  const known = memo(project, 'neverReadAccessFiles', () => new Map<string, boolean>());
  // One model for every answer: the deciders index a model's sections once (match.ts), and each
  // projectModel call gives a new copy to index, which grew with the square of the .htaccess files (1,000: 3.4 s of 7.7).
  const { model, scopes } = memo(project, 'neverReadAccessFiles:scopes', () => {
    const model = projectModel(project, '2.4');
    const byPath = new Map<string, Scope>();
    for (const s of model.scopes) if (s.kind === 'htaccess' && !byPath.has(s.path)) byPath.set(s.path, s);
    return { model, scopes: byPath };
  });
  for (const f of access) {
    let never = known.get(f.path);
    if (never === undefined) {
      const scope = scopes.get(f.path);
      const unread = scope ? ownState(model, scope)?.unread : undefined;
      known.set(f.path, (never = unread === NEVER_READ || unread === NOT_NAMED));
    }
    if (never) out.add(f);
  }
  return out;
}
