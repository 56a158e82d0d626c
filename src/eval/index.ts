/** The access-control evaluator: models of 2.2 and 2.4 trees, the two deciders, the partition and the prover. */
export type { Credentials, Model, Outcome, Request, Scope, Status, Version } from './model.js';
export { buildModel, type BuildOptions, type SourceInput } from './build.js';
export { projectModel, projectInputs } from './inputs.js';
export { decide22 } from './access22.js';
export { decide24 } from './access24.js';
export { representatives, type Partition } from './partition.js';
export { compareModels, decide, describeDifference, describeRequest, type Comparison, type Difference } from './equivalence.js';
export { proveProject, type ProjectProof, type Verdict } from './prove.js';
export { accessGuard, type GuardOptions } from './guard.js';
export { verifyProjects, formatRows, type VerifyResult, type VerifyRow } from './verify.js';
export { compareTrees } from './compare-trees.js';
