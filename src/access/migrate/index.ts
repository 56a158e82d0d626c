/** The migration layer of the access core: translating 2.2 access sections to 2.4, proving the translations, the text edits, dual-version branches and the fix loop's guard. Imports the layers below. */
export { branchKind, branchLabel, compatLines, dualBlocks, fallbackBranch, hasAccess, negatedDefineBranch, startupDefineBlocks, TRANSPARENT, versionConds } from './dual-version.js';
export { fileVerdicts, loadedIfModules, loadedSections, proofOptions } from './file-verdicts.js';
export { accessGuard } from './guard.js';
export { contextsOf, proveProject, type Verdict } from './prove.js';
export { isMixed } from './syntax-24.js';
export { withItems } from './with-items.js';
export { NEVER_READ, NOT_NAMED, translateScope } from './translate-scope.js';
export { neverReadAccessFiles } from './never-read.js';
export { itemsOf, readTranslations } from './translation-items.js';
export { accessDirectives, authTypeLine, currentAccessText, rewriteEdits, sameAccessText } from './rewrite.js';
export { htaccessAlone, readAlone, readsTheSame, vhostsNamedAlike } from './splice.js';
export { serverLevelAccess, type ServerLevelAccess } from './server-level.js';
