import type { Sql } from '../db/database';

/**
 * The consent to the privacy text (migration 18: assessor.privacy_consent_version and
 * privacy_consent_at), recorded by the saves whose page has the consent box: /register,
 * /accesspassword and the personal-info page of every group variant. Save is enabled only with the
 * box ticked (spec §5), so a save that goes through is a consent to the text shown for the
 * assessment (privacy/texts.ts), and records its version and the time.
 *
 * A box the page shows ticked and locked (spec §4, §6: a participant with an account; /register
 * for a registered assessor) was not ticked by the participant: such a save keeps a consent
 * recorded earlier, whatever version it was to, and records one only where none is. A changed text
 * is therefore not agreed to again on these pages: the spec's locked box cannot be unticked, and
 * a box ticked for the participant is no consent to new wording (docs/privacy.md says what an
 * operator can do).
 */
export type ConsentBox = 'ticked' | 'locked';

export async function recordConsent(tx: Sql, assessorId: number, version: string, box: ConsentBox, now: number): Promise<void> {
  await tx.query(
    `update assessor set privacy_consent_version = $2, privacy_consent_at = $3
      where id = $1 and ($4::boolean or privacy_consent_version is null)`,
    [assessorId, version, new Date(now), box === 'ticked'],
  );
}
