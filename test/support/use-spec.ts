import { useSpec } from '../../lib/cli/spec.js';
import { PUBLIC_RECORDS_API } from '../../bin/public-records-api.js';

// What bin/main.ts does first: the engine's pieces a test calls directly (the client, the created-record
// tracker, the coverage map, the reports) know the spec's operations, catalogue, judgements and fixtures
// file from the composition root's description, as in a run.
useSpec(PUBLIC_RECORDS_API);
