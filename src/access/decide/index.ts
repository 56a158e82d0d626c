/** The deciders of the access core: which sections apply to a request, their merge, and how 2.2 and 2.4 answer it. Imports only the model layer. */
export { authorizers, decide22 } from './access22.js';
export { decide24, evalTree, SERVER_ADDRESS } from './access24.js';
export { satisfyFor, SSL_DENIES } from './host-rules.js';
export { applicableScopes, applyingScopes, eachApplying, endsInDollar, phase } from './match.js';
export { contextScopes, deriveContextIndex } from './context-index.js';
export { dirCovers, hasWild } from './patterns.js';
export { walkTakesFile } from './file-as-directory.js';
export { applies, htaccessOf, merge, type Merged, mergeUncached } from './merge.js';
export { htaccessOverride, overrideSource } from './overrides.js';
export { startupError } from './startup-error.js';
export { readInContext, vhostsNaming } from './access-file-read.js';
