/** Colours a unified diff for a terminal: headers bold, hunks cyan, removals red, additions green. */
import { Chalk } from 'chalk';

export function colorDiff(patch: string): string {
  const chalk = new Chalk({ level: 1 });
  return patch
    .split('\n')
    .map((l) => {
      if (l.startsWith('--- ') || l.startsWith('+++ ')) return chalk.bold(l);
      if (l.startsWith('@@')) return chalk.cyan(l);
      if (l.startsWith('-')) return chalk.red(l);
      if (l.startsWith('+')) return chalk.green(l);
      return l;
    })
    .join('\n');
}
