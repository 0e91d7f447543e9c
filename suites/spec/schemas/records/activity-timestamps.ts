/**
 * spec: contact-attributes "timestamps:" list, minus archived_at. Account and opportunity
 * reuse it ("the same last_* activity timestamps as contact").
 */
export const LAST_ACTIVITY_TIMESTAMPS = [
  'last_activity_at',
  'last_voice_call',
  'last_meeting',
  'last_global_thread',
  'last_engaged_at',
  'last_outreached_at',
  'last_inbound_meeting_at',
  'last_inbound_voice_call_at',
  'last_inbound_global_thread_at',
  'last_outbound_meeting_at',
  'last_outbound_voice_call_at',
  'last_outbound_global_thread_at',
] as const;
