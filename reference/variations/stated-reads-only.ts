import { defineVariation } from './define.js';

/**
 * The server serves no read the spec does not state: no GET /account/{id}, /opportunity/{id},
 * /task/{id}, /{custom_object}/{id}, no other discovery or relationship read (they answer 404). The
 * suite must judge every effect it can through the stated reads alone and say where it cannot, never
 * count an unstated route against the server.
 */
export default defineVariation({
  id: 'stated-reads-only',
  description: 'Only the routes the spec states are served: every other read (GET /account/{id}, …) answers 404.',
  quote: 'Only public routes are exposed; internal product routes under the same version prefix are excluded.',
  affects: ['*'],
  apply(state) {
    state.options.statedRoutesOnly = true;
  },
});
