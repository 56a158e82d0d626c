import type { ConfigFile, Directive } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { managesDebianModules } from '../src/layout/debian.js';
import { defineRule } from '../src/engine/rule.js';
import { insertLinesAfter, insertLinesBefore, removeLine } from '../src/edit/fixer.js';
import { firstUsesOf, needsOf, openedFiles, projectView, readShare, type ReadView, unusedLines } from '../src/rules-kit/implicit-modules.js';
import { fileIndex } from '../src/rules-kit/project-facts.js';
import { memo } from '../src/ast/memo.js';
import { firstNeedIn, modulePlace, type ModulePlace } from '../src/rules-kit/module-place.js';
import { someIncludeUnseen, unreadAccessFiles, unreadInclude } from '../src/rules-kit/reach.js';
import { aroundIn } from '../src/project/include-chains.js';
import { mainConfigs, serverLevel } from '../src/rules-kit/directive-scope.js';
import { BUILTIN_DEBIAN_24, HOST_CHECK_PEERS, MPM_BY_TEST } from '../src/apache/modules.js';
import { loadModuleLine, loadModuleLines, loadsStandardFile, moduleList, projectLoadLines, type LoadLine, type ModuleList } from '../src/rules-kit/load-module.js';
import { isAccessFile } from '../src/project/project.js';

const STATIC_BUILD = 'This configuration loads no module: the 2.2 server had them compiled in. A 2.4 built with shared modules, as the default build and every distribution\'s package are, refuses to start without LoadModule lines ("No MPM loaded"): it needs at least an MPM (LoadModule mpm_prefork_module modules/mod_mpm_prefork.so), authz_core and authn_core, and a module for every directive this configuration uses. Either build 2.4 with the same modules compiled in (--enable-mods-static=...), or add those LoadModule lines; run the check again with --httpd <your 2.4 binary> to have it say which are compiled in.';

export default defineRule({
  meta: {
    id: 'load-implicit-modules',
    description: 'Load the modules that 2.2 gave a configuration implicitly and 2.4 ships separately (MPM, unixd, authn_core, authz_core, access_compat, filter, …).',
    row: 'Errors: Invalid command \'User\'/\'Order\'/\'Require\'/\'AddOutputFilterByType\', "couldn\'t check user"; Build-time: load-balancing method modules, LoadModule lines',
    kind: 'fix',
    migratedTree: true,
  },
  create(context) {
    const file = context.file;
    /**
     * What the files httpd opens hold, each file read once per project and this one from its own tree: the rule runs on
     * every file and pass, and each walked every file (250 one-vhost files: 4.9 s), then each looked at every file's share.
     */
    let view: ReadView | undefined;
    const readView = () => {
      if (view) return view;
      const project = context.project;
      const around = aroundIn(project);
      const skip = unusedLines(project, context.options.builtin ?? []);
      const shareOf = (f: ConfigFile) => (openedFiles(project, [f]).length ? readShare(f, around, skip) : null);
      const shares = memo(project, 'load-implicit-modules:shares', () => project.files.map((f) => shareOf(f.ast)));
      const at = fileIndex(project, file);
      return (view = projectView(shares, at, project.files[at]?.ast === file ? shares[at] ?? null : shareOf(file)));
    };
    return {
      File() {
        const list = moduleList(context.project, file);
        if (!list) {
          // A main configuration with no LoadModule line anywhere: 2.2 had its modules compiled in. Not when
          // an Include read nothing (Debian's mods-enabled/*.load seen without its files): the lines may be there.
          if (!context.options.builtin && !someIncludeUnseen(context.project) && mainConfigs(context.project, file)[0] === file && !isAccessFile(context.project, file.path)) {
            const at = serverLevel(file, 'serverroot', 'listen', 'pidfile', 'user', 'group')[0]?.directive;
            if (at) context.report({ node: at, severity: 'warning', message: STATIC_BUILD });
          }
          return;
        }
        const { lines, debian } = list;
        const loaded = new Set(list.loaded);
        // A conf.d/ssl.conf with a LoadModule line of its own relies on the main file, out of sight, for the rest
        // (a Debian tree's report goes on the Include of mods-enabled, which only a main file has).
        if (!debian && !list.main()) return;
        // With --httpd, what that binary compiles in (its MPM, unixd…) is there without a line.
        const present = new Set([...loaded, ...(context.options.builtin ?? [])]);
        // A Debian tree's modules come from mods-enabled (src/layout/debian.ts), not from a guess about unread files.
        const unread = debian ? null : unreadInclude(context.project);
        const unreadText = unread ? `the files of \`${unread.directive.name}${unread.directive.args.map((a) => ` ${a.raw}`).join('')}\``
          : (debian ? null : unreadAccessFiles(context.project)) ?? undefined;
        const needs = needsOf(readView(), present, typeof context.options.mpm === 'string' ? context.options.mpm : undefined, unreadText)
          .filter((n) => !debian || !BUILTIN_DEBIAN_24.has(n.name));
        if (!debian) reportUnneededCompat();
        // Also once mods-enabled has the MPM: the block is skipped all the same. Not when --httpd's binary has one compiled in.
        if (debian && !(context.options.builtin ?? []).some((m) => m.startsWith('mpm_'))) reportMpmBlocksBeforeLoads();
        if (needs.length === 0) return;
        const reasons = needs.map((n) => `mod_${n.name} (${n.why})`).join('; ');
        const head = `2.2 provided these in its core or loaded them itself; 2.4 ships them as separate modules that must be loaded: ${reasons}.`;
        if (debian) {
          // A tree read through its Include of mods-enabled/*.load gets the a2enmod/a2dismod changes as edits
          // (src/layout/debian.ts); otherwise they are reported once, on the Include line that reads mods-enabled.
          const site = managesDebianModules(context.project) ? null : modsInclude(file);
          if (!site) return;
          const mpm = needs.find((n) => n.name.startsWith('mpm_'));
          const rest = needs.filter((n) => n !== mpm).map((n) => n.name);
          const cmds = [...(mpm ? [`a2dismod mpm_event mpm_worker mpm_prefork; a2enmod ${mpm.name}`] : []), ...(rest.length ? [`a2enmod ${rest.join(' ')}`] : [])];
          context.report({ node: site, message: `${head} This tree manages modules with Debian's mods-enabled/: run \`${cmds.join('; ')}\`.` });
          return;
        }
        // The lines go before the first line that needs one of the modules (or tests for it with <IfModule>),
        // after the last top-level LoadModule line of an always-read file (src/rules-kit/module-place.ts).
        const names = new Set(needs.map((n) => n.name));
        const around = aroundIn(context.project);
        const need = firstNeedIn(context.project, file, names, `load-implicit-modules:firstUses:${[...names].join(',')}`, (f) => firstUsesOf([f], names, around));
        const place = modulePlace(context.project, file, list, need);
        if (!place) {
          // Every LoadModule line sits in a section (<IfDefine>…): say what to write, once, on the main file's first one.
          const byFile = new Map<ConfigFile, number>();
          for (const l of lines) byFile.set(l.file, (byFile.get(l.file) ?? 0) + 1);
          const holder = [...byFile].reduce((best, cur) => (cur[1] > best[1] ? cur : best))[0];
          const first = lines.find((l) => l.file === file);
          if (holder !== file || !first) return;
          const like = lines.find(loadsStandardFile) ?? first;
          const text = needs.map((n) => `\`${loadModuleLine(like, n.name)}\``).join(', ');
          context.report({
            node: first.directive,
            message: `${head} Every LoadModule line of this configuration sits inside a section (<IfDefine>…) or a file read only conditionally, so the lines are not written for you: write ${text} at the top level of the main configuration, before the first line that needs them.`,
          });
          return;
        }
        if (place.path !== file.path) return;
        const host = needs.some((n) => n.name === 'access_compat') ? hostCheckLine(list, place) : null;
        const text = needs.filter((n) => !host || n.name !== 'access_compat').flatMap((n) => loadModuleLines(place.like, n.name, place.dir));
        const where = `${place.after ? 'after the last LoadModule line' : 'before the first line that needs them'}: ${text.map((t) => `\`${t.trim()}\``).join(', ')}`;
        if (!host) {
          context.report({ node: place.node, message: `${head} Write, ${where}.`, fix: [place.edit(text)] });
          return;
        }
        const compat = loadModuleLines(host, 'access_compat', host);
        context.report({
          node: place.node,
          message: `${head} Write, ${where}; and \`${compat.join(' ').trim()}\` right after \`${host.symbol}\`'s line, where 2.2's host check ran: `
            + `loaded after mod_ssl, its Allow/Deny check would run after SSLRequireSSL/SSLRequire instead of before, which changes the answer under SSLOptions +StrictRequire.`,
          fix: [place.edit(text), insertLinesAfter(file, host.directive, compat)],
        });
      },
    };

    /**
     * Debian's 2.2 apache2.conf has its MPM settings in `<IfModule mpm_prefork_module>` blocks before
     * `Include mods-enabled/*.load`. 2.2 had the MPM compiled in, so the block's test held; 2.4 loads
     * the MPM from mods-enabled (src/layout/debian.ts), after the block, so the test fails and the
     * settings are skipped. The Include moves up to just before the first MPM block when only plain
     * directives and sections without them stand between: another <IfModule>, an Include, a LoadModule
     * or a ServerRoot there could change meaning once the modules load earlier, and then the finding says what to do.
     */
    function reportMpmBlocksBeforeLoads(): void {
      const top = file.children;
      const at = top.findIndex((n) => n.type === 'directive' && /^include(optional)?$/.test(n.lname) && /(^|\/)mods-enabled\/\*\.load$/.test(n.args[0]?.value ?? ''));
      const isMpmBlock = (n: (typeof top)[number]) => n.type === 'section' && n.lname === 'ifmodule' && MPM_BY_TEST[(n.args[0]?.value ?? '').replace(/^!/, '')] !== undefined;
      const first = top.findIndex(isMpmBlock);
      if (at < 0 || first < 0 || first > at) return;
      const include = top[at] as Directive;
      const block = top[first]!;
      if (block.type !== 'section') return;
      const between = top.slice(first + 1, at);
      // A LoadModule of an MPM before the block: the test already holds.
      if (top.slice(0, first).some((n) => n.type === 'directive' && n.lname === 'loadmodule' && /^mpm_/.test(n.args[0]?.value ?? ''))) return;
      // Loading modules earlier only makes more directives known; what reads differently is an <IfModule> test, an
      // Include or LoadModule, and a ServerRoot, against which the moved Include's relative path resolves.
      const shifts = (n: (typeof top)[number]): boolean => n.type === 'section'
        ? n.lname === 'ifmodule' || n.children.some(shifts)
        : n.type === 'directive' && /^(include(optional)?|loadmodule|serverroot)$/.test(n.lname);
      const movable = between.every((n) => isMpmBlock(n) || !shifts(n));
      const line = file.text.slice(include.contentStart, include.contentEnd);
      const head = `2.2 had its MPM compiled in, so the <${block.name} ${block.args.map((a) => a.raw).join(' ')}> block above applied. `
        + `2.4 loads the MPM from mods-enabled/, which \`${line}\` reads only after the block, so there its test fails and its settings `
        + '(StartServers, MaxClients…) are silently ignored.';
      if (movable) {
        context.report({
          node: include,
          message: `${head} The Include moves to just before the block, where 2.2's compiled-in MPM stood (no <IfModule>, Include, LoadModule or ServerRoot is between).`,
          fix: [removeLine(file, include), insertLinesBefore(file, block.open, [line])],
        });
        return;
      }
      context.report({
        node: include,
        message: `${head} Lines between them (an <IfModule>, Include, LoadModule or ServerRoot) could change meaning if the modules loaded earlier, so nothing is moved: `
          + 'move this Include before the block by hand where that is safe, or move the MPM settings into mods-available/<mpm>.conf, as Debian\'s 2.4 does.',
      });
    }

    /**
     * Module lines follow the migrated tree: a LoadModule access_compat_module line of this file
     * goes once no Order, Allow, Deny or Satisfy is left in any file read (the access rewrites have
     * run; a .htaccess that could not be found is reported by the loader and keeps the line).
     */
    function reportUnneededCompat(): void {
      if (needsOf(readView(), new Set()).some((n) => n.name === 'access_compat')) return;
      // Files not read (--no-follow-includes, .htaccess files not looked for) may still use them.
      if (unreadInclude(context.project) || unreadAccessFiles(context.project)) return;
      for (const l of projectLoadLines(context.project, file)) {
        if (l.name !== 'access_compat' || l.file !== file) continue;
        context.report({
          node: l.directive,
          message: 'mod_access_compat is not needed: no Order, Allow, Deny or Satisfy is left in the configuration once the access rules are rewritten, and 2.4 servers may not have the module (it is only for 2.2 compatibility).',
          fix: [removeLine(file, l.directive)],
        });
      }
    }

  },
});
/**
 * The LoadModule line of 2.2's host check (mod_authz_host) when mod_access_compat, which takes over its
 * Allow/Deny, must go there rather than with the other new lines: when a module whose access hook runs at
 * the same priority (mod_ssl) is loaded between it and the place (src/apache/modules.ts HOST_CHECK_PEERS).
 * Only a top-level line of the file being fixed, before the place in reading order.
 */
function hostCheckLine(list: ModuleList, place: ModulePlace): LoadLine | null {
  const { lines } = list;
  const host = lines.find((l) => l.name === 'authz_host' && l.file.path === place.path && l.ancestors.length === 0);
  if (!host || !place.after || host.directive.start > place.node.start) return null;
  return lines.some((l) => HOST_CHECK_PEERS.has(l.name) && l.file.path === place.path && host.directive.start < l.directive.start && l.directive.start <= place.node.start)
    ? host : null;
}

/** The first Include line of a file that reads Debian's mods-enabled directory. */
function modsInclude(f: ConfigFile): Directive | null {
  const found: Directive[] = [];
  walk(f, { directive: (d) => { if (/^include/.test(d.lname) && /mods-enabled/.test(d.args[0]?.value ?? '')) found.push(d); } });
  return found[0] ?? null;
}
