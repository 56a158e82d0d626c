import type { Directive } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import { loadState } from '../src/rules-kit/load-module.js';
import { scopesHolding, type FileScopes, type ScopeLines } from '../src/rules-kit/section-scopes.js';
import { memo } from '../src/ast/memo.js';
import { walk } from '../src/ast/walk.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import type { Project } from '../src/project/project.js';

/** A line that states 2.2's default where a scope lacked it, and when it is needed. */
interface Member {
  /** The line to write, e.g. `AuthBasicProvider file`. */
  line: string;
  /** True when the scope's own lines already set what the line would. */
  stated: (lines: readonly Directive[]) => boolean;
  /** True for a line elsewhere in the tree that the scope would inherit in 2.4 (otherwise the missing line changes nothing). */
  differs: (d: Directive) => boolean;
}

/** A module's per-directory record that 2.2 reset in every scope with one of `holders` and 2.4 inherits there. */
interface ResetRecord {
  module: string;
  holders: ReadonlySet<string>;
  members: readonly Member[];
  /** False for a scope whose requests never read the record (its own AuthType names another scheme); lines it reads for that are in `holders` too. */
  matters?: (lines: readonly Directive[]) => boolean;
  /** Why 2.2 reset and 2.4 does not, for the message. */
  why: string;
}

const onlyFile = (d: Directive) => d.args.every((a) => a.value === 'file');
const has = (lname: string) => (lines: readonly Directive[]) => lines.some((d) => d.lname === lname);

const DIGEST_OWN: ReadonlySet<string> = new Set(['authdigestprovider', 'authdigestqop', 'authdigestnoncelifetime', 'authdigestnonceformat', 'authdigestnccheck', 'authdigestalgorithm', 'authdigestdomain']);

const RECORDS: readonly ResetRecord[] = [
  {
    module: 'mod_auth_basic',
    holders: new Set(['authbasicprovider', 'authbasicauthoritative']),
    members: [
      { line: 'AuthBasicProvider file', stated: has('authbasicprovider'), differs: (d) => d.lname === 'authbasicprovider' && !onlyFile(d) },
      { line: 'AuthBasicAuthoritative On', stated: has('authbasicauthoritative'), differs: (d) => d.lname === 'authbasicauthoritative' && asciiLower(d.args[0]?.value ?? 'on') !== 'on' },
    ],
    why: '2.2\'s mod_auth_basic has no merge function: a section with any of its directives got a fresh record, with the defaults for the others, '
      + 'whatever an enclosing or earlier section set. 2.4\'s merges them one by one',
  },
  {
    module: 'mod_auth_digest',
    holders: new Set(['authname', ...DIGEST_OWN]),
    // mod_auth_digest answers only where AuthType is Digest: a section naming another type of its own does not use the record.
    matters: (lines) => !lines.some((d) => d.lname === 'authtype' && asciiLower(d.args[0]?.value ?? '') !== 'digest'),
    members: [{
      line: 'AuthDigestProvider file',
      stated: (lines) => lines.some((d) => DIGEST_OWN.has(d.lname)),
      differs: (d) => DIGEST_OWN.has(d.lname) && !(d.lname === 'authdigestprovider' && onlyFile(d)),
    }],
    why: '2.2\'s mod_auth_digest reads AuthName too (it passes the line on to the core): a section with AuthName got a fresh mod_auth_digest record, '
      + 'with the default provider (file) and defaults for every AuthDigest* setting. In 2.4 mod_authn_core takes AuthName and passes it on to no one '
      + 'when it comes first (loaded after mod_auth_digest), and mod_auth_digest has no merge function, so the section keeps the record of an enclosing '
      + 'or earlier section (checked on the real 2.4.71)',
  },
];

/**
 * Whether some line of the tree, as 2.4 reads it, sets a member of the record to another value than 2.2's default:
 * without one, no scope inherits anything else and the rule has nothing to say. Read once per project (the rule's
 * own lines state defaults, so a later pass's re-parse of a file adds none), so that a tree with no such line costs
 * one walk, not a reading of the whole project for each file (10,000 one-vhost files took over 600 s).
 */
function anyDiffers(project: Project, rec: ResetRecord): boolean {
  return memo(project, `auth-defaults-reset:${rec.module}`, () => project.files.some((f) => {
    let found = false;
    walk(f.ast, { directive: (d, ancestors) => { if (!found && rec.members.some((m) => m.differs(d)) && readBy24(ancestors)) found = true; } });
    return found;
  }));
}

/** The scopes with a line of the record (`all`: the project's, with the file's own as `file` reads them). */
interface Holding { all: FileScopes; own: readonly ScopeLines[] }

/** The lines this scope of the file lacks that some other scope of the tree would hand it in 2.4. */
function missing(rec: ResetRecord, scope: ScopeLines, holding: Holding): Member[] {
  const own = scope.lines.map((l) => l.directive);
  return rec.members.filter((m, i) => {
    if (m.stated(own)) return false;
    const sets = (s: ScopeLines) => s.lines.some((l) => m.differs(l.directive));
    // The project's scopes that set another value, less the file's as the project read it, plus its own but this one.
    let others = differingScopes(rec, holding.all.project)[i]!;
    for (const s of holding.all.replaced) if (holds(rec, s) && sets(s)) others--;
    for (const s of holding.own) if (s !== scope && sets(s)) others++;
    return others > 0;
  });
}

const holds = (rec: ResetRecord, s: ScopeLines) => s.lines.some((l) => rec.holders.has(l.directive.lname));

/** For each member of the record, how many scopes holding the record set it to another value than the default. */
function differingScopes(rec: ResetRecord, scopes: readonly ScopeLines[]): number[] {
  return memo(scopes, `auth-defaults-reset:differing:${rec.module}`, () => rec.members.map((m) =>
    scopes.filter((s) => holds(rec, s) && s.lines.some((l) => m.differs(l.directive))).length));
}

export default defineRule({
  meta: {
    id: 'auth-defaults-reset',
    description: 'State AuthBasicProvider file, AuthBasicAuthoritative On or AuthDigestProvider file where 2.2 reset them to these defaults and 2.4 inherits another value.',
    row: 'httpd behaviour: mod_auth_basic merges its per-directory settings in 2.4, and AuthName no longer reaches mod_auth_digest (2.2: a section with one of their directives reset the others to their defaults)',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    return {
      File() {
        for (const rec of RECORDS) {
          if (!anyDiffers(context.project, rec)) continue;
          const all = scopesHolding(context.project, file, new Set([...rec.holders, 'authtype']));
          const holding: Holding = { all, own: all.own.filter((s) => holds(rec, s)) };
          for (const s of holding.own) {
            const first = s.lines.find((l) => rec.holders.has(l.directive.lname))!;
            if (first.file !== file || (rec.matters && !rec.matters(s.lines.map((l) => l.directive)))) continue;
            const lacking = missing(rec, s, holding);
            if (lacking.length === 0) continue;
            const lines = lacking.map((m) => m.line);
            const head = `In 2.2 this ${s.what} had ${lines.join(' and ')} (the defaults) whatever another section sets: ${rec.why}, so here it would inherit the value another section of the tree sets`;
            // A provider line without mod_authn_file stops 2.4 ("Unknown Authn provider: file"); 2.2 only failed at request time.
            if (lines.some((l) => l.endsWith('Provider file')) && loadState(context.project, file, 'authn_file') === 'absent') {
              context.report({
                node: first.directive,
                severity: 'warning',
                message: `${head}. The tree loads no mod_authn_file, so 2.2's default provider answered no one here, and a provider line naming file would stop 2.4 `
                  + '("Unknown Authn provider: file"): name the provider this section should use.',
              });
              continue;
            }
            context.report({
              node: first.directive,
              message: `${head}. ${lines.join(' and ')} keeps 2.2's answers: with it in every section that has a ${rec.module} record, 2.4 takes the most specific section's values, as 2.2 did.`,
              fix: [insertLinesAfter(file, first.directive, lines)],
            });
          }
        }
      },
    };
  },
});
