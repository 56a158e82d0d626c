/** compareTrees: the old tree (2.2) against the new one (2.4), as {equivalent, counterexample}. */
import type { Project } from '../../project/project.js';
import { compareModels, type Comparison } from './equivalence.js';
import { loadedModules, type ModelOptions, projectModel } from '../model/index.js';

export function compareTrees(oldProject: Project, newProject: Project, opts: ModelOptions = {}): Comparison {
  const before = projectModel(oldProject, '2.2', opts);
  const loaded = loadedModules(newProject.files.map((f) => f.ast));
  const after = projectModel(newProject, '2.4', { ...opts, compat: loaded.length ? loaded.includes('access_compat') : true, overrides: 'real', asWritten: true });
  return compareModels(before, after);
}
