/** The model layer of the access core: how a tree reads as access sections (directives, build, inputs, addresses, host names, module conditions), for 2.2 or 2.4. Imports nothing else of src/access. */
export { isAccessItem, keyOf } from './access-items.js';
export { buildModel, type SourceInput } from './build.js';
export { commentStart, commentWordMatches, hostCanMatch, requireNode } from './read-directive.js';
export { inDomain } from './host.js';
export { forgetModels, htaccessDir, isFragment, type ModelOptions, modules22, modules24, projectModel } from './project-model.js';
export { type Address, clientAddress, formatAddress, ipWord, isContiguous, parseAddress, parseIpWord, type Subnet, subnetContains, subnetRange, V4_FULL, V6_FULL } from './ip.js';
export { type AuthzNode, type Credentials, type ErrorAt, type HostEntry, type Item, type MainServerReach, type Mask, type Model, type Outcome, type Request, type Scope, type SettingKey, type UnfollowedMapping, type Version } from './model.js';
export { type CondContext, conditionHolds, DEFAULT_22, loadedModules, moduleName, moduleSet, only24, SOMETIMES_BUILTIN } from './module-conditions.js';
export { mainServerLeftOut, mainServerReachable, reachOfAll, servedContexts } from './main-server.js';
export { hasAuthConfig, hasLimitDirectives, refusedHtaccess } from './override-categories.js';
export { undecidedGap } from './undecided.js';
export { unfollowedIn } from './unfollowed-in.js';
export { predicateKey, USER_PREDICATES } from './user-predicates.js';
