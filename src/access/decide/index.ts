/** The deciders of the access core: which sections apply to a request, their merge, and how 2.2 and 2.4 answer it. Imports only the model layer. */
export { authorizers, decide22 } from './access22.js';
export { decide24, evalTree, SERVER_ADDRESS } from './access24.js';
export { satisfyFor, SSL_DENIES } from './host-rules.js';
export { applicableScopes, applyingScopes, contextScopes, eachApplying, endsInDollar, hasWild, deriveContextIndex, dirCovers, phase } from './match.js';
export { applies, htaccessOf, htaccessOverride, merge, type Merged, mergeUncached, overrideSource } from './merge.js';
export { startupError } from './startup-error.js';
export { readInContext, vhostsNaming } from './access-file-read.js';
