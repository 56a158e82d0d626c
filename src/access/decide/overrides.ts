/**
 * AllowOverride as the directory walk reads it for a directory: the `<Directory>` sections that cover it, the
 * version's default, and, for the migrated reading, what the migration writes (semantics §1.9).
 */
import type { Model, Scope } from '../model/index.js';
import { overrideCategories } from '../../apache/allow-override.js';
import { dirCovers } from './patterns.js';
import { directoriesCovering } from './context-index.js';

/** The AllowOverride value in force for a directory and the `<Directory>` that set it. */
export function overrideSource(model: Model, vhost: string, dir: string): { value: string; scope: Scope } | null {
  let v: { value: string; scope: Scope } | null = null;
  const dirs = directoriesCovering(model, vhost, dir);
  dirs.sort((a, b) => a.pattern.split('/').length - b.pattern.split('/').length || (a.vhost === b.vhost ? 0 : a.vhost === '' ? -1 : 1) || a.order - b.order);
  for (const s of dirs) for (const it of s.items) if (it.k === 'set' && it.key === 'allowoverride') v = { value: it.value, scope: s };
  return v;
}

/**
 * The AllowOverride a .htaccess in `dir` is read under, for requests of `vhost`: its words ('' when
 * unset) and the categories they grant (overrideCategories), as the model reads it (the migrated tree's
 * AllowOverride when model.htaccessOverride is 'migrated'); and, for the options it allows, the words of every
 * AllowOverride line of the section it comes from (sectionWords).
 */
export function htaccessOverride(model: Model, vhost: string, dir: string): { value: string; categories: Set<string>; words: string[] } {
  const v24 = model.version === '2.4';
  const source = overrideSource(model, vhost, dir);
  const explicit = source?.value ?? null;
  const migrated = model.htaccessOverride === 'migrated';
  // The migration writes AllowOverride All into the <Directory> sections it sees, and adds one where no <Directory>
  // of the tree covers a .htaccess (model.overrideAddedFor); elsewhere 2.4 keeps its unset default (the file is read
  // with nothing allowed).
  const added = () => (model.overrideAddedFor ?? []).some((d) => dirCovers(model.cache, d, dir));
  const value = explicit ?? (!v24 || (migrated && (coveredByDirectory(model, vhost, dir) || added())) ? 'All' : '');
  const categories = overrideCategories(value.split(/\s+/).filter(Boolean));
  // allowoverride-authconfig adds AuthConfig next to Limit, except where it is what 2.2 refused a .htaccess under
  // (the AllowOverride that applies there: a deeper <Directory> granting AuthConfig lets 2.2 read it).
  const keep = source && (model.keepOverrideFor ?? []).some((d) => dirCovers(model.cache, source.scope.pattern, d) && overrideSource(model, vhost, d)?.scope === source.scope);
  if (migrated && categories.has('limit') && !keep) categories.add('authconfig');
  return { value, categories, words: source ? sectionWords(source.scope) : value.split(/\s+/) };
}

/**
 * The words of every AllowOverride line of a section, in order: the directory walk takes a section's AllowOverride
 * with the options its lines allowed (core_opts_merge copies override and override_opts together), and a line that
 * names no Options leaves what an earlier line of the same section set (set_override): `AllowOverride Options` then
 * `AllowOverride All` still allows only All's options (checked on 2.4.68).
 */
function sectionWords(scope: Scope): string[] {
  return scope.items.flatMap((it) => (it.k === 'set' && it.key === 'allowoverride' ? it.value.split(/\s+/) : []));
}

function coveredByDirectory(model: Model, vhost: string, dir: string): boolean {
  return directoriesCovering(model, vhost, dir).length > 0;
}
