import { memo } from '../src/ast/memo.js';
import type { Directive, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { removeLine, replaceContent } from '../src/edit/fixer.js';
import { ACCEPT_MECHS, lockDir, mechWord, sslMutexPlan } from '../src/apache/mutex.js';
import { gather } from '../src/rules-kit/project-facts.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { isDirectory } from '../src/project/stat.js';
import { dirname, resolve } from 'node:path';

/**
 * Whether a value's mechanism or lock file name holds a `${NAME}`, which httpd replaces when it starts:
 * then neither the mechanism nor the directory is known here. A `${NAME}` in the directory part alone
 * (`${APACHE_LOCK_DIR}/accept.lock`, `file:${APACHE_RUN_DIR}/ssl_mutex`) is kept as it is.
 */
function undecidable(d: Directive | null): boolean {
  const value = d?.args[0]?.value ?? '';
  if (!d || !hasVariable(value)) return false;
  if (d.lname === 'acceptmutex') return true;
  const colon = d.lname === 'sslmutex' || d.lname === 'sslstaplingmutex' ? value.indexOf(':') : -1;
  if (colon < 0 && (d.lname === 'sslmutex' || d.lname === 'sslstaplingmutex')) return true;
  if (hasVariable(value.slice(0, Math.max(colon, 0)))) return true;
  return d.lname !== 'watchdogmutexpath' && hasVariable(value.slice(value.lastIndexOf('/') + 1));
}

const NAMES: Record<string, string> = {
  rewritelock: 'rewrite-map', watchdogmutexpath: 'watchdog-callback', sslmutex: 'ssl-cache', sslstaplingmutex: 'ssl-stapling',
};

export default defineRule({
  meta: {
    id: 'prefer-mutex',
    description: 'Replace AcceptMutex, LockFile, RewriteLock, SSLMutex and their kin with the 2.4 Mutex directive.',
    row: 'Directives with changed or removed effect: several obsolete mutex-related directives → Mutex',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    /**
     * The lock file's directory for the platform's default mechanism, or null when it does not exist
     * here: 2.2 then never used the file (Linux's default is a semaphore, and a file lock would not
     * have started), while 2.4's Mutex refuses a missing directory whatever the mechanism ("Invalid
     * Mutex directory"), so the line names none and 2.4 keeps its runtime directory. A directory with
     * a ${VAR} in it, or for a mechanism chosen by name (fcntl, flock), is kept.
     */
    const usable = (dir: string, mech = 'default'): string | null =>
      (mech !== 'default' || dir.includes('${') || isDirectory(resolve(context.project.serverRoot ?? dirname(file.path), dir)) ? dir : null);
    const missing = (dir: string | null, wanted: string) => (dir === null
      ? ` Its directory ${wanted} does not exist here, so 2.2 never used it, and a Mutex naming it would stop 2.4 ("Invalid Mutex directory"): the line names none.`
      : '');
    /** The last AcceptMutex and LockFile of the whole project, which 2.2 combined into one accept mutex. */
    let lastAccept: Directive | null = null;
    let lastLock: Directive | null = null;
    const parents = new Map<Directive, Section | null>();
    return {
      File() {
        // The project-wide scan is shared by every file while the trees are the originals.
        // Each file's last AcceptMutex/LockFile is scanned once (memo per tree), then folded in project order.
        const last = { accept: null as Directive | null, lock: null as Directive | null };
        const owns = gather(context.project, file, 'prefer-mutex:last', (f) => {
          const own = memo(f, 'prefer-mutex:last', () => {
            let accept: Directive | null = null;
            let lock: Directive | null = null;
            walk(f, {
              directive: (d, anc) => {
                if (!readBy24(anc) || d.args.length === 0) return;
                if (d.lname === 'acceptmutex') accept = d;
                if (d.lname === 'lockfile') lock = d;
              },
            });
            return { accept, lock };
          });
          return own.accept || own.lock ? [own] : [];
        });
        for (const own of owns) {
          last.accept = own.accept ?? last.accept;
          last.lock = own.lock ?? last.lock;
        }
        lastAccept = last.accept;
        lastLock = last.lock;
        walk(file, { directive: (d, anc) => { if (readBy24(anc)) parents.set(d, anc[anc.length - 1] ?? null); } });
      },
      'Directive:acceptmutex'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        if (undecidable(node) || undecidable(pairOf(node) ?? lastLock)) return unknown(node, 'mpm-accept', [node, pairOf(node) ?? lastLock]);
        const mech = node.args[0]?.value.toLowerCase() ?? '';
        if (!validAccept(node)) {
          context.report({ node, message: `AcceptMutex ${mech} is not a mechanism 2.2 accepted, and 2.4 has no AcceptMutex: write \`Mutex default mpm-accept\` (or another mechanism) by hand.` });
          return;
        }
        const lock = pairOf(node);
        const dirArg = lock ?? lastLock;
        const dir = dirArg?.args[0] ? usable(lockDir(dirArg.args[0].value), mech) : null;
        const line = `Mutex ${mechWord(mech, dir, dirArg?.args[0]?.quote != null)} mpm-accept`;
        const fix = [replaceContent(node, line)];
        if (lock) fix.push(removeLine(file, lock));
        const from = lock ? `AcceptMutex ${mech} and LockFile ${lock.args[0]!.raw} together chose` : `AcceptMutex ${mech} chose`;
        context.report({
          node,
          message: `${from} the mechanism${dir !== null ? ' and lock file' : ''} of the accept mutex in 2.2; 2.4 removed AcceptMutex and LockFile in favour of Mutex, which takes a directory. Write \`${line}\`.${dirArg?.args[0] ? missing(dir, lockDir(dirArg.args[0].value)) : ''}`,
          fix,
        });
      },
      'Directive:lockfile'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const arg = node.args[0];
        if (!arg) return;
        if (lastAccept && validAccept(lastAccept) && pairOf(lastAccept) === node) return; // merged into the AcceptMutex line
        if (undecidable(node) || undecidable(lastAccept)) return unknown(node, 'mpm-accept', [node, lastAccept]);
        const mech = lastAccept?.args[0]?.value.toLowerCase() ?? 'default';
        const known = (ACCEPT_MECHS as readonly string[]).includes(mech) ? mech : 'default';
        const dir = usable(lockDir(arg.value), known);
        const line = `Mutex ${mechWord(known, dir, arg.quote !== null)} mpm-accept`;
        context.report({
          node,
          message: `LockFile ${arg.raw} named the accept mutex's lock file in 2.2 (used only by a file-based mechanism); 2.4 removed LockFile in favour of Mutex, which takes the directory and keeps the ${mech === 'default' ? "platform's default" : `\`${mech}\``} mechanism. Write \`${line}\`.${missing(dir, lockDir(arg.value))}`,
          fix: [replaceContent(node, line)],
        });
      },
      'Directive:rewritelock': pathDirective,
      'Directive:watchdogmutexpath': pathDirective,
      'Directive:sslmutex': sslDirective,
      'Directive:sslstaplingmutex': sslDirective,
    };

    /** A line whose mechanism or lock file comes from a ${NAME} (see undecidable): reported, not rewritten. */
    function unknown(node: Directive, name: string, from: (Directive | null)[]): void {
      const vars = variablesNamed(from.filter((d) => undecidable(d)).map((d) => d!.args[0]!.value).join(' '));
      context.report({
        node,
        message: `${node.name} ${node.args.map((a) => a.raw).join(' ')} depends on ${vars}, known only when httpd starts, for the mechanism or the lock file; `
          + `2.4 replaced ${node.name} with Mutex, which takes a mechanism and a directory, never a file. Write the \`Mutex <mechanism>[:<directory>] ${name}\` line by hand from the values ${vars.includes(',') ? 'they have' : 'it has'}, then remove this line.`,
      });
    }

    function validAccept(d: Directive): boolean {
      return d.args.length === 1 && (ACCEPT_MECHS as readonly string[]).includes(d.args[0]!.value.toLowerCase());
    }

    /** The LockFile merged with this AcceptMutex: the project's last one, when it is the AcceptMutex's sibling. */
    function pairOf(accept: Directive): Directive | null {
      const lock = lastLock;
      if (!lock || accept !== lastAccept || !parents.has(accept) || !parents.has(lock)) return null;
      return parents.get(accept) === parents.get(lock) ? lock : null;
    }

    function pathDirective(node: Directive, ancestors: readonly Section[]) {
      if (!readBy24(ancestors)) return;
      const arg = node.args[0];
      if (!arg) return;
      const name = NAMES[node.lname]!;
      if (undecidable(node)) return unknown(node, name, [node]);
      const wanted = node.lname === 'watchdogmutexpath' ? arg.value : lockDir(arg.value);
      const dir = usable(wanted);
      const line = `Mutex ${mechWord('default', dir, arg.quote !== null)} ${name}`;
      context.report({
        node,
        message: `${node.name} ${arg.raw} named the ${name} lock's ${node.lname === 'watchdogmutexpath' ? 'directory' : 'file'} (default mechanism); 2.4 replaced it with Mutex, which takes a directory. Write \`${line}\`.${missing(dir, wanted)}`,
        fix: [replaceContent(node, line)],
      });
    }

    function sslDirective(node: Directive, ancestors: readonly Section[]) {
      if (!readBy24(ancestors)) return;
      const arg = node.args[0];
      if (!arg) return;
      const name = NAMES[node.lname]!;
      if (undecidable(node)) return unknown(node, name, [node]);
      const plan = sslMutexPlan(arg.value, name, arg.quote !== null);
      const invalid = plan.line === null && !/^(none|no)$/i.test(arg.value);
      context.report({
        node,
        message: `${node.name} ${arg.raw} set the ${name} lock in 2.2: ${plan.note}. 2.4 replaced ${node.name} with Mutex. `
          + (plan.line ? `Write \`${plan.line}\`.` : invalid ? 'Write a `Mutex <mechanism> ' + name + '` line by hand.' : 'Remove the line.'),
        fix: invalid ? undefined : [plan.line ? replaceContent(node, plan.line) : removeLine(file, node)],
      });
    }
  },
});
