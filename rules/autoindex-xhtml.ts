import { defineRule } from '../src/engine/rule.js';

/** True when IndexOptions turns ScanHTMLTitles on (bare or with +). */
const turnsOn = (v: string) => /^\+?scanhtmltitles$/i.test(v);

export default defineRule({
  meta: {
    id: 'autoindex-xhtml',
    description: 'Report that ScanHTMLTitles also reads titles from .xhtml files in 2.4.',
    row: 'Per-module behavior changes: mod_autoindex extracts titles and displays descriptions for .xhtml files',
    kind: 'report',
  },
  create(context) {
    return {
      'Directive:indexoptions'(node) {
        if (!node.args.some((a) => turnsOn(a.value))) return;
        context.report({
          node,
          severity: 'info',
          message: 'With IndexOptions ScanHTMLTitles, 2.2\'s mod_autoindex read the <title> of text/html files only and listed .xhtml files '
            + 'without a description. 2.4 also reads the titles of .xhtml files (application/xhtml+xml) and shows them as descriptions. '
            + 'No directive restores the old listing; to show a fixed text for them instead, add for example: AddDescription "XHTML document" .xhtml',
        });
      },
    };
  },
});
