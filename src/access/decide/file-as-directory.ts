/**
 * Whether the directory walk takes an existing file for one more directory (request.c's "first optimization",
 * 2.2.34 and 2.4): it skips the lstat under FollowSymLinks without SymLinksIfOwnerMatch, as the options stand
 * once it has merged the sections and .htaccess files of the file's own directory. Then a `<Directory>` naming
 * the file, or a wildcard one whose last component matches its name, applies to it (match.ts); otherwise the
 * walk stops at the file, and only where the path is a directory do they apply.
 */
import type { Model, Scope } from '../model/index.js';
import { mergeOptions, type OptionsState, SERVER_OPTIONS, takesFileForDirectory } from '../../apache/options.js';
import { cacheSlot } from '../../project/run-cache.js';
import { directoriesCovering, htaccessCovering, walkOrder } from './context-index.js';
import { readInContext } from './access-file-read.js';
import { htaccessOverride } from './overrides.js';

const WALKS = cacheSlot('whether the walk takes a file for a directory, per model and directory', () => new WeakMap<Model, Map<string, boolean>>());

/** For a request of context `vhost` ('' = main server) to a file in `dir`. True wherever no Options line may change it. */
export function walkTakesFile(model: Model, vhost: string, dir: string): boolean {
  if (!model.symlinkOptions) return true;
  const byModel = model.cache.get(WALKS);
  let known = byModel.get(model);
  if (!known) byModel.set(model, (known = new Map()));
  const key = `${vhost}\0${dir}`;
  let takes = known.get(key);
  if (takes === undefined) known.set(key, (takes = takesFileForDirectory(optionsAt(model, vhost, dir))));
  return takes;
}

/**
 * The options in force in `dir`: the server's own (a virtual host's merged onto the main server's), then each
 * `<Directory>` that covers it and each .htaccess on the way that is read and may set Options, in the walk's order.
 * (A .htaccess whose Options line AllowOverride refuses fails the request with 500 whatever the options.)
 */
function optionsAt(model: Model, vhost: string, dir: string): OptionsState {
  let conf = model.serverOptions?.get('') ?? SERVER_OPTIONS;
  if (vhost !== '') conf = mergeOptions(conf, model.serverOptions?.get(vhost) ?? SERVER_OPTIONS);
  const read = (h: Scope) => h.options !== undefined && readInContext(model, vhost, h) && htaccessOverride(model, vhost, h.pattern).categories.has('options');
  const walked = [...directoriesCovering(model, vhost, dir), ...htaccessCovering(model, vhost, dir).filter(read)];
  for (const s of walked.sort(walkOrder(model.cache))) if (s.options) conf = mergeOptions(conf, s.options);
  return conf;
}
