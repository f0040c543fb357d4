import { createAssessments, type CreatedAssessment } from '@/lib/admin/assessments';
import { withAdminDatabase } from '@/lib/admin/database';
import { importBundledQuestionnaires } from '@/lib/embedded-api/questionnaires/import';

export const QUESTIONNAIRE_KEY = 'competency-24';

/**
 * Creates the participants as an operator does, through the admin command line's code, on the
 * app's database (DATA_DIR or DATABASE_URL). Only while the server is stopped: on PGlite the app
 * holds its folder while it runs. The questionnaire is imported first as `questionnaire import`
 * does; after a first start with the demo data it is there already, and the import changes nothing.
 */
export async function createParticipants(env: Record<string, string | undefined>, count: number): Promise<CreatedAssessment[]> {
  return withAdminDatabase(env, async ({ db, config }) => {
    const [imported] = await importBundledQuestionnaires(db, [QUESTIONNAIRE_KEY]);
    if (imported?.status === 'refused') throw new Error(`${imported.file}: ${imported.problems.join('; ')}`);
    return createAssessments(db, { questionnaireKey: QUESTIONNAIRE_KEY, count, publicUrl: config.PUBLIC_URL });
  });
}
