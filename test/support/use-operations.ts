import { useOperations } from '../../lib/operations/in-use.js';
import { OPERATIONS } from '../../suites/spec/operations.js';
import { apiOperationsOf } from '../../suites/spec/api-operations.js';

// What bin/main.ts does first: the engine's pieces a test calls directly (the client, the created-record
// tracker, the coverage map) know the spec's operations from the table, as in a run.
useOperations(apiOperationsOf(OPERATIONS));
