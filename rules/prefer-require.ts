import { defineRule } from '../src/engine/rule.js';
import type { ConfigFile, Directive, Node, Section } from '../src/ast/nodes.js';
import { accessDirectives, authTypeLine, compatLines, currentAccessText, fallbackBranch, fileVerdicts, negatedDefineBranch, NEVER_READ, proofOptions, NOT_NAMED, rewriteEdits, sameAccessText, serverLevelAccess, type ServerLevelAccess, startupDefineBlocks, versionConds } from '../src/access/migrate/index.js';
import { commentStart, commentWordMatches, isAccessItem, type Scope } from '../src/access/model/index.js';
import { COMPAT_ACCESS } from '../src/apache/access-directives.js';
import { isAccessFile } from '../src/project/project.js';
import { basename } from 'node:path';
import { unreadCompatBlocks } from '../src/rules-kit/implicit-modules.js';
import { moduleOfTest } from '../src/apache/conditions.js';


/** What a finding names: the section, or the whole file (an access file: `.htaccess` or another name AccessFileName gives). */
function where(section: Section | null, file: ConfigFile, accessFile: boolean): string {
  if (!section) return !accessFile ? 'This file' : basename(file.path) === '.htaccess' ? 'This .htaccess file' : 'This access file';
  return `<${section.name} ${section.args.map((a) => a.raw).join(' ')}>`;
}

const CANONICAL: Record<string, string> = { order: 'Order', allow: 'Allow', deny: 'Deny', satisfy: 'Satisfy', require: 'Require' };

function used(nodes: readonly Node[], live?: (s: Section) => boolean): string {
  return [...new Set(accessDirectives(nodes, live).map((d) => CANONICAL[d.lname] ?? d.name))].join('/');
}

/** Whether the lines kept as written still answer as 2.2 did under mod_access_compat. */
function compatNote(change: string | null | undefined): string {
  if (change === undefined) return '';
  return change === null
    ? ' Kept as written, with mod_access_compat loaded, it answers as 2.2 did on every representative request.'
    : ` Kept as written, with mod_access_compat loaded, it does NOT answer as 2.2 did: ${change}.`;
}

/** A note when words after an inline # of an Allow/Deny line are kept as host names (semantics §1.2). */
function commentNote(body: readonly Node[], live: (s: Section) => boolean): string {
  const words = accessDirectives(body, live)
    .filter((d) => d.lname === 'allow' || d.lname === 'deny')
    .flatMap((d) => { const words = d.args.map((a) => a.value); return words.slice(commentStart(words)).filter(commentWordMatches); });
  if (!words.length) return '';
  return ` httpd has no inline comments: 2.2 read ${words.map((w) => `"${w}"`).join(', ')} after the # as host names, allowing or denying every client whose name ends in them, so they stay, as Require host. Delete them if they were meant as a comment; that changes who is allowed.`;
}

/** A <Limit> or access line at server level: 2.4 refuses it, and no rewrite there would start either. */
function serverLevelFinding({ node, empty, inVirtualHost }: ServerLevelAccess): { node: Section['open'] | Directive; severity: 'error'; message: string } {
  if (node.type === 'directive') {
    return {
      node, severity: 'error',
      message: `${node.name} stands outside every <Directory>, <Location> and <Files> section, where neither 2.2 nor 2.4 accepts it ("${node.name} not allowed here": httpd does not start). Move it into the section it was meant for (<Directory /> or <Location /> for the whole server), then migrate that section.`,
    };
  }
  return {
    node: node.open, severity: 'error',
    message: `<${node.name}> stands outside every <Directory>, <Location> and <Files> section: 2.2 accepted it there, 2.4 does not start ("<${node.name} not allowed ${inVirtualHost ? 'in <VirtualHost> context' : 'here'}"). `
      + (empty ? 'It holds nothing: delete it.' : `Move it into <Directory /> or <Location /> if its access lines are meant for the whole server, or delete the <${node.name}> and </${node.name}> lines if what it holds is not access control (only Order, Allow, Deny, Satisfy and Require are limited by method; every other directive in it applies to all methods).`),
  };
}

/** Access lines in an <IfDefine NAME> block: read only when httpd starts with -DNAME, which the migration does not know. */
function startupDefineFinding(block: Section, file: ConfigFile): { node: Section; severity: 'warning'; message: string } {
  const test = block.args.map((a) => a.value).join(' ');
  const lines = [...new Set(compatLines(block.children).map((d) => CANONICAL[d.lname] ?? d.name))].join('/');
  return {
    node: block, severity: 'warning',
    message: `${where(block, file, false)} is read only when httpd starts with -D${test}, and the migration reads the tree without start-up defines, so its ${lines} lines are not rewritten and need mod_access_compat in 2.4 (the LoadModule line stays). `
      + `If the server starts with -D${test}, migrate them by hand (httpd-migrate rules prefer-require explains how) or move them out of the block and run again; if it never does, the block is dead in 2.2 as in 2.4: delete it.`,
  };
}

/** An `<IfModule>` neither reading reads (unreadCompatBlocks): its access lines stay, and keep no mod_access_compat loaded. */
function unreadModuleFinding(block: Section, file: ConfigFile): { node: Section; severity: 'info'; message: string } {
  const test = block.args[0]?.value ?? '';
  const name = moduleOfTest(test.replace(/^!/, ''));
  const lines = [...new Set(compatLines(block.children).map((d) => CANONICAL[d.lname] ?? d.name))].join('/');
  return {
    node: block, severity: 'info',
    message: `${where(block, file, false)} is read neither by 2.2 nor by the migrated 2.4 tree: the tree loads ${test.startsWith('!') ? '' : 'no '}mod_${name}. `
      + `Its ${lines} lines have no effect, so no request shows what they do: they are not rewritten, and mod_access_compat is not loaded for them. `
      + `Before ${test.startsWith('!') ? 'unloading' : 'loading'} mod_${name} in 2.4, rewrite them with Require (httpd-migrate rules prefer-require explains how): without mod_access_compat 2.4 refuses to start on them. Or delete the block.`,
  };
}

/**
 * Why a regex directory section with `$` may be rewritten to lines that look unlike its own: 2.2
 * tested directory regexes with REG_NOTEOL (semantics, match.ts), so `$` matched no path there.
 */
/** The message quotes a rewrite of up to this many characters whole; a longer one (a blocklist's) in part. */
const SHOWN_TEXT = 1200;

/**
 * The rewrite's lines as the message quotes them, joined by ` | `. A rewrite longer than SHOWN_TEXT (a blocklist
 * of thousands of addresses) is quoted up to there, at a word's end, with how many lines it has: the patch and the
 * machine formats' fix carry the whole text.
 */
function shownLines(lines: readonly string[]): string {
  const text = lines.map((l) => l.trim()).join(' | ');
  if (text.length <= SHOWN_TEXT) return text;
  const cut = text.lastIndexOf(' ', SHOWN_TEXT);
  return `${text.slice(0, cut > 0 ? cut : SHOWN_TEXT)} … (${lines.length} lines in all; \`httpd-migrate diff\` shows them whole)`;
}

function noteolNote(s: Scope): string {
  return s.kind === 'directorymatch' && /(^|[^\\])\$/.test(s.pattern)
    ? ' 2.2 tested this regex with REG_NOTEOL, where `$` never matches at the end of a path, and 2.4 lets it match there. So in 2.4 the section applies to paths 2.2 did not give it, and the rewrite keeps what 2.2 answered on those.'
    : '';
}

export default defineRule({
  meta: {
    id: 'prefer-require',
    description: 'Rewrite Order/Allow/Deny/Satisfy and 2.2 Require lines as 2.4 Require trees, proven equivalent first.',
    row: 'Authentication: rules 1–7, the equivalence tables and the mixed configuration cases',
    kind: 'fix',
    access: true,
  },
  create(context) {
    const modules = context.options['modules'] as string[] | undefined;
    return {
      File(file) {
        const accessFile = isAccessFile(context.project, file.path);
        for (const at of serverLevelAccess(file, accessFile)) context.report(serverLevelFinding(at));
        for (const block of startupDefineBlocks(file.children, () => versionConds(context.project, context.options.builtin))) context.report(startupDefineFinding(block, file));
        // With --modules the models read <IfModule> by that list: these blocks are the LoadModule lines' reading.
        if (!modules) for (const block of unreadCompatBlocks(file.children, context.project, context.options.builtin ?? [])) context.report(unreadModuleFinding(block, file));
        let verdicts: ReturnType<typeof fileVerdicts>;
        try {
          verdicts = fileVerdicts(context.project, file, proofOptions(context.options));
        } catch (e) {
          const first = accessDirectives(file.children)[0] ?? file.children.find((n) => n.type !== 'blank');
          if (first) context.report({ node: first.type === 'section' ? first.open : first, severity: 'error', message: `internal: the access-control prover failed (${(e as Error).message}), so no access section of this file was rewritten.` });
          return;
        }
        const { proof, original, sections } = verdicts;
        const live = proof.live;
        for (const [section, v] of sections) {
          const body = section ? section.children : file.children;
          // Beside blocks neither reading reads (<IfModule mod_version.c>), the rewrite stays in the branch every server reads when it skips them;
          // lines that all sit in an <IfDefine !NAME> stay in it, which httpd started with -DNAME skips.
          const edited = (fallbackBranch(body, ...versionConds(context.project, context.options.builtin)) ?? negatedDefineBranch(body))?.children ?? body;
          const first = accessDirectives(body, live)[0];
          if (!first) {
            // Access lines that come from a file Included inside the section: not rewritten there, and said (they keep mod_access_compat).
            const includes = body.filter((n): n is Directive => n.type === 'directive' && (n.lname === 'include' || n.lname === 'includeoptional'));
            if (section && includes.length && v.scope.items.some(isAccessItem) && (v.status === 'rewrite' || (v.reason !== NEVER_READ && v.reason !== NOT_NAMED))) {
              context.report({
                node: section,
                severity: 'error',
                message: `${where(section, file, accessFile)} gets its access lines from ${includes.map((d) => `\`${d.name} ${d.args.map((a) => a.raw).join(' ')}\``).join(', ')} inside it; `
                  + 'access lines Included into a section are not rewritten, so they stay, and with them mod_access_compat in 2.4: '
                  + (v.status === 'rewrite'
                    ? `in place of the included Order/Allow/Deny/Satisfy lines write ${v.lines.map((l) => l.trim()).join(' | ')}, which was checked against 2.2 on every representative request, or move them into this section and run again.`
                    : `${v.reason} (httpd-migrate rules prefer-require explains how).${compatNote(v.compat)}`),
              });
              continue;
            }
            // AuthType where no Require (or host rule) applies: 2.2 asked for no credentials, 2.4 answers 500.
            const auth = authTypeLine(body);
            if (!auth) continue;
            const says = `${where(section, file, accessFile)} sets AuthType with no Require: where no other section's Require or host rule applies, 2.2 asked for no credentials and let the request in, 2.4 answers 500 ("AuthType configured with no corresponding authorization directives").`;
            if (v.status === 'rewrite') {
              const merged = v.lines[0] === 'AuthMerging And' ? ' AuthMerging And keeps the Require of the sections merged before this one where they apply (AND with all granted changes nothing); without it, this section\'s Require all granted would replace theirs.' : '';
              context.report({
                node: auth,
                message: `${says} Write: ${v.lines.join(' | ')}, after the AuthType line.${merged} This was checked against 2.2 on every representative request.`,
                fix: rewriteEdits(file, edited, v.lines, live),
              });
            } else if (v.reason !== NEVER_READ && v.reason !== NOT_NAMED) {
              context.report({
                node: auth,
                severity: 'error',
                message: `${says} It is left as it is: ${v.reason}. Give it by hand a Require line that keeps what 2.2 answered, for instance AuthMerging And and Require all granted after the AuthType line: that ANDs "all granted" onto the Require of the sections merged before this one, which changes nothing there, and lets in the requests no Require applies to (httpd-migrate rules prefer-require explains how).${compatNote(v.compat)}`,
              });
            }
            continue;
          }
          const node = section ?? first;
          if (v.status === 'refused' && v.reason === NEVER_READ) {
            // Under AllowOverride None httpd never opens the file, in 2.2 as in 2.4: nothing there to migrate.
            context.report({
              node,
              severity: 'info',
              message: `${where(section, file, accessFile)} is never read: AllowOverride None covers its directory, so httpd 2.2 ignored its ${used(body, live)} lines and 2.4 will too. They have no effect; delete them, or leave them as they are.`,
            });
            continue;
          }
          if (v.status === 'refused' && v.reason === NOT_NAMED) {
            // No server's AccessFileName picks the file in its directory: httpd never opens it, in 2.2 as in 2.4.
            context.report({
              node,
              severity: 'info',
              message: `${where(section, file, accessFile)} is never read: no AccessFileName in force (the main server's or a virtual host's) names this file ahead of another access file in its directory, so httpd 2.2 ignored its ${used(body, live)} lines and 2.4 will too. They have no effect; delete them, or leave them as they are.`,
            });
            continue;
          }
          if (v.status === 'refused') {
            // A section httpd rejects: the finding is on the line it rejects.
            const rejected = v.scope.errors.length
              ? proof.before.errorsAt.find((e) => e.path === file.path && (!section || (e.start >= section.start && e.end <= section.end)))
              : undefined;
            context.report({
              node: rejected ?? node,
              message: `${where(section, file, accessFile)} is left with its 2.2 ${used(body, live)} lines: ${v.reason}. Migrate it by hand (httpd-migrate rules prefer-require explains how)`
                + (accessDirectives(body, live).some((d) => COMPAT_ACCESS.has(d.lname)) ? '; until then its Order/Allow/Deny/Satisfy lines need mod_access_compat in 2.4, and they combine with any inherited Require as an AND.' : '.')
                + compatNote(v.compat),
            });
            continue;
          }
          const current = currentAccessText(file, body, live);
          // In a later pass (the fix was deferred behind another rule's edit), offer it again only on unchanged lines.
          if (!original && current.join('\n') !== v.original.join('\n')) continue;
          if (sameAccessText(current, v.lines)) continue;
          if (v.lines.length === 0) {
            context.report({
              node,
              message: `${where(section, file, accessFile)} uses the 2.2 ${used(body, live)} directives, which never took effect: 2.2 tested this regex with REG_NOTEOL, where \`$\` never matches at the end of a path, so the section applied to no request. 2.4 lets it match, and there they would change answers, so they are removed and nothing takes their place. This was checked against 2.2 on every representative request. The section's other directives apply in 2.4 where they did not in 2.2: check them.${commentNote(body, live)}`,
              fix: rewriteEdits(file, edited, v.lines, live),
            });
            continue;
          }
          context.report({
            node,
            message: `${where(section, file, accessFile)} uses the 2.2 ${used(body, live)} directives; in 2.4 access is decided by Require (mod_authz_core), and Order/Allow/Deny/Satisfy need mod_access_compat. Write instead: ${shownLines(v.lines)}. ${proof.mixed ? 'The tree already mixes in 2.4 Require lines, so this was checked against what 2.4 with mod_access_compat does now' : 'This was checked against 2.2'} on every representative request.${noteolNote(v.scope)}${commentNote(body, live)}`,
            fix: rewriteEdits(file, edited, v.lines, live),
          });
        }
      },
    };
  },
});
