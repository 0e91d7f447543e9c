import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

const TYPES: Record<number, string> = {
  400: 'validation',
  401: 'auth',
  403: 'forbidden',
  404: 'missing',
  409: 'clash',
  422: 'semantic',
};

export default defineVariation({
  id: 'error-types-own',
  description:
    "error_type is a classification of the server's own (`validation`, `auth`, `missing`, …), not the default's.",
  quote: '| error_type | string | broad classification |',
  affects: ['error.*', 'auth.*'],
  apply: withProfile({ errorType: (status) => TYPES[status] ?? `http_${status}` }),
});
