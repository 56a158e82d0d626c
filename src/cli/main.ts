/** main(argv) → exit code. The only place where errors become exit codes. */
import { CommanderError } from 'commander';
import { EXIT, ExitError, UsageError } from './errors.js';
import { processIo, type Io } from './io.js';
import { escapeControls } from '../report/escape.js';
import { buildProgram, splitOptionalValues, type Action } from './program.js';

export { tuneCollector, untuneCollector } from './collector.js';

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  let action: Action | undefined;
  const program = buildProgram(io, (a) => { action = a; });
  try {
    await program.parseAsync(splitOptionalValues(argv), { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      // 'commander.help' is also help shown for an error (no command given): its exit code says which.
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || (e.code === 'commander.help' && e.exitCode === 0) ? EXIT.CLEAN : EXIT.ERROR;
    }
    if (e instanceof UsageError) {
      io.stderr.write(`httpd-migrate: ${escapeControls(e.message)}\n(run with --help for usage)\n`);
      return EXIT.ERROR;
    }
    throw e;
  }
  if (!action) {
    program.outputHelp();
    return EXIT.ERROR;
  }
  try {
    return await run(action, io);
  } catch (e) {
    if (e instanceof ExitError) return e.code;
    if (e instanceof UsageError) {
      io.stderr.write(`httpd-migrate: ${escapeControls(e.message)}\n`);
      return EXIT.ERROR;
    }
    const err = e as Error;
    io.stderr.write(`httpd-migrate: internal error: ${escapeControls(err.message)}\nThis is a bug in httpd-migrate; please report it with the command you ran.\n${io.env.DEBUG ? err.stack + '\n' : ''}`);
    return EXIT.ERROR;
  }
}

async function run(action: Action, io: Io): Promise<number> {
  switch (action.command) {
    case 'rules': {
      const { runRulesCommand } = await import('./commands/rules.js');
      return runRulesCommand(action.format, io, action.id, action.color);
    }
    case 'verify': {
      const { runVerifyCommand } = await import('./commands/verify.js');
      return runVerifyCommand(action.options, io);
    }
    case 'explain': {
      const { runExplainCommand } = await import('./commands/explain.js');
      const message = action.message === '-' ? await readStdin() : action.message;
      return runExplainCommand(message, action.format, io);
    }
    default: {
      const { runMigrateCommand } = await import('./commands/migrate-command.js');
      return runMigrateCommand(action.command, action.options, io);
    }
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}
