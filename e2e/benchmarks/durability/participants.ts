import { createAssessments, type CreatedAssessment } from '@/lib/admin/assessments';
import { withAdminDatabase } from '@/lib/admin/database';

export const QUESTIONNAIRE_KEY = 'competency-24';

/**
 * Creates the participants as an operator does, through the admin command line's code, on the
 * app's database (DATA_DIR or DATABASE_URL). Only while the server is stopped: on PGlite the app
 * holds its folder while it runs.
 */
export async function createParticipants(env: Record<string, string | undefined>, count: number): Promise<CreatedAssessment[]> {
  return withAdminDatabase(env, async ({ db, config }) => {
    // TODO(wip/content): remove once questionnaires are imported from content/questionnaires/*.json at
    // the first start; until then createAssessments finds no version of the questionnaire to bind to.
    await db.query(`insert into questionnaire (key, version, checksum, definition) values ($1, 1, 'dev', '{"product":1}') on conflict do nothing`, [
      QUESTIONNAIRE_KEY,
    ]);
    return createAssessments(db, { questionnaireKey: QUESTIONNAIRE_KEY, count, publicUrl: config.PUBLIC_URL });
  });
}
