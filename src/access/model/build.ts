/**
 * Project or files + version + modules → Model: the per-directory sections of
 * the main server and of each virtual host, with their access items. Includes
 * are followed through project.includes; <IfModule>, <IfDefine> and
 * <IfVersion> are evaluated for the target version.
 */
import { basename, dirname } from 'node:path';
import type { ConfigFile, Directive, LineSpan, Node, Section } from '../../ast/nodes.js';
import { directives } from '../../ast/walk.js';
import type { Project } from '../../project/project.js';
import { cacheSlot, RunCache } from '../../project/run-cache.js';
import { directiveReader, type ProviderAlias } from './read-directive.js';
import type { AuthzNode, Mask, Model, Scope, ScopeKind, Version } from './model.js';
import { conditionHolds, type CondContext } from './module-conditions.js';
import { compilePcre } from '../../apache/pcre.js';
import { canonicalDir, serverRootRelative } from '../../apache/paths.js';
import { inheritedByVirtualHosts, mayNameServer, serverHostNames, unfollowedMapping, type MappingReach } from '../../apache/url-mappings.js';
import { methodOf, REGISTERED_METHODS } from '../../apache/access-directives.js';
import { htaccessNeed } from '../../apache/directive-table.js';
import { mayStopTakingFiles, readOptionsLine, SECTION_OPTIONS, SERVER_OPTIONS } from '../../apache/options.js';
import { expandDefined, usesVariable } from '../../apache/variables.js';
import { LineCounter } from '../../parse/line-counter.js';
import { conditionalReason, PER_REQUEST_SECTIONS, providerReason, unmodelledProvider } from './undecided.js';
import { decidedForCertain, mainServerWitness, mayListen } from './main-server.js';

export interface BuildOptions {
  version: Version;
  /** Short module names loaded (see module-conditions.ts moduleSet). */
  modules: readonly string[];
  /** The tree names no modules: `<IfModule>` counts every module of the version as loaded. */
  anyModule?: boolean;
  defines?: readonly string[];
  /** Wrap top-level access directives as the body of `<Directory wrap>` (.htaccess and loose fragments). */
  wrap?: string | null;
  project?: Project | null;
  /** The ServerRoot relative paths are taken against (default: the project's); null: not known. */
  serverRoot?: string | null;
  /** The run's memo the model keeps its caches in (default: the project's, else a new one). */
  cache?: RunCache;
}

const SCOPE_KINDS: Record<string, ScopeKind> = {
  directory: 'directory', directorymatch: 'directorymatch', files: 'files', filesmatch: 'filesmatch',
  location: 'location', locationmatch: 'locationmatch', proxy: 'proxy', proxymatch: 'proxy',
};

export interface SourceInput {
  file: ConfigFile;
  /** 'htaccess' files become a scope of their directory. */
  kind: 'conf' | 'htaccess';
  /** For .htaccess: the directory it sits in. */
  dir?: string;
  /** Read the file as the body of `<Directory wrap>` (a loose fragment with top-level access directives). */
  wrap?: string;
}

interface Ctx {
  vhost: string;
  scope: Scope | null;
  mask: Mask;
  containers: Extract<AuthzNode, { kind: 'container' }>[];
  path: string;
  file: ConfigFile;
  depth: number;
  /** The files being read, outermost first: an Include of one of them is a cycle, not followed again. */
  within: readonly string[];
  /** Reading a .htaccess file. */
  htaccess?: boolean;
  /** The outermost `<If>`, `<ElseIf>` or `<Else>` being read, whose body applies only when its condition holds. */
  perRequest?: Section;
  /** Inside a section httpd may skip whatever this reading says (an `<IfDefine>`, an `<IfModule>` with no module list, a `<Macro>`). */
  unsure?: boolean;
}

const INCLUDE_LINES = cacheSlot('Include lines by file', () => new WeakMap<ConfigFile, Map<Directive, number>>());

/** Each Include/IncludeOptional line of a file with its position among them. */
function includeLines(cache: RunCache, file: ConfigFile): Map<Directive, number> {
  const byFile = cache.get(INCLUDE_LINES);
  let m = byFile.get(file);
  if (!m) {
    m = new Map(directives(file, 'include', 'includeoptional').map((d, i) => [d, i]));
    byFile.set(file, m);
  }
  return m;
}

/** Builds the model of a set of files (each read once; Include lines are followed through the project). */
export function buildModel(inputs: readonly SourceInput[], opts: BuildOptions): Model {
  const modules = new Set(opts.modules);
  const cond: CondContext = { version: opts.version, modules, anyModule: opts.anyModule ?? false, defines: new Set(opts.defines ?? []) };
  const cache = opts.cache ?? opts.project?.cache ?? new RunCache();
  const model: Model = {
    version: opts.version, modules: opts.modules, scopes: [], vhosts: [], docroots: new Map(), aliases: new Map(), unfollowed: new Map(), errors: [], errorsAt: [], cond, cache,
    accessFileNames: new Map(), accessFilesIn: new Map(),
  };
  const vhostCount = new Map<string, number>();
  let order = 0;
  // Include sites by including file and position among its Include lines, so that an edited copy of a file still finds them.
  const includes = new Map<string, string[]>();
  for (const site of opts.project?.includes ?? []) {
    const from = opts.project?.byPath.get(site.from)?.ast;
    const idx = from ? includeLines(cache, from).get(site.directive) : undefined;
    if (idx !== undefined) includes.set(`${site.from}\0${idx}`, site.files);
  }
  const replaced = new Map(inputs.map((i) => [i.file.path, i.file]));
  const aliases = new Map<string, ProviderAlias>();
  // 2.4's Define values, in configuration order: ${NAME} in a later line reads as the value (semantics §1.3).
  const defined = new Map<string, string>();
  const expanded = <T extends Directive | Section>(n: T): T => {
    if (opts.version !== '2.4') return n;
    const args = expandDefined(n.args, defined);
    return args ? { ...n, args } : n;
  };
  const readDirective = directiveReader(opts.version, modules, cache, aliases);
  // DocumentRoot is taken against the ServerRoot (ap_server_root_relative); null: not known, kept as written.
  const serverRoot = opts.serverRoot !== undefined ? opts.serverRoot : opts.project?.serverRoot ?? null;
  model.serverRoot = serverRoot;
  const rewriteInherited = { value: false };
  const mappings: ({ vhost: string; path: string; offset: number } & MappingReach)[] = [];
  // The names the servers answer to (ServerName, ServerAlias, Listen and <VirtualHost> addresses), for a RewriteRule to a full URL.
  const hostNames: string[] = [];
  let mainNamed = false;
  // SSLEngine of each context ('' the main server, whose value the virtual hosts inherit): the scheme mod_rewrite compares.
  const sslEngine = new Map<string, boolean>();
  // Whether a connection may reach the main server: the Listen lines and the hosts' addresses read.
  const mainServer = mainServerWitness();
  // Several configurations read as one (entry files no Include reads): whose Listen lines a host covers is not known.
  if (inputs.filter((i) => i.kind === 'conf' && !(i.wrap ?? opts.wrap)).length > 1) mainServer.unknown('several configuration files are read as one');

  const newScope = (kind: ScopeKind, pattern: string, regex: RegExp | null, ctx: Ctx, node: Section | null, path: string): Scope => {
    const s: Scope = { kind, pattern, regex, within: ctx.scope, vhost: ctx.vhost, order: order++, items: [], node, path, errors: [] };
    model.scopes.push(s);
    return s;
  };

  /** Errors of the line at `at` in the file being read: in `list` (a section's or the model's) and, with where they are, in errorsAt. */
  const fail = (list: string[], messages: readonly string[], ctx: Ctx, at: LineSpan): void => {
    list.push(...messages);
    for (const message of messages) model.errorsAt.push({ path: ctx.path, start: at.contentStart, end: at.contentEnd, message, where: where(ctx, at.contentStart) });
  };

  /** `file:line` of an offset in the file being read, as users see the file. */
  const counters = new Map<ConfigFile, LineCounter>();
  const where = (ctx: Ctx, offset: number): string => {
    let counter = counters.get(ctx.file);
    if (!counter) counters.set(ctx.file, (counter = new LineCounter(ctx.file.text)));
    return `${opts.project?.byPath.get(ctx.path)?.display ?? ctx.path}:${counter.position(offset).line}`;
  };

  /** Marks what makes a request undecided (undecided.ts): in the section being read, else in the whole context. */
  const undecided = (ctx: Ctx, reason: () => string): void => {
    if (ctx.scope) ctx.scope.undecided ??= reason();
    else {
      const byContext = (model.undecidedIn ??= new Map());
      if (!byContext.has(ctx.vhost)) byContext.set(ctx.vhost, reason());
    }
  };
  const inIf = (ctx: Ctx, c: Section) => () => conditionalReason(c.name, where(ctx, c.open.contentStart));

  /** Methods the configuration files' <Limit> sections registered, beyond those httpd knows. */
  const registered = new Set<string>();

  const visit = (nodes: readonly Node[], ctx: Ctx): void => {
    for (const n of nodes) {
      if (n.type === 'directive') directive(n, ctx);
      else if (n.type === 'section') section(n, ctx);
    }
  };

  const directive = (written: Directive, ctx: Ctx): void => {
    const d = expanded(written);
    if ((d.lname === 'include' || d.lname === 'includeoptional') && ctx.depth < 128) {
      const idx = includeLines(cache, ctx.file).get(written);
      if (!includes.get(`${ctx.path}\0${idx}`)?.length) mainServer.unknown(`the files of ${d.name} ${d.args.map((a) => a.value).join(' ')} were not read`);
      for (const p of includes.get(`${ctx.path}\0${idx}`) ?? []) {
        // A file that includes itself (a glob matching it) would otherwise be walked 2^128 ways.
        if (ctx.within.includes(p)) continue;
        const f = replaced.get(p) ?? opts.project?.byPath.get(p)?.ast;
        if (f) visit(f.children, { ...ctx, path: p, file: f, depth: ctx.depth + 1, within: [...ctx.within, p] });
      }
      return;
    }
    if (d.lname === 'define' && opts.version === '2.4' && d.args[0]) {
      (cond.defines as Set<string>).add(d.args[0].value);
      if (d.args[1]) defined.set(d.args[0].value, d.args[1].value);
    } else if (d.lname === 'undefine' && opts.version === '2.4' && d.args[0]) {
      (cond.defines as Set<string>).delete(d.args[0].value);
      defined.delete(d.args[0].value);
    }
    if (d.lname === 'listen') mainServer.listen(d.args.map((a) => a.value), ctx.htaccess ? 'a .htaccess file' : ctx.vhost !== '' ? 'a <VirtualHost>' : ctx.scope || ctx.mask || ctx.perRequest ? 'a section' : null);
    else if (d.lname === 'use' || (d.lname === 'include' || d.lname === 'includeoptional') && ctx.depth >= 128) mainServer.unknown(`${d.name} ${d.args.map((a) => a.value).join(' ')} reads lines not followed here`);
    if (!ctx.htaccess) {
      const reach = unfollowedMapping(d, ctx.scope !== null);
      if (reach) mappings.push({ vhost: ctx.vhost, ...reach, path: ctx.path, offset: d.contentStart });
      else if (d.lname === 'rewriteoptions' && d.args.some((a) => /inherit/i.test(a.value))) rewriteInherited.value = true;
      else if (!ctx.scope) {
        hostNames.push(...serverHostNames(d));
        if (d.lname === 'servername' && ctx.vhost === '') mainNamed = true;
        else if (d.lname === 'sslengine' && d.args[0]) sslEngine.set(ctx.vhost, d.args[0].value.toLowerCase() === 'on');
      }
    }
    if (!ctx.scope) {
      if (d.lname === 'documentroot' && d.args[0]) model.docroots.set(ctx.vhost, canonicalDir(serverRoot === null ? d.args[0].value : serverRootRelative(d.args[0].value, serverRoot)));
      else if (d.lname === 'accessfilename' && d.args.length) model.accessFileNames!.set(ctx.vhost, d.args.map((a) => a.value));
      else if ((d.lname === 'alias' || d.lname === 'scriptalias') && d.args.length >= 2) {
        const list = model.aliases.get(ctx.vhost) ?? [];
        list.push([d.args[0]!.value, canonicalDir(d.args[1]!.value)]);
        model.aliases.set(ctx.vhost, list);
      }
    }
    if (d.lname === 'options' && !ctx.perRequest && !ctx.mask) readOptions(d, ctx);
    const r = readDirective(d, ctx.mask);
    if (!r && ctx.htaccess && ctx.scope) noteNeed(ctx.scope, d.name, d.lname);
    if (!r) return;
    if (ctx.perRequest && r.items.length) undecided(ctx, inIf(ctx, ctx.perRequest));
    for (const it of r.items) {
      const p = it.k === 'authz' ? unmodelledProvider(it.node) : null;
      if (p !== null && ctx.scope) undecided(ctx, () => providerReason(p, where(ctx, d.contentStart)));
    }
    const target = ctx.scope;
    if (!target) {
      // Access lines in an <If> outside any section are allowed (2.4 applies them to every request of the server).
      if (ctx.perRequest && opts.version === '2.4') { fail(model.errors, r.errors, ctx, d); return; }
      if (r.items.some((i) => i.k !== 'set' || i.key !== 'allowoverride')) fail(model.errors, [`${d.name} not allowed here`], ctx, d);
      fail(model.errors, r.errors, ctx, d);
      return;
    }
    fail(target.errors, r.errors, ctx, d);
    if (ctx.path !== target.path && r.items.length > 0) target.includedLinesFrom ??= ctx.path;
    if (usesVariable(written)) target.variableLine ??= [d.name, ...written.args.map((a) => a.raw)].join(' ');
    const top = ctx.containers[ctx.containers.length - 1];
    for (const it of r.items) {
      // method_parse_config: a name no <Limit> before it registered (names are case-sensitive: `get` is none).
      const unknownMethod = it.k === 'authz' && it.node.kind === 'provider' && it.node.name === 'method'
        ? it.node.args.find((m) => !REGISTERED_METHODS.has(m) && !registered.has(m)) : undefined;
      if (unknownMethod !== undefined) fail(target.errors, [`Invalid Method '${unknownMethod}'`], ctx, d);
      // add_authz_provider: a negated line where any one grant suffices (the section's own implicit <RequireAny> too).
      if (it.k === 'authz' && it.node.negate && (!top || top.op === 'or')) fail(target.errors, [`negative Require directive has no effect in ${containerName(top)} directive`], ctx, d);
      if (it.k === 'authz' && top) top.children.push(it.node);
      else target.items.push(it);
    }
  };

  /**
   * An Options line where the directory walk reads it before it comes to the file: a `<Directory>` (not a regex one),
   * a .htaccess, or the server's (a virtual host's) own lines. `<Files>`, `<Location>`, regex and `<If>` sections merge
   * after that step.
   */
  const readOptions = (d: Directive, ctx: Ctx): void => {
    const words = d.args.map((a) => a.value);
    if (ctx.htaccess && ctx.scope) (ctx.scope.optionLines ??= []).push(words);
    if (ctx.scope) {
      if ((ctx.scope.kind !== 'directory' && ctx.scope.kind !== 'htaccess') || ctx.scope.regex) return;
      ctx.scope.options = readOptionsLine(ctx.scope.options ?? SECTION_OPTIONS, words);
    } else if (!ctx.htaccess) {
      const own = (model.serverOptions ??= new Map());
      own.set(ctx.vhost, readOptionsLine(own.get(ctx.vhost) ?? SERVER_OPTIONS, words));
    } else {
      return;
    }
    if (mayStopTakingFiles(readOptionsLine(SECTION_OPTIONS, words))) model.symlinkOptions = true;
  };

  const section = (written: Section, ctx: Ctx): void => {
    const s = expanded(written);
    if (ctx.htaccess && ctx.scope) noteNeed(ctx.scope, `<${s.name}`, `<${s.lname}`);
    const holds = conditionHolds(s, cond);
    if (holds !== null) {
      const sure = decidedForCertain(s, cond);
      if (holds) visit(s.children, sure ? ctx : { ...ctx, unsure: true });
      else if (!sure && mayListen(s.children)) mainServer.unknown(`<${s.name} ${s.args.map((a) => a.value).join(' ')}> may hold Listen lines httpd reads`);
      return;
    }
    const arg = s.args.map((a) => a.value).join(' ');
    if (s.lname === 'virtualhost') {
      hostNames.push(...serverHostNames(s));
      const name = s.children.find((c): c is Directive => c.type === 'directive' && c.lname === 'servername')?.args[0]?.value;
      const base = name ? `${arg} ${name}` : arg;
      const n = (vhostCount.get(base) ?? 0) + 1;
      vhostCount.set(base, n);
      const key = n > 1 ? `${base}#${n}` : base;
      model.vhosts.push(key);
      if (ctx.vhost !== '' || ctx.scope || ctx.mask || ctx.htaccess) mainServer.unknown(`<VirtualHost ${arg}> inside another section`);
      else mainServer.vhost(s.args.map((a) => a.value), !ctx.unsure && !ctx.perRequest);
      visit(s.children, { ...ctx, vhost: key, scope: null });
      return;
    }
    const kind = SCOPE_KINDS[s.lname];
    if (kind) {
      const tilde = s.args[0]?.value === '~';
      const pattern = tilde ? s.args.slice(1).map((a) => a.value).join(' ') : arg;
      const isRegex = tilde || kind.endsWith('match') || s.lname === 'proxymatch';
      const realKind: ScopeKind = tilde && kind === 'directory' ? 'directorymatch' : tilde && kind === 'files' ? 'filesmatch' : tilde && kind === 'location' ? 'locationmatch' : kind;
      const compiled = isRegex ? compilePcre(pattern) : null;
      if (compiled && 'error' in compiled) fail(model.errors, [`Regular expression could not be compiled: ${pattern} (${compiled.error})`], ctx, s.open);
      const regex = compiled && 'regex' in compiled ? compiled.regex : null;
      const scope = newScope(realKind, isRegex || kind === 'proxy' ? pattern : kind === 'directory' ? canonicalDir(pattern) : trimSlash(pattern), regex, ctx, written, ctx.path);
      if (compiled && 'unsupported' in compiled) scope.unevaluable = compiled.unsupported;
      visit(s.children, { ...ctx, scope, mask: null, containers: [] });
      return;
    }
    if (s.lname === 'limit' || s.lname === 'limitexcept') {
      // 2.4 registers them OR_LIMIT|OR_AUTHCFG, which server level refuses (2.2: OR_ALL, taken there).
      if (opts.version === '2.4' && !ctx.scope && !ctx.perRequest) {
        fail(model.errors, [`<${s.lname === 'limit' ? 'Limit' : 'LimitExcept'} not allowed ${ctx.vhost === '' ? 'here' : 'in <VirtualHost> context'}`], ctx, s.open);
        return;
      }
      if (opts.version === '2.4') {
        // A configuration file registers a method it names; a .htaccess file cannot (2.4.28 on).
        const unknown = s.args.map((a) => a.value).filter((m) => !REGISTERED_METHODS.has(m) && !registered.has(m));
        if (ctx.htaccess && unknown.length) fail(ctx.scope?.errors ?? model.errors, [`Could not register method '${unknown[0]}' for <${s.name} from .htaccess configuration`], ctx, s.open);
        else for (const m of unknown) registered.add(m);
      }
      const methods = s.args.map((a) => methodOf(a.value));
      visit(s.children, { ...ctx, mask: { except: s.lname === 'limitexcept', methods } });
      return;
    }
    if (s.lname === 'authzprovideralias' && opts.version === '2.4') {
      // Registers a provider name (server configuration only); its body is the alias's own configuration, not the server's.
      const [base, name, ...args] = s.args.map((a) => a.value);
      if (base !== undefined && name !== undefined) aliases.set(name, { base, args, modelled: !s.children.some((c) => c.type === 'directive' || c.type === 'section') });
      return;
    }
    if (PER_REQUEST_SECTIONS.has(s.lname)) {
      visit(s.children, { ...ctx, perRequest: ctx.perRequest ?? s });
      return;
    }
    if (s.lname === 'requireall' || s.lname === 'requireany' || s.lname === 'requirenone') {
      if (ctx.perRequest) undecided(ctx, inIf(ctx, ctx.perRequest));
      if (opts.version === '2.4' && !ctx.scope && ctx.perRequest) return;
      if (opts.version === '2.2' || !ctx.scope) {
        fail(ctx.scope?.errors ?? model.errors, [`Invalid command '<${s.name}', perhaps misspelled or defined by a module not included in the server configuration`], ctx, s.open);
        return;
      }
      const c: Extract<AuthzNode, { kind: 'container' }> = {
        kind: 'container', op: s.lname === 'requireall' ? 'and' : 'or', negate: s.lname === 'requirenone', mask: ctx.mask, children: [],
      };
      const name = containerName(c);
      // authz_require_section: a container takes no arguments.
      if (s.args.length) {
        fail(ctx.scope.errors, [`${name} directive doesn't take additional arguments`], ctx, s.open);
        return;
      }
      const top = ctx.containers[ctx.containers.length - 1];
      // 2.4 start-up checks on Require containers (semantics §3.3), on the line httpd names: the container's.
      if (c.negate && (!top || top.op === 'or')) fail(ctx.scope.errors, [`${name} directive has no effect in ${containerName(top)} directive`], ctx, s.open);
      if (top) top.children.push(c);
      else ctx.scope.items.push({ k: 'authz', node: c });
      visit(s.children, { ...ctx, containers: [...ctx.containers, c] });
      if (c.children.length === 0) fail(ctx.scope.errors, [`${name} directive contains no authorization directives`], ctx, s.open);
      // AH01624, found after reading (no line of its own in httpd's message): placed on the container's.
      else if (c.children.every((x) => x.negate)) fail(ctx.scope.errors, [`${name} directive contains only negative authorization directives`], ctx, s.open);
      return;
    }
    // A section of no known meaning here (`<Macro>`, `<IfFile>`): read as if its body were, but maybe not so.
    visit(s.children, { ...ctx, unsure: true });
  };

  for (const input of inputs) {
    const base: Ctx = { vhost: '', scope: null, mask: null, containers: [], path: input.file.path, file: input.file, depth: 0, within: [input.file.path] };
    const wrap = input.wrap ?? opts.wrap;
    if (input.kind === 'htaccess' || wrap) {
      const dir = input.kind === 'htaccess' ? (input.dir ?? wrap ?? '/probe') : wrap!;
      const scope = newScope(input.kind === 'htaccess' ? 'htaccess' : 'directory', trimSlash(dir), null, base, null, input.file.path);
      scope.hasContent = input.file.children.some((n) => n.type === 'directive' || n.type === 'section');
      // Read in its own directory (not under the neutral server): which contexts read it depends on its name.
      if (input.kind === 'htaccess' && dirname(input.file.path) === dir) {
        scope.accessName = basename(input.file.path);
        const names = model.accessFilesIn!.get(scope.pattern);
        if (names) names.add(scope.accessName); else model.accessFilesIn!.set(scope.pattern, new Set([scope.accessName]));
      }
      visit(input.file.children, { ...base, scope, htaccess: input.kind === 'htaccess' });
    } else {
      visit(input.file.children, base);
    }
  }
  // A UserDir line naming directories, in force in a context: its own, or the main server's (mod_userdir merges them so).
  const userDirs = new Set(mappings.filter((m) => m.name.toLowerCase() === 'userdir' && !m.userDirDefault).map((m) => m.vhost));
  for (const m of mappings) {
    if (m.userDirDefault && (userDirs.has(m.vhost) || userDirs.has(''))) continue;
    // A RewriteRule to a full URL naming another host redirects: it maps nothing.
    if (m.self && !mayNameServer(m.self, sslEngine.get(m.vhost) ?? sslEngine.get('') ?? false, hostNames, mainNamed)) continue;
    const list = model.unfollowed!.get(m.vhost) ?? [];
    list.push({ name: m.name, path: m.path, offset: m.offset, url: m.url, target: m.target, inherited: m.vhost === '' && (inheritedByVirtualHosts(m.name) || rewriteInherited.value) });
    model.unfollowed!.set(m.vhost, list);
  }
  model.mainServer = mainServer.reach();
  for (const s of model.scopes) {
    s.items = s.items.slice(); // complete now: a copy without the room push left (a tree has thousands of scopes)
  }
  return model;
}

/** Notes the first line of a .htaccess (or one of its sections) with each AllowOverride need (Scope.overrideNeeds). */
function noteNeed(scope: Scope, name: string, lname: string): void {
  const need = htaccessNeed(lname);
  if (need === undefined || need === '*') return;
  const needs = (scope.overrideNeeds ??= []);
  if (!needs.some((n) => n.need === need)) needs.push({ name, need });
}

/** How httpd's messages name a Require container (format_authz_command); none: the section's implicit <RequireAny>. */
function containerName(c: Extract<AuthzNode, { kind: 'container' }> | undefined): string {
  return !c || (c.op === 'or' && !c.negate) ? '<RequireAny>' : c.op === 'and' ? '<RequireAll>' : '<RequireNone>';
}

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

