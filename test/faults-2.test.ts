import { detectsFaults } from './support/fault-matrix.js';

// the second half of the fault runs (test/faults.test.ts has the registry's tests and the first half)
detectsFaults(2, 2);
