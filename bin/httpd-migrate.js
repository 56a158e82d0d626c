#!/usr/bin/env node
import { main } from '../dist/src/cli/main.js';

// A reader that stops early (`httpd-migrate diff … | head`) closes the pipe: stop quietly, with the
// status a process killed by SIGPIPE has (128 + 13), as other Unix tools do, instead of a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(141);
  });
}

process.exitCode = await main(process.argv.slice(2));
