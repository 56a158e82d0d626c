/**
 * Reads the Require lines a translation printed back as 2.4 items, with the parser and the model
 * builder that read every configuration file: what gets proven is what httpd 2.4 will read. Read
 * as 2.2 items, they are what a later run that takes the result for a 2.2 tree reads (later-reading.ts).
 */
import { parse } from '../../parse/parser.js';
import { buildModel, isAccessItem, type Item, type Model, type Scope } from '../model/index.js';

export interface ReadTranslation {
  items: Item[];
  errors: string[];
}

/** A section's items with its access lines replaced by `access` (a translation's items): what a rewrite leaves it. */
export function rewrittenItems(s: Scope, access: readonly Item[]): Item[] {
  return [...s.items.filter((i) => !isAccessItem(i)), ...access];
}

/** The items of one translation's lines, read as the body of a `<Directory>` by `after`'s version under its modules. */
export function itemsOf(lines: readonly string[], after: Model): ReadTranslation {
  return readTranslations([lines], after)[0]!;
}

/** Translations parsed together: enough to make the parses few, few enough that one parse's tree stays small. */
const BATCH = 256;

/**
 * The items of many translations (as `after`'s version reads them), parsed together as one file per
 * batch (one `<Directory>` per translation) so that a project's thousands of rewrites cost few parses;
 * a batch is read one by one when its file does not come back as exactly one clean section per translation.
 */
export function readTranslations(translations: readonly (readonly string[])[], after: Model): ReadTranslation[] {
  const out: ReadTranslation[] = [];
  for (let i = 0; i < translations.length; i += BATCH) {
    const batch = translations.slice(i, i + BATCH);
    out.push(...(readAll(batch, after) ?? batch.map((t) => readAll([t], after)?.[0] ?? readOne(t, after))));
  }
  return out;
}

function text(translations: readonly (readonly string[])[]): string {
  return translations.map((lines, i) => `<Directory /translation-${i}>\n${lines.join('\n')}\n</Directory>\n`).join('');
}

function model(source: string, after: Model): { scopes: Scope[]; errors: string[] } {
  const file = parse(source, '\0translation', { version: after.version });
  const m = buildModel([{ file, kind: 'conf' }], {
    version: after.version, modules: after.modules, anyModule: after.cond?.anyModule ?? false, cache: after.cache,
  });
  return { scopes: m.scopes, errors: [...file.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), ...m.errors] };
}

function readAll(translations: readonly (readonly string[])[], after: Model): ReadTranslation[] | null {
  const { scopes, errors } = model(text(translations), after);
  if (errors.length || scopes.length !== translations.length || scopes.some((s, i) => s.pattern !== `/translation-${i}` || s.within)) return null;
  return scopes.map((s) => ({ items: s.items, errors: [...s.errors, ...unexpected(s.items, after.version)] }));
}

/** A translation that does not read as one section by itself: its errors, and no items. */
function readOne(lines: readonly string[], after: Model): ReadTranslation {
  const { errors } = model(text([lines]), after);
  return { items: [], errors: errors.length ? errors : ['the translation does not read as one section'] };
}

/** A translation holds Require lines (and AuthMerging) only: anything else read from it is a mistake of the translator. */
function unexpected(items: readonly Item[], version: Model['version']): string[] {
  const require = version === '2.2' ? 'require' : 'authz';
  return items.filter((i) => i.k !== require && i.k !== 'authmerging').map((i) => `unexpected line in a translation: ${i.k}`);
}
