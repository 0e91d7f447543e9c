// the discovery walk is shared with the fixtures check (suites/preflight), which reads the same answers
export { isUuid, nonEmptyString, objectsIn, type Visit } from '../preflight/json-walk.js';
