/**
 * The access files httpd never opens: no context's AllowOverride lets it read them, or no AccessFileName in
 * force names them ahead of another file in their directory (ownState's NEVER_READ and NOT_NAMED, as
 * prefer-require reports them). Their Order/Allow/Deny lines need no module in 2.4, as they had no effect in 2.2.
 */
import type { ConfigFile } from '../../ast/nodes.js';
import type { Project } from '../../project/project.js';
import { projectModel } from '../model/index.js';
import { NEVER_READ, NOT_NAMED, ownState } from './translate-scope.js';

/** The files among `files` that are access files of `project` which no context of its 2.4 reading opens. */
export function neverReadAccessFiles(project: Project, files: readonly ConfigFile[]): Set<ConfigFile> {
  const out = new Set<ConfigFile>();
  const access = files.filter((f) => project.byPath.get(f.path)?.kind === 'htaccess');
  if (!access.length) return out;
  const model = projectModel(project, '2.4');
  for (const f of access) {
    const scope = model.scopes.find((s) => s.kind === 'htaccess' && s.path === f.path);
    const unread = scope ? ownState(model, scope)?.unread : undefined;
    if (unread === NEVER_READ || unread === NOT_NAMED) out.add(f);
  }
  return out;
}
