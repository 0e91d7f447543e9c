import { register } from 'tsx/esm/api';
const t0 = performance.now(); register(); const t1 = performance.now();
console.log('start', t0.toFixed(0), 'register', (t1-t0).toFixed(0));
for (const m of process.argv.slice(2)) { const s = performance.now(); await import(m); console.log(m, (performance.now()-s).toFixed(0)); }
