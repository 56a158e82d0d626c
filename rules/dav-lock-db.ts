import { posix } from 'node:path';
import { directives } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { shellQuote } from '../src/report/escape.js';
import { readBy24 } from '../src/rules-kit/reach.js';

export default defineRule({
  meta: {
    id: 'dav-lock-db',
    description: 'Report each DavLockDB so that its 2.2 lock database is deleted on upgrade.',
    row: 'Per-module behavior changes: mod_dav_fs lock database (DavLockDB) format changed; delete the old file',
    kind: 'report',
  },
  create(context) {
    return {
      'Directive:davlockdb'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const value = node.args[0]?.value;
        if (!value) return;
        // ServerRoot is read as the file is read: the last one before this line wins, else the project's.
        const root = directives(context.file, 'serverroot').filter((d) => d.start < node.start).pop()?.args[0]?.value
          ?? context.project.serverRoot;
        const absolute = value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value);
        const path = absolute || !root ? value : posix.join(root, value);
        const where = absolute || root ? path : `${value} (relative to ServerRoot)`;
        // Each file a shell word of its own: a path with a space or quote must not name other files.
        const [dir, pag, file] = [`${path}.dir`, `${path}.pag`, path].map(shellQuote);
        context.report({
          node,
          message: `2.2's mod_dav_fs kept its DAV locks in ${where}; 2.4 stores them in a new format (on systems with inodes) and cannot use the old file. `
            + `Delete it on upgrade, with the server stopped: rm -f ${dir} ${pag} (APR's default SDBM) or rm -f ${file} (other DBM types). `
            + 'The DavLockDB line itself stays as it is; existing locks are lost.',
        });
      },
    };
  },
});
