import type { Language } from '@/lib/api/languages';
import type { Database, Sql } from '@/lib/embedded-api/db/database';
import { hashKey } from '@/lib/embedded-api/keys';
import { newAccessCode, newIdentCode } from './codes';
import { csvHeader, csvLine, type CsvDialect } from './csv';

export type Candidate = { title?: string; firstName?: string; lastName?: string; pseudonym?: string };

export type CreateAssessmentsOptions = {
  questionnaireKey: string;
  /** 1 to MAX_COUNT; default 1. */
  count?: number;
  candidate?: Candidate;
  /** A self-assessment: the heading shows no candidate name. */
  self?: boolean;
  /** The assessor registers first (/register) and sets their own key there: no access code is made. */
  mustRegister?: boolean;
  /** After this moment the ident code is refused as expired. */
  validUntil?: Date;
  /** The language the participant starts in; also put into the deep link. */
  language?: Language;
  /** Where participants open the app (PUBLIC_URL). */
  publicUrl: string;
};

export type CreatedAssessment = {
  identCode: string;
  /** Shown once, here; only its hash is stored. Null when the assessor must register. */
  accessCode: string | null;
  deepLink: string;
  questionnaireKey: string;
  questionnaireVersion: number;
};

export const MAX_COUNT = 10_000;

/** The columns of the codes' CSV, as `assessment create` prints it and the console downloads it. */
export const CREATE_COLUMNS = ['ident_code', 'access_code', 'deep_link'] as const;

/** The created assessments' codes as CSV: a header, then one line each; the one place that writes it for every door. */
export function createdAssessmentsCsv(created: readonly CreatedAssessment[], dialect: CsvDialect): string {
  return csvHeader(CREATE_COLUMNS, dialect) + created.map((c) => csvLine([c.identCode, c.accessCode, c.deepLink], dialect)).join('');
}

/** The questionnaire named is not imported (or has no version yet). */
export class UnknownQuestionnaireError extends Error {
  readonly exitCode = 1;
  constructor(readonly key: string, known: string[]) {
    super(
      `questionnaire '${key}' is not imported. ` +
        (known.length ? `Imported: ${known.join(', ')}.` : 'None is imported yet.') +
        " Import one with 'questionnaire import <file|folder>'.",
    );
    this.name = 'UnknownQuestionnaireError';
  }
}

export const LINK_LANGUAGE: Record<Language, string> = { 'de-DE': 'de', 'en-US': 'en', 'fr-FR': 'fr', 'it-IT': 'it', 'cz-CZ': 'cz' };

export function deepLinkOf(publicUrl: string, identCode: string, language?: Language): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/home/${identCode}${language ? `/${LINK_LANGUAGE[language]}` : ''}`;
}

async function latestVersion(sql: Sql, key: string): Promise<{ version: number; product: number }> {
  const [row] = await sql.query<{ version: number; product: number }>(
    `select version, (definition->>'product')::int as product from questionnaire where key = $1 order by version desc limit 1`,
    [key],
  );
  if (row) return row;
  const known = await sql.query<{ key: string }>('select distinct key from questionnaire order by key');
  throw new UnknownQuestionnaireError(key, known.map((k) => k.key));
}

/**
 * Creates assessments bound to the latest version of a questionnaire, all in one transaction (all or
 * none). Each gets an assessor of its own with no name yet; on the first login the participant is
 * offered to set their own key (/accesspassword).
 */
export async function createAssessments(db: Database, options: CreateAssessmentsOptions): Promise<CreatedAssessment[]> {
  const count = options.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) throw new RangeError(`count must be a whole number from 1 to ${MAX_COUNT}`);
  const candidate = options.candidate ?? {};
  const language = options.language ?? 'de-DE';
  // Hash outside the transaction: scrypt is slow on purpose, and the codes are fresh anyway.
  const accessCodes = options.mustRegister ? Array.from({ length: count }, () => null) : Array.from({ length: count }, newAccessCode);
  const hashes = await hashAll(accessCodes);

  return db.transaction(async (tx) => {
    const { version, product } = await latestVersion(tx, options.questionnaireKey);
    const created: CreatedAssessment[] = [];
    for (const [index, accessCode] of accessCodes.entries()) {
      const [assessor] = await tx.query<{ id: number }>(
        `insert into assessor (is_registered, must_register, key_hash) values ($1, $2, $3) returning id`,
        [!options.mustRegister, options.mustRegister === true, hashes[index]],
      );
      const identCode = await insertAssessment(tx, {
        product,
        assessorId: assessor!.id,
        language,
        candidate,
        self: options.self === true,
        validUntil: options.validUntil ?? null,
        questionnaireKey: options.questionnaireKey,
        questionnaireVersion: version,
      });
      created.push({
        identCode,
        accessCode,
        deepLink: deepLinkOf(options.publicUrl, identCode, options.language),
        questionnaireKey: options.questionnaireKey,
        questionnaireVersion: version,
      });
    }
    return created;
  });
}

type AssessmentRow = {
  product: number;
  assessorId: number;
  language: Language;
  candidate: Candidate;
  self: boolean;
  validUntil: Date | null;
  questionnaireKey: string;
  questionnaireVersion: number;
};

/** A fresh ident code; a collision (one in 10^14) draws again instead of failing the batch. */
async function insertAssessment(tx: Sql, row: AssessmentRow): Promise<string> {
  for (;;) {
    const identCode = newIdentCode();
    const inserted = await tx.query<{ id: number }>(
      `insert into assessment (ident_code, product, assessor_id, ui_language, questionnaire_language, candidate_title,
         candidate_first_name, candidate_last_name, candidate_pseudonym, is_self_assessment, valid_until,
         questionnaire_key, questionnaire_version)
       select $1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12
       where not exists (select 1 from assessment where upper(ident_code) = upper($1))
       returning id`,
      [identCode, row.product, row.assessorId, row.language, row.candidate.title ?? '', row.candidate.firstName ?? '',
        row.candidate.lastName ?? '', row.candidate.pseudonym ?? '', row.self, row.validUntil, row.questionnaireKey, row.questionnaireVersion],
    );
    if (inserted.length > 0) return identCode;
  }
}

/** scrypt runs in libuv's pool of four: hash four at a time. */
async function hashAll(codes: Array<string | null>): Promise<Array<string | null>> {
  const hashes: Array<string | null> = [];
  for (let i = 0; i < codes.length; i += 4) {
    hashes.push(...(await Promise.all(codes.slice(i, i + 4).map((code) => (code ? hashKey(code) : Promise.resolve(null))))));
  }
  return hashes;
}
