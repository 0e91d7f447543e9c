import { defineVariation } from './define.js';

/**
 * Every meeting has a guest who dialled in, known by email only: `name: null`. The
 * meeting_participant row types rsvp_status and is_host and leaves name and email untyped.
 */
export default defineVariation({
  id: 'participant-name-null',
  description: 'A meeting participant known only by email (a dial-in guest) has name: null.',
  quote: '| meeting_participant | object `{ name, email, rsvp_status: string, is_host: boolean }` |',
  affects: ['meeting.*', 'record.*', 'value.*', 'isolation.*', 'auth.*'],
  apply(state) {
    for (const org of state.store.orgs.values()) {
      for (const meeting of state.store.list(org.id, 'meeting')) {
        const participants = (meeting.attrs['meeting_participants'] ?? []) as unknown[];
        meeting.attrs['meeting_participants'] = [
          ...participants,
          { name: null, email: 'guest@dial-in.example', rsvp_status: 'NO_RESPONSE', is_host: false },
        ];
      }
    }
  },
});
