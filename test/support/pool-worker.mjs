// A stand-in for test/verify/worker.ts (test/verify-pool.test.ts): it answers an alternate job at once,
// dies on `together`, and never answers `in-a-row`, so the pool's three ways a job ends can be seen.
let served = 0;
process.on('message', (m) => {
  served += 1;
  if (m.job.kind === 'together') process.exit(3);
  if (m.job.kind === 'in-a-row') return;
  process.send({
    n: m.n,
    result: { kind: 'alternate', outcome: { code: 0, failed: [], ms: served, pid: process.pid } },
  });
});
