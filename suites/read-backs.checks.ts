import { check, endpoint } from '../lib/check/check.js';
import { OPERATIONS } from './spec/operations.js';
import { READ_BACKS, type ReadBackRule } from './shared/read-backs.js';
import { readBackChecks, type ReadBackCheck } from './sweeps/read-backs.js';

// The read-back family (issue 39, area 2): every write row of the operation table with a `readBack`,
// read back through it after a 2xx the run already gets (suites/sweeps/read-backs.ts; the cases in
// suites/shared/read-backs.ts). Each rule a case names is registered here as a literal, so that grep
// finds its checks; a case under a new rule does not compile without its line.
const REGISTER: { readonly [R in ReadBackRule]: (k: ReadBackCheck) => void } = {
  'contact.get.record': (k) => check('contact.get.record', k.title, k.run),
  'contact.patch.partial': (k) => check('contact.patch.partial', k.title, k.run),
  'contact.phone-item.patch': (k) => check('contact.phone-item.patch', k.title, k.run),
  'contact.accounts.page': (k) => check('contact.accounts.page', k.title, k.run),
  'contact.relationship.post': (k) => check('contact.relationship.post', k.title, k.run),
};

for (const k of readBackChecks(OPERATIONS, READ_BACKS)) endpoint(k.endpoint, () => REGISTER[k.rule as ReadBackRule](k));
