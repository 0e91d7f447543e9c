import type { BlockedBy } from '../check/meta.js';

/**
 * What the fixtures check found before the checks ran (lib/preflight/fixtures-check.ts), handed to
 * the checks with the target.
 */
export interface Preflight {
  /** the fixtures keys whose records the server showed */
  checked: string[];
  /** requests the check sent (like the probe's, not counted by --max-requests) */
  requests: number;
  /**
   * The custom object's samples as the server typed them (attribute → value_type), from one upsert
   * of the samples as given; or the step that failed, which blocks the checks that need to know.
   * Absent: not checked (no customObject fixture, or --read-only).
   */
  customObject?: { valueTypes: Record<string, string> } | { blockedBy: BlockedBy };
}
