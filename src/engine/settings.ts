/** What the user's configuration says about one file: whether it is ignored, and each rule on, off or at a severity. */
import type { ConfigFile, Severity } from '../ast/nodes.js';
import type { Problem, Rule } from './rule.js';
import { suppressionsOf } from './suppressions.js';

/** `on` keeps the rule's own severity. */
export type RuleSetting = 'off' | 'on' | Severity;

export interface FileSettings {
  /** Matched by an ignore pattern: nothing in it is reported or changed. */
  ignored: boolean;
  rules: Readonly<Record<string, RuleSetting>>;
}

export const DEFAULT_SETTINGS: FileSettings = { ignored: false, rules: {} };

/**
 * The problem filter of one file for the fix loop: rules switched off and ignored files drop their
 * problems, severities are set as configured, and suppression comments drop what they name.
 * `unused()` lists the suppression comments that suppressed nothing.
 */
export function fileFilter(original: ConfigFile, rules: readonly Rule[], known: ReadonlySet<string>, settings: FileSettings) {
  const on = (id: string) => !settings.ignored && settings.rules[id] !== 'off';
  const ran = new Set(rules.map((r) => r.meta.id).filter(on));
  const suppressions = suppressionsOf(original, ran, known);
  return {
    filter(file: ConfigFile, problems: Problem[]): Problem[] {
      const kept = problems.filter((p) => on(p.ruleId)).map((p) => {
        const s = settings.rules[p.ruleId];
        return s === undefined || s === 'on' || s === 'off' || s === p.severity ? p : { ...p, severity: s };
      });
      return suppressions.filter(file, kept);
    },
    unused: (): Problem[] => (settings.ignored ? [] : suppressions.unused()),
  };
}
