/**
 * Every command, option and example, declared in one place (commander). Actions
 * normalise their options and hand them to the command modules.
 */
import { Command, Option } from 'commander';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import type { Format, MigrateCommandOptions, Mode } from './commands/migrate-command.js';
import type { VerifyCommandOptions } from './commands/verify.js';
import { packageVersion } from '../package.js';

export type Action =
  | { command: Mode; options: MigrateCommandOptions }
  | { command: 'rules'; format: 'stylish' | 'json'; id?: string; color?: boolean }
  | { command: 'explain'; message: string; format: 'stylish' | 'json' }
  | { command: 'verify'; options: VerifyCommandOptions };

const EXAMPLES: Record<string, string> = {
  check: `
Examples:
  $ httpd-migrate check /etc/httpd/conf/httpd.conf
  $ httpd-migrate check --format json conf/httpd.conf > findings.json
  $ httpd-migrate check --httpd /usr/sbin/apache2 /etc/httpd/conf/httpd.conf
  $ httpd-migrate check --no-follow-includes sites/*.conf public/.htaccess
  $ httpd-migrate check --format sarif conf/httpd.conf > httpd-migrate.sarif
  $ git show :sites-available/default | httpd-migrate check --stdin-filename sites-available/default -`,
  diff: `
Examples:
  $ httpd-migrate diff /etc/httpd/conf/httpd.conf > migrate.patch
  $ httpd-migrate diff conf/httpd.conf --server-root . | git apply`,
  write: `
Examples:
  $ httpd-migrate write /etc/httpd/conf/httpd.conf
  $ httpd-migrate write --backup=.orig /etc/apache2/apache2.conf
  $ httpd-migrate write --httpd /usr/sbin/apache2 /etc/httpd/conf/httpd.conf
  $ httpd-migrate write --apply-suggestions=explicit-options conf/httpd.conf`,
};

const EXIT_CODES = `
Exit codes:
  0  nothing needs changing
  1  changes are pending or findings remain
  2  usage error, or a file could not be read, parsed or written`;

/**
 * `--backup` and `--apply-suggestions` take a value only after `=` (GNU style), so that
 * `--backup a.conf` keeps a.conf as a path. commander has no such option type, so
 * `--name=value` becomes the hidden `--name-of value` / `--backup-suffix value` here.
 */
export function splitOptionalValues(argv: string[]): string[] {
  return argv.flatMap((a) => {
    const m = /^--(backup|apply-suggestions)=(.*)$/s.exec(a);
    if (!m) return [a];
    return m[1] === 'backup' ? ['--backup-suffix', m[2]!] : ['--apply-suggestions-of', m[2]!];
  });
}

function list(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];
}

export function buildProgram(io: Io, onAction: (a: Action) => void): Command {
  const program = new Command('httpd-migrate')
    .description('Migrate Apache httpd 2.2 configuration trees to 2.4, losslessly and with proof.')
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .addHelpText('after', `${EXIT_CODES}\n\nRun 'httpd-migrate <command> --help' for a command's options and examples.`);

  for (const mode of ['check', 'diff', 'write'] as const) {
    const describe = {
      check: 'report what needs migrating; exit 1 if anything does',
      diff: 'print one unified diff of every change (for git apply or patch -p1)',
      write: 'rewrite the files in place (atomically; unchanged files are not touched)',
    }[mode];
    const cmd = program.command(mode).description(describe)
      .argument('[paths...]', 'a main config file (its Include lines are followed), or .conf/.htaccess files, directories and globs; - for standard input')
      .option('--server-root <dir>', 'ServerRoot for relative Include paths, when the file does not set one')
      .option('--no-follow-includes', 'read only the named files')
      .option('--no-htaccess', 'do not look for .htaccess files under DocumentRoot and <Directory> paths')
      .addOption(new Option('--format <format>', 'output format: stylish, json, sarif, github (workflow annotations), or html (one self-contained page with the diff and the access proofs)').choices(['stylish', 'json', 'sarif', 'github', 'html']).default('stylish'))
      .option('--only <rule-ids>', 'run only these rules (comma-separated)', list)
      .option('--disable <rule-ids>', 'do not run these rules (comma-separated)', list)
      .option('--apply-suggestions', 'also apply suggestions; --apply-suggestions=a,b: only those of the named rules')
      .addOption(new Option('--apply-suggestions-of <rule-ids>').hideHelp())
      .option('--mpm <name>', 'the MPM the 2.4 server will load (prefork, worker or event)')
      .option('--prune-legacy', 'remove <IfModule !mod_authz_core.c> / <IfVersion < 2.4> branches that are dead under 2.4')
      .option('--httpd <path>', 'run this httpd binary\'s syntax check (-t) on a temp copy of the migrated tree and report its errors against the original lines')
      .option('--color', 'colour the output even when it is not a terminal')
      .option('--no-color', 'never colour the output');
    // Configuration, suppressions and CI (issue 15).
    cmd.option('--config <file>', 'use this config file (.httpd-migrate.json, or a package.json with an "httpd-migrate" key) for every file')
      .option('--no-config', 'use no config file (default: the nearest one above each file)')
      .option('--no-ignore', 'ignore neither .httpd-migrate-ignore nor the config\'s ignorePatterns')
      .option('--print-config <file>', 'print the configuration that applies to this file, and exit')
      .option('--quiet', 'report errors only')
      .option('--max-warnings <n>', 'fail on warnings only when there are more than n (-1: never)')
      .option('--stdin-filename <path>', 'the path standard input (-) stands for: its kind, config and ignore patterns');
    cmd.option('--root <dir>', 'a directory outside the ServerRoot that belongs to the tree (DocumentRoot…): its files may be changed, its .htaccess files are looked for (repeatable)', (v: string, prev: string[] = []) => [...prev, v]);
    if (mode === 'write') {
      cmd.option('--force', 'with --httpd: write even when the syntax check fails');
      cmd.option('--backup', 'keep each original as <file>.bak; --backup=SUFFIX for another suffix')
        .addOption(new Option('--backup-suffix <suffix>').hideHelp());
    }
    cmd.addHelpText('after', `${EXAMPLES[mode]}\n${EXIT_CODES}`);
    cmd.action((paths: string[], o: Record<string, unknown>) => {
      const suggestions = o.applySuggestionsOf !== undefined ? list(String(o.applySuggestionsOf)) : o.applySuggestions === true ? true : undefined;
      const backup = o.backupSuffix !== undefined ? String(o.backupSuffix) : o.backup === true ? '.bak' : undefined;
      if (backup !== undefined && (backup === '' || backup.includes('/'))) throw new UsageError(`--backup suffix must be a plain suffix such as .bak, not '${backup}'`);
      if (o.mpm !== undefined && !['prefork', 'worker', 'event'].includes(String(o.mpm))) throw new UsageError(`--mpm must be prefork, worker or event, not '${String(o.mpm)}'`);
      // Digits only: Number() would take '' as 0 and 0x10 as 16.
      const maxWarnings = o.maxWarnings === undefined ? undefined : /^(-1|\d+)$/.test(String(o.maxWarnings)) ? Number(o.maxWarnings) : NaN;
      if (maxWarnings !== undefined && !(Number.isInteger(maxWarnings) && maxWarnings >= -1)) throw new UsageError(`--max-warnings must be a whole number (-1 for no limit), not '${String(o.maxWarnings)}'`);
      if (paths.length === 0 && o.printConfig === undefined) throw new UsageError("missing paths: name a main config file, .conf/.htaccess files, directories or globs, or - for standard input");
      onAction({
        command: mode,
        options: {
          paths, serverRoot: o.serverRoot as string | undefined, followIncludes: o.followIncludes !== false, htaccess: o.htaccess !== false,
          format: o.format as Format, only: o.only as string[] | undefined, disable: o.disable as string[] | undefined,
          suggestions, mpm: o.mpm as string | undefined, pruneLegacy: o.pruneLegacy === true, backup,
          httpd: o.httpd as string | undefined, force: o.force === true, color: o.color as boolean | undefined,
          config: o.config as string | false | undefined, ignore: o.ignore !== false, printConfig: o.printConfig as string | undefined,
          quiet: o.quiet === true, maxWarnings, stdinFilename: o.stdinFilename as string | undefined,
          roots: o.root as string[] | undefined,
        },
      });
    });
  }

  program.command('rules').description('list every rule with its kind and the upgrade-notes row it implements; rules <id> shows that rule\'s doc')
    .argument('[id]', 'a rule id: print its doc (what it does, why, the upgrade-notes row, examples)')
    .addOption(new Option('--format <format>', 'output format').choices(['stylish', 'json']).default('stylish'))
    .option('--color', 'colour the output even when it is not a terminal')
    .option('--no-color', 'never colour the output')
    .addHelpText('after', `
Examples:
  $ httpd-migrate rules
  $ httpd-migrate rules prefer-require | less -R`)
    .action((id: string | undefined, o: { format: 'stylish' | 'json'; color?: boolean }) => onAction({ command: 'rules', format: o.format, id, color: o.color }));

  program.command('verify').description('compare access control of a 2.2 tree and a hand-migrated 2.4 tree, request by request')
    .argument('<old>', 'the 2.2 main config file (read with 2.2 semantics)')
    .argument('<new>', 'the 2.4 main config file (read with 2.4 semantics)')
    .option('--old-server-root <dir>', 'ServerRoot for the old tree')
    .option('--new-server-root <dir>', 'ServerRoot for the new tree')
    .option('--no-htaccess', 'do not look for .htaccess files')
    .addOption(new Option('--format <format>', 'output format').choices(['stylish', 'json']).default('stylish'))
    .addHelpText('after', `
Examples:
  $ httpd-migrate verify old/conf/httpd.conf new/conf/httpd.conf
  $ httpd-migrate verify --format json etc-httpd-2.2/httpd.conf /etc/httpd/conf/httpd.conf

Exit codes:
  0  every representative request gets the same answer
  1  some request gets a different answer (listed: request, before, after)
  2  usage error, or a file could not be read`)
    .action((oldPath: string, newPath: string, o: Record<string, unknown>) => onAction({
      command: 'verify',
      options: {
        old: oldPath, new: newPath, oldServerRoot: o.oldServerRoot as string | undefined, newServerRoot: o.newServerRoot as string | undefined,
        htaccess: o.htaccess !== false, format: o.format as 'stylish' | 'json',
      },
    }));

  program.command('explain').description('explain an httpd start-up or error-log message: its cause, its remedy and the rule that fixes it')
    .argument('<message...>', 'the message, as httpd printed it (quote it)')
    .addOption(new Option('--format <format>', 'output format').choices(['stylish', 'json']).default('stylish'))
    .addHelpText('after', `
Examples:
  $ httpd-migrate explain "Invalid command 'Order', perhaps misspelled or defined by a module not included in the server configuration"
  $ httpd-migrate explain AH01630
  $ apache2ctl -t 2>&1 | httpd-migrate explain -`)
    .action((words: string[], o: { format: 'stylish' | 'json' }) => onAction({ command: 'explain', message: words.join(' '), format: o.format }));
  return program;
}
