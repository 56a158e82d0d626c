/** For tests that a rule reads a re-parsed file alone: every later walk of the project's other trees throws. */
import type { Project } from '../../src/project/project.js';

/** Makes every walk of the project's trees but `except`'s throw (SHOW_STACK=1 prints where from). */
export function forbidWalks(project: Project, except: string): void {
  for (const f of project.files) {
    if (f.path === except) continue;
    Object.defineProperty(f.ast, 'children', {
      get: () => {
        const e = new Error(`${f.path} read again`);
        if (process.env.SHOW_STACK) console.log(e.stack);
        throw e;
      },
    });
  }
}
