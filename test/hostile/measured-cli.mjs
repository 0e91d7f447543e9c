// Runs the CLI as bin/conformance.js does, and reports the process's memory high-water mark on
// stderr as it exits: the hostile tests bound memory by it, never by timing.
process.on('exit', () => {
  process.stderr.write(`\nmaxRSS_KB=${process.resourceUsage().maxRSS}\n`);
});
await import('../../bin/conformance.js');
