export { branchKind, dualBlocks, hasAccess } from './dual-version.js';
export { fileVerdicts } from './file-verdicts.js';
export { accessGuard } from './guard.js';
export { contextsOf, isAccessItem, isMixed, itemsOf, keyOf, proveProject, translateScope, type Verdict, withItems } from './prove.js';
export { accessDirectives, currentAccessText, rewriteEdits } from './rewrite.js';
export { readAlone, readsTheSame } from './splice.js';
