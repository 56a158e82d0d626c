// What a proof keeps once it is made: its verdicts and the two models it hands out, not the models and
// memos it worked on (on 10,000 vhosts those were ~17 MB of a 141 MB run, kept to the end of the run).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { proveProject } from '../../src/access/migrate/index.js';
import { projectModel } from '../../src/access/model/index.js';
import { projectOf } from '../../src/project/project.js';
import { sourceFile } from '../helpers/source-file.js';

/** A full collection once the current job is over (a WeakRef's target is kept until then). */
async function collect(): Promise<void> {
  await new Promise((done) => setTimeout(done, 0));
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const TREE = '<Directory /srv/a>\nOrder allow,deny\nAllow from 10.0.0.0/8\n</Directory>\n<Location /admin>\nOrder deny,allow\nDeny from all\n</Location>\n';

describe('a proof once made', () => {
  it('lets go of the 2.4 reading whose sections its rewrites replaced', async () => {
    const project = projectOf([sourceFile('/etc/httpd/httpd.conf', TREE)]);
    // The run's 2.4 reading, the one the prover starts from (the same reading: version, modules, compat).
    const reading = new WeakRef(projectModel(project, '2.4', { compat: true }).scopes);
    const proof = proveProject(project);
    expect([...proof.verdicts.values()].map((v) => v.status)).toEqual(['rewrite', 'rewrite']);
    await collect();
    expect(reading.deref()).toBeUndefined();
    // Asked for again, the reading is built again, as it was.
    expect(projectModel(project, '2.4', { compat: true }).scopes.map((s) => s.pattern)).toEqual(['/srv/a', '/admin']);
  });

  it('hands out models that keep their memos in the run\'s cache, not in the one the proof worked in', () => {
    const project = projectOf([sourceFile('/etc/httpd/httpd.conf', TREE)]);
    const proof = proveProject(project);
    expect(proof.before.cache).toBe(project.cache);
    expect(proof.after.cache).toBe(project.cache);
  });
});
