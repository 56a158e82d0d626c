/**
 * Whether httpd 2.4 reads a line of a tree, using what the tree itself loads. Beyond reach.ts (an
 * `<IfVersion>` false for 2.4), an `<IfModule>` testing a module that no LoadModule line of the tree
 * loads is skipped, inside the line's own file or around an Include line that reads it
 * (src/project/include-chains.ts). Only what is certain counts as skipped, so a caller that stays quiet
 * about skipped lines never hides one that httpd reads:
 *
 * - the module list is known only for a main configuration (src/rules-kit/load-module.ts moduleList);
 * - the migrated tree's modules count as loaded (renamed 2.2 modules, the ones every migrated tree
 *   loads: module-conditions.ts moduleSet), and so do the modules compiled into Debian's build;
 * - an MPM test is undecided while the tree loads no MPM (2.2 compiled its MPM in);
 * - a name httpd does not ship is undecided when the tree loads a module httpd does not ship;
 * - `<IfModule !name>` is undecided (the module may be loaded only after the test is read), as are
 *   `<IfDefine>` (names may be defined with -D when httpd starts) and `<IfDirective>`.
 */
import type { ConfigFile, Section } from '../ast/nodes.js';
import { condition } from '../ast/query.js';
import { conditionHolds } from '../apache/conditions.js';
import { knownModule, MPM_BY_TEST } from '../apache/modules.js';
import { moduleSet } from '../access/model/index.js';
import { effectiveLoaded } from '../httpd/missing-modules.js';
import { alongSomeWay, includeChains } from '../project/include-chains.js';
import type { Project } from '../project/project.js';
import { moduleList } from './load-module.js';
import { skippedBy24 } from './reach.js';

/** For the lines of `file` (its tree as the rule sees it): false when 2.4 certainly skips a line inside these sections. */
export function readInTree(project: Project, file: ConfigFile): (ancestors: readonly Section[]) => boolean {
  const list = moduleList(project, file);
  const known = list?.main() ? list : null;
  const loaded = known ? effectiveLoaded(moduleSet(known.loaded, '2.4', true)) : null;
  const symbols = new Set(known?.lines.map((l) => l.symbol) ?? []);
  const anyMpm = loaded !== null && [...loaded].some((m) => m.startsWith('mpm_'));
  const thirdParty = known !== null && known.lines.some((l) => knownModule(l.symbol) === null && knownModule(l.path) === null);
  const mayBeLoaded = (name: string, test: string): boolean => {
    if (loaded === null || loaded.has(name) || symbols.has(`${name}_module`) || symbols.has(test)) return true;
    if (MPM_BY_TEST[test] !== undefined) return !anyMpm;
    return thirdParty && knownModule(test) === null;
  };
  const skipped = (s: Section): boolean => {
    if (skippedBy24(s)) return true;
    if (s.lname !== 'ifmodule' || loaded === null || condition(s).negated) return false;
    return conditionHolds(s, { version: '2.4', hasModule: mayBeLoaded }) === false;
  };
  const ways = includeChains(project, file.path);
  return (ancestors) => alongSomeWay(ways, ancestors, (sections) => !sections.some(skipped));
}
