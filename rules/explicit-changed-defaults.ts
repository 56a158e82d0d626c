import { defineRule } from '../src/engine/rule.js';
import { appendLines } from '../src/edit/fixer.js';
import { projectFiles } from '../src/rules-kit/load-module.js';
import { liveDirectives, mainConfigs, serverLevel } from '../src/rules-kit/directive-scope.js';

interface ChangedDefault {
  lname: string;
  line: string;
  text: string;
}

/** Server-wide defaults that changed between 2.2 and 2.4 (semantics §6.3). */
const CHANGED: readonly ChangedDefault[] = [
  {
    lname: 'enablesendfile',
    line: 'EnableSendfile On',
    text: 'httpd 2.2 used sendfile() to send static files by default (EnableSendfile On); 2.4 defaults to EnableSendfile Off. '
      + 'Write "EnableSendfile On" to keep the 2.2 behaviour, but only if no content is served from a network file system (NFS, SMB), where sendfile can send stale or broken data.',
  },
  {
    lname: 'fileetag',
    line: 'FileETag INode MTime Size',
    text: 'httpd 2.2 built ETags from the file\'s inode, modification time and size (FileETag INode MTime Size); 2.4 defaults to FileETag MTime Size. '
      + 'Write "FileETag INode MTime Size" only to keep the ETags clients and caches already hold; inode numbers differ between servers behind a load balancer and reveal file-system details.',
  },
  {
    lname: 'timeout',
    line: 'Timeout 300',
    text: 'httpd 2.2 waited up to 300 seconds for network I/O by default (Timeout 300); 2.4 defaults to Timeout 60. '
      + 'Write "Timeout 300" to keep the 2.2 behaviour for slow clients and back ends; the longer wait also lets slow clients hold workers longer.',
  },
];

const htaccess = (path: string) => path.endsWith('.htaccess');

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
        if (htaccess(file.path) || mainConfigs(context.project, file)[0] !== file) return;
        const files = projectFiles(context.project, file);
        const at = serverLevel(file, 'serverroot', 'listen', 'loadmodule', 'pidfile', 'user', 'group')[0]!.directive;
        for (const d of CHANGED) {
          if (files.some((f) => liveDirectives(f, d.lname).length > 0)) continue;
          context.report({ node: at, message: `No ${d.line.split(' ')[0]} line in the configuration: ${d.text}`, suggestion: [appendLines(file, [d.line])] });
        }
      },
    };
  },
});
