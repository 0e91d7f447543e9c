#!/usr/bin/env node
// The suite is TypeScript end to end; tsx's loader lets it run without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../lib/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
