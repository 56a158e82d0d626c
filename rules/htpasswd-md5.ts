import { defineRule } from '../src/engine/rule.js';
import { deadIn24 } from '../src/rules-kit/directive-scope.js';

export default defineRule({
  meta: {
    id: 'htpasswd-md5',
    description: 'Report that htpasswd now hashes with MD5 on every platform, on the password files a tree uses.',
    row: 'Changed defaults: htpasswd tool hash — MD5 on all platforms',
    kind: 'report',
  },
  create(context) {
    const seen = new Set<string>();
    return {
      'Directive:authuserfile'(node, ancestors) {
        const path = node.args[0]?.value;
        if (path === undefined || seen.has(path) || deadIn24(ancestors)) return;
        seen.add(path);
        context.report({
          node,
          message: `Password file ${path}: httpd 2.2's htpasswd hashed new passwords with crypt() on Unix (MD5 only on Windows, NetWare and TPF); `
            + '2.4\'s htpasswd hashes with MD5 ($apr1$) on every platform by default. The existing entries keep working and nothing in the configuration changes; '
            + `for new or changed passwords prefer bcrypt, which is stronger: "htpasswd -B ${path} <user>".`,
        });
      },
    };
  },
});
