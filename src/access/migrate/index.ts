export { branchKind, dualBlocks, hasAccess } from './dual-version.js';
export { fileVerdicts } from './file-verdicts.js';
export { accessGuard } from './guard.js';
export { contextsOf, isMixed, proveProject, type Verdict, withItems } from './prove.js';
export { translateScope } from './translate-scope.js';
export { itemsOf } from './translation-items.js';
export { accessDirectives, currentAccessText, rewriteEdits } from './rewrite.js';
export { readAlone, readsTheSame } from './splice.js';
