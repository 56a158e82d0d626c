/** What the prover says of each access section: the rewrite it proved, or why it refused one. */
import type { Section } from '../../ast/nodes.js';
import type { Model, Scope } from '../model/index.js';

export type Verdict =
  | { status: 'rewrite'; scope: Scope; lines: string[]; original: string[] }
  | {
    status: 'refused'; scope: Scope; reason: string;
    /**
     * Kept as written under mod_access_compat: null when every representative request keeps its
     * 2.2 answer, else the first request of this section that changes (undefined: not checked, or
     * some request it meets is not decided, model/undecided.ts).
     */
    compat?: string | null;
  };

export interface ProjectProof {
  /** By section node, or by file path for a .htaccess file or a fragment. */
  verdicts: Map<Section | string, Verdict>;
  before: Model;
  after: Model;
  /** True when the tree already mixes 2.4 syntax in: no rewrite is offered. */
  mixed: boolean;
  /** Whether a read-time conditional is read by 2.2 (for finding the lines to edit). */
  live: (s: Section) => boolean;
  /** The verdicts of each file's sections, by file path. */
  byFile: Map<string, Verdict[]>;
  /**
   * Sections written for both versions (a 2.2 branch beside a 2.4 one) whose 2.4 reading answers
   * some request otherwise than 2.2 did: the first such request, by section node or .htaccess path.
   */
  dualDifferences: Map<Section | string, string>;
  /**
   * The `<IfModule>` blocks of a module one 2.4 build compiles in and the tree does not load (`<IfModule mod_version.c>`),
   * where the migrated tree on that build answers some request otherwise than the reference: the first such request.
   */
  builtinDifferences: Map<Section, string>;
}
