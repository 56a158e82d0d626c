import { defineRule } from '../src/engine/rule.js';
import { appendLines } from '../src/edit/fixer.js';
import { projectFiles } from '../src/rules-kit/load-module.js';
import { liveDirectives, mainConfigs, serverLevel, type Located } from '../src/rules-kit/directive-scope.js';
import { lineOf } from '../src/rules-kit/log-level.js';
import { CONDITIONAL_SECTIONS } from '../src/ast/query.js';
import { includeChains } from '../src/project/include-chains.js';
import type { ConfigFile, Section } from '../src/ast/nodes.js';
import { isAccessFile, type Project } from '../src/project/project.js';

interface ChangedDefault {
  lname: string;
  line: string;
  text: string;
  /** A per-directory directive: a line in `<Directory />` or `<Location />` sets it for the whole server too. */
  perDirectory: boolean;
}

/** Server-wide defaults that changed between 2.2 and 2.4 (semantics §6.3). */
const CHANGED: readonly ChangedDefault[] = [
  {
    lname: 'enablesendfile',
    line: 'EnableSendfile On',
    perDirectory: true,
    text: 'httpd 2.2 used sendfile() to send static files by default (EnableSendfile On); 2.4 defaults to EnableSendfile Off. '
      + 'Write "EnableSendfile On" to keep the 2.2 behaviour, but only if no content is served from a network file system (NFS, SMB), where sendfile can send stale or broken data.',
  },
  {
    lname: 'fileetag',
    line: 'FileETag INode MTime Size',
    perDirectory: true,
    text: 'httpd 2.2 built ETags from the file\'s inode, modification time and size (FileETag INode MTime Size); 2.4 defaults to FileETag MTime Size. '
      + 'Write "FileETag INode MTime Size" only to keep the ETags clients and caches already hold; inode numbers differ between servers behind a load balancer and reveal file-system details.',
  },
  {
    lname: 'timeout',
    line: 'Timeout 300',
    perDirectory: false,
    text: 'httpd 2.2 waited up to 300 seconds for network I/O by default (Timeout 300); 2.4 defaults to Timeout 60. '
      + 'Write "Timeout 300" to keep the 2.2 behaviour for slow clients and back ends; the longer wait also lets slow clients hold workers longer.',
  },
];

/** `<Directory />` or `<Location />`: every request of the server passes through it. */
const everywhere = (s: Section) => (s.lname === 'directory' || s.lname === 'location') && s.args.length === 1 && s.args[0]!.value === '/';

/**
 * True when the line sets the value for the whole server: outside every section but conditional ones, along
 * some way its file is read (an Include inside a <VirtualHost> makes it that host's only), or for a
 * per-directory directive in `<Directory />` or `<Location />` there.
 */
function serverWide(project: Project, file: ConfigFile, l: Located, d: ChangedDefault): boolean {
  if (isAccessFile(project, file.path)) return false;
  return includeChains(project, file.path).some((chain) => {
    const scopes = [...chain, ...l.ancestors].filter((s) => !CONDITIONAL_SECTIONS.has(s.lname));
    return scopes.length === 0 || (d.perDirectory && scopes.length === 1 && everywhere(scopes[0]!));
  });
}

export default defineRule({
  meta: {
    id: 'explicit-changed-defaults',
    description: 'Offer the 2.2 values of EnableSendfile, FileETag and Timeout where a main configuration relied on their old defaults.',
    row: 'Changed defaults: EnableSendfile (Off), FileETag ("MTime Size"); Timeout 300 → 60',
    kind: 'suggest',
  },
  create(context) {
    return {
      File(file) {
        // One main configuration per project gets the lines: the first one httpd reads.
        if (isAccessFile(context.project, file.path) || mainConfigs(context.project, file)[0] !== file) return;
        const files = projectFiles(context.project, file);
        const at = serverLevel(file, 'serverroot', 'listen', 'loadmodule', 'pidfile', 'user', 'group')[0]!.directive;
        for (const d of CHANGED) {
          const lines = files.flatMap((f) => liveDirectives(f, d.lname).map((l) => ({ f, l })));
          if (lines.some(({ f, l }) => serverWide(context.project, f, l, d))) continue;
          const name = d.line.split(' ')[0];
          const first = lines[0];
          // Set only in some sections (a <VirtualHost>, a deeper <Directory>, a .htaccess): the rest of the server gets 2.4's default.
          const head = first
            ? `${name} is set only inside sections (first at ${context.project.byPath.get(first.f.path)?.display ?? first.f.path}:${lineOf(first.f, first.l.directive.start)}), so the rest of the server gets 2.4's default`
            : `No ${name} line in the configuration`;
          context.report({ node: at, message: `${head}: ${d.text}`, suggestion: [appendLines(file, [d.line])] });
        }
      },
    };
  },
});
