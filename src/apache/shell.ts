/**
 * Whether a command line needs /bin/sh: what 2.2 gave every piped log
 * command (`sh -c`) and 2.4 gives only to `|$command`.
 */

/** Shell syntax, each with how it reads in a message. */
const SHELL_SYNTAX: readonly [RegExp, string][] = [
  [/\d*>&\d*|\d*>>?|</, 'the redirection'],
  [/\|/, 'the pipe'],
  [/&&|&|;/, 'the command separator'],
  [/\n/, 'the line break'],
  [/\$|`/, 'the variable or command substitution'],
  [/[*?[\]]/, 'the wildcard'],
  [/[()]/, 'the subshell parentheses'],
  [/["'\\]/, 'the shell quoting'],
  [/(^|\s)[~#]/, 'the home-directory or comment sign'],
  [/^\s*[A-Za-z_][A-Za-z0-9_]*=/, 'the variable assignment'],
  [/^\s*(exec|cd|export|ulimit|umask|eval|source|\.)(?=\s)/, 'the shell builtin'],
];

/**
 * Null when `command` runs the same without a shell, else a phrase naming the
 * shell syntax it uses, with the text matched (`the redirection \`2>&1\``).
 */
export function needsShell(command: string): string | null {
  for (const [re, what] of SHELL_SYNTAX) {
    const m = re.exec(command);
    if (m) return what === 'the line break' ? what : `${what} \`${m[0].trim()}\``;
  }
  return null;
}
