/** The comparison layer of the access core: the representative requests (partition, probes, samples), and comparing two models on them (equivalence, verify). Imports the model and the deciders. */
export { compareTrees } from './compare-trees.js';
export { compatChanges } from './compat-check.js';
export { compareModels, type Comparison, decide, describeDifference, holdsText } from './equivalence.js';
export { clientAddresses, credentialList, eachRepresentative, emptyMentions, envSets, hostNames, methodList, representatives } from './partition.js';
export { describePath, instanceOf, ownRequest, unevaluableRegex, urlMapping } from './probes.js';
export { sampleFor } from './sample.js';
export { formatRows, verifyProjects, type VerifyResult, type VerifyRow } from './verify-projects.js';
