/** The tree as the migration leaves its .htaccess files, read by 2.4 (the proof, the guard) or by 2.2 (a later run, later-reading.ts). */
import type { ConfigFile } from '../../ast/nodes.js';
import type { Project } from '../../project/project.js';
import { type Model, type ModelOptions, projectModel } from '../model/index.js';
import { uncoveredHtaccessDirs } from '../../rules-kit/directory-model.js';

/**
 * How the migration leaves the .htaccess files to be read: an explicit AllowOverride where 2.2 had its default (with
 * AuthConfig where Limit was granted), and the <Directory> sections explicit-allow-override adds for those no section covers.
 */
export function migratedOverrides(project: Project): { overrides: 'migrated'; overrideAddedFor: readonly string[] } {
  return { overrides: 'migrated', overrideAddedFor: uncoveredHtaccessDirs(project) };
}

/**
 * The tree read by 2.4 with mod_access_compat, its .htaccess files as the migration leaves them (migratedOverrides).
 * `replace`: edited files in place of the project's copies (the guard).
 */
export function migratedReading(project: Project, opts: ModelOptions = {}, replace?: ReadonlyMap<string, ConfigFile>): Model {
  return projectModel(project, '2.4', { ...opts, compat: true, ...migratedOverrides(project), ...(replace ? { replace } : {}) });
}
