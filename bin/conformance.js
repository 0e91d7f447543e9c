#!/usr/bin/env node
// The suite is TypeScript end to end; tsx's loader lets it run without a build step.
import { register } from 'tsx/esm/api';

register();
// `npx conformance rules | head` closes the pipe early: that is not an error.
process.stdout.on('error', (err) => { if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw err; });
const { main } = await import('../lib/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
