/**
 * Reading what `httpd -t` prints and mapping it back to the original files. httpd stops at its first
 * error, so a failed run has one error (the last message) and maybe warnings before it. The forms:
 *
 *   AH00526: Syntax error on line 3 of /copy/conf.d/a.conf:
 *   Invalid command 'AddOutputFilterByType', perhaps misspelled or defined by a module not included …
 *
 *   apache2: Syntax error on line 7 of /copy/httpd.conf: Syntax error on line 1 of /copy/conf.d/a.conf: Cannot load …
 *
 *   [Sat Nov 21 13:23:23.319200 2026] [core:warn] [pid 25572:tid 25572] AH00117: Ignoring deprecated use of DefaultType in line 30 of /copy/t.conf.
 *   AH00548: NameVirtualHost has no effect and will be removed in the next release /copy/t.conf:30
 *   (2)No such file or directory: AH02291: Cannot access directory '/copy/logs/' for error log of vhost defined at /copy/a.conf:1
 *
 * The location is the innermost file named (the last "Syntax error on line N of FILE"), else a
 * `line N of FILE` or `FILE:N` naming a copied file; copy paths in the text become display paths.
 */

export interface HttpdMessage {
  /** Display path of the original file, or '' when httpd names no file of the tree. */
  display: string;
  /** 1-based line in that file, 0 when unknown. */
  line: number;
  /** httpd's message, with copy paths replaced by display paths. */
  message: string;
  /**
   * True for an error that comes from this machine rather than from the configuration: a user or
   * group that does not exist here, a missing directory, certificate or module file.
   */
  environment: boolean;
}

const SYNTAX = /Syntax error on line (\d+) of (.+?):(?: |$)/g;
const ENVIRONMENT = /bad (user|group) name|Cannot access directory|does not exist|No such file or directory|Could not open configuration file|Permission denied|must be a valid directory|is not a directory|cannot open shared object file/i;
const SUMMARY = /^(Syntax OK|AH00014: Configuration check failed)$/;

/** Splits httpd's stderr into messages: a line ending in "Syntax error on line N of FILE:" takes the next one. */
export function splitMessages(stderr: string): string[] {
  const lines = stderr.split(/\r?\n/).filter((l) => l.trim() !== '');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/^\[[^\]]*\] \[[^\]]*\] \[pid [^\]]*\] /, '');
    if (/Syntax error on line \d+ of .+:$/.test(line) && i + 1 < lines.length) line += ` ${lines[++i]!}`;
    if (!SUMMARY.test(line.trim())) out.push(line.trim());
  }
  return out;
}

/** Where a message points and its text with copy paths replaced, given copy path → display path. */
export function mapMessage(text: string, display: ReadonlyMap<string, string>): HttpdMessage {
  let file = '';
  let line = 0;
  let message = text;
  const syntax = [...text.matchAll(SYNTAX)];
  if (syntax.length) {
    const last = syntax[syntax.length - 1]!;
    file = last[2]!;
    line = Number(last[1]);
    message = text.slice(last.index! + last[0].length).trim();
  } else {
    const at = /line (\d+) of (\/\S+?)\.?(?:\s|$)/.exec(text) ?? /(\/[^\s:]+):(\d+)\b/.exec(text);
    if (at) {
      const [path, n] = at[1]!.startsWith('/') ? [at[1]!, at[2]!] : [at[2]!, at[1]!];
      if (toDisplay(path, display) !== path) {
        file = path;
        line = Number(n);
      }
    }
  }
  const copies = [...display.keys()].sort((a, b) => b.length - a.length);
  for (const copy of copies) message = message.split(copy).join(display.get(copy)!);
  return { display: file ? toDisplay(file, display) : '', line, message, environment: ENVIRONMENT.test(message) };
}

/** A path httpd printed, as the user knows it: a copied file's display path, or a path below a mapped directory. */
function toDisplay(path: string, display: ReadonlyMap<string, string>): string {
  const exact = display.get(path);
  if (exact !== undefined) return exact;
  const dir = [...display.keys()].filter((k) => path.startsWith(`${k}/`)).sort((a, b) => b.length - a.length)[0];
  return dir === undefined ? path : display.get(dir)! + path.slice(dir.length);
}

/** The error (the last message of a failed run) and the warnings, mapped. */
export function readHttpdOutput(stderr: string, exit: number, display: ReadonlyMap<string, string>): { errors: HttpdMessage[]; warnings: HttpdMessage[] } {
  const messages = splitMessages(stderr).map((m) => mapMessage(m, display));
  if (exit === 0) return { errors: [], warnings: messages };
  const error = messages.pop() ?? { display: '', line: 0, message: `httpd exited with status ${exit} and printed nothing`, environment: false };
  return { errors: [error], warnings: messages };
}
