import fs from 'node:fs/promises';
import type { Language } from '@/lib/api/languages';
import {
  additionalFieldDefinitions,
  groupQuestionnaire,
  groupQuestionnaires,
  type AdditionalFieldDefinition,
  type GroupQuestionnaire,
} from '@/lib/content/groupCode';
import { formatIssues, jsonSyntaxProblem, TOP_LEVEL } from '@/lib/content/problems';
import type { Database, Sql } from '@/lib/embedded-api/db/database';
import { GROUP_VARIANTS, groupVariant, isGroupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { GROUP_CODE_MAX_LENGTH, GROUP_CODE_MIN_LENGTH, groupCodeShape } from '@/lib/validation/groupCode';
import { LINK_LANGUAGE, UnknownQuestionnaireError } from './assessments';
import { randomCode } from './codes';
import { UsageError } from './command';

/**
 * Group codes as the operator makes them (`groupcode create|list|close`). A group code is shared by
 * a whole group and opens the group flow of its variant (lib/flows/groupVariants.ts); every login
 * with it starts a new participant. It is stored as typed (the login must find it) and listed again
 * on request: unlike an access code it is meant to be handed out.
 */

/**
 * 31^10 ≈ 8·10^14 codes of the look-alike-free alphabet: far beyond guessing at the group-code
 * limit, and still short enough to type from a projector.
 */
export const GROUP_CODE_LENGTH = 10;

/** Far larger than 50 field definitions can be. */
const MAX_FIELDS_FILE_BYTES = 1024 * 1024;

/**
 * `--code`: the operator's own code, in the shape the login accepts (lib/validation/groupCode.ts);
 * whether it is taken is the database's to say.
 */
export function parseGroupCode(text: string): string {
  const code = text.trim();
  if (/\s/.test(code) || groupCodeShape(code) !== 'ok') {
    throw new UsageError(`--code must be ${GROUP_CODE_MIN_LENGTH} to ${GROUP_CODE_MAX_LENGTH} letters and digits (A-Z, a-z, 0-9), not '${text}'`);
  }
  return code;
}

/**
 * `--questionnaires <key[:type][:unselectable]>,…`: the questionnaires a participant chooses from, in
 * the order of the selection page. type is the questionnaireType the token carries once chosen
 * (default: the entry's place in the list, from 1); unselectable shows it disabled.
 */
export function parseQuestionnaireList(text: string): GroupQuestionnaire[] {
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry === '')) throw new UsageError('--questionnaires names no questionnaire');
  const list = entries.map((entry, index): GroupQuestionnaire => {
    const [key = '', ...rest] = entry.split(':').map((part) => part.trim());
    let questionnaireType = index + 1;
    let selectable = true;
    for (const [at, part] of rest.entries()) {
      if (part === 'unselectable' && at === rest.length - 1) selectable = false;
      else if (/^\d+$/.test(part) && at === 0) questionnaireType = Number(part);
      else throw new UsageError(`--questionnaires entry '${entry}' must be <key>[:<type>][:unselectable], e.g. kodew-strengths:1 or kodew-leadership:3:unselectable`);
    }
    const parsed = groupQuestionnaire.safeParse({ key, questionnaireType, selectable });
    if (!parsed.success) {
      const problem = formatIssues(parsed.error.issues)[0]!;
      throw new UsageError(`--questionnaires entry '${entry}': ${problem.startsWith('key') ? `'${key}' is not a questionnaire key (a-z, 0-9, - and _)` : `type ${problem.replace(/^questionnaireType: /, '')}`}`);
    }
    return parsed.data;
  });
  const checked = groupQuestionnaires.safeParse(list);
  if (!checked.success) throw new UsageError(`--questionnaires: ${formatIssues(checked.error.issues)[0]!.replace(/^\(file\): /, '')}`);
  const twice = (values: Array<string | number>) => values.find((value, i) => values.indexOf(value) !== i);
  const key = twice(list.map((q) => q.key));
  if (key !== undefined) throw new UsageError(`--questionnaires names '${key}' twice`);
  const type = twice(list.map((q) => q.questionnaireType));
  if (type !== undefined) throw new UsageError(`--questionnaires gives type ${type} twice: each questionnaire needs its own (the selection tells them apart by it)`);
  if (!list.some((q) => q.selectable)) throw new UsageError('--questionnaires: at least one questionnaire must be selectable, or participants could start none');
  return list;
}

export type FieldsFile = { ok: true; fields: AdditionalFieldDefinition[] } | { ok: false; problems: string[] };

/** Field names of the definition, for "did you mean" on a misspelt one. */
const FIELD_NAMES = ['id', 'name', 'fieldType', 'allowedValues', 'sortNumber', 'required', 'de', 'en', 'fr', 'it', 'cz'];

/**
 * The additional fields of the personal-info page from a JSON file: a list of definitions
 * (lib/content/groupCode.ts). Every problem is named by its JSON path, as the questionnaire import
 * names them: `[1].allowedValues: a List needs at least one allowed value`.
 */
export async function readFieldsFile(file: string): Promise<FieldsFile> {
  let text: string;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { ok: false, problems: [`${TOP_LEVEL}: not a file`] };
    if (stat.size > MAX_FIELDS_FILE_BYTES) return { ok: false, problems: [`${TOP_LEVEL}: larger than 1 MB`] };
    text = (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    return { ok: false, problems: [`${TOP_LEVEL}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [jsonSyntaxProblem(text, error)] };
  }
  const parsed = additionalFieldDefinitions.safeParse(value, { reportInput: true });
  if (!parsed.success) return { ok: false, problems: formatIssues(parsed.error.issues, FIELD_NAMES) };
  return { ok: true, fields: parsed.data };
}

/** The fields file was refused: nothing was created. */
export class FieldsFileError extends Error {
  readonly exitCode = 1;
  constructor(file: string, problems: string[]) {
    super(`${file}: refused\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'FieldsFileError';
  }
}

/** The operator's own code is another group code's already. */
export class GroupCodeTakenError extends Error {
  readonly exitCode = 1;
  constructor(code: string) {
    super(`group code '${code}' is taken (group codes are compared in any case); choose another or leave out --code to get a new one`);
    this.name = 'GroupCodeTakenError';
  }
}

/** A questionnaire whose view does not fit the group code's product. */
export class ProductMismatchError extends Error {
  readonly exitCode = 1;
  constructor(message: string) {
    super(message);
    this.name = 'ProductMismatchError';
  }
}

export class UnknownGroupCodeError extends Error {
  readonly exitCode = 1;
  constructor(code: string) {
    super(`group code '${code}' does not exist; 'groupcode list' shows them`);
    this.name = 'UnknownGroupCodeError';
  }
}

/** Where participants of this variant open the code: /kodew/<code>/en, /ra/<code> (ra takes no language token). */
export function groupDeepLink(publicUrl: string, variant: GroupVariant, code: string, language?: Language): string {
  const row = groupVariant(variant);
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}${row.routes.entry}/${encodeURIComponent(code)}${language && row.languageToken ? `/${LINK_LANGUAGE[language]}` : ''}`;
}

export type CreateGroupCodeOptions = {
  variant: GroupVariant;
  questionnaires: GroupQuestionnaire[];
  fields?: AdditionalFieldDefinition[];
  /** The operator's own code; a new one from the CSPRNG when absent. */
  code?: string;
  validUntil?: Date;
  /** The language participants start in; also put into the deep link where the variant takes one. */
  language?: Language;
  publicUrl: string;
};

export type CreatedGroupCode = { code: string; deepLink: string; product: number; versions: Record<string, number> };

/**
 * The product each questionnaire is imported as, refusing a missing one (named, with the imported
 * keys) and one whose product does not fit: the token's product picks the question view, so a
 * group code's questionnaires must all be answered in the view of its product.
 */
async function productsOf(sql: Sql, variant: GroupVariant, questionnaires: GroupQuestionnaire[]): Promise<{ product: number; versions: Record<string, number> }> {
  const rows = await sql.query<{ key: string; version: number; product: number | null }>(
    `select distinct on (key) key, version, (definition->>'product')::int as product from questionnaire where key = any($1) order by key, version desc`,
    [questionnaires.map((q) => q.key)],
  );
  const found = new Map(rows.map((row) => [row.key, row]));
  const missing = questionnaires.find((q) => !found.has(q.key));
  if (missing) {
    const known = await sql.query<{ key: string }>('select distinct key from questionnaire order by key');
    throw new UnknownQuestionnaireError(missing.key, known.map((k) => k.key));
  }
  const fromQuestionnaires = groupVariant(variant).productFromQuestionnaires;
  const product = fromQuestionnaires ? found.get(questionnaires[0]!.key)!.product! : groupVariant(variant).product;
  for (const q of questionnaires) {
    const own = found.get(q.key)!.product;
    if (own !== product) {
      throw new ProductMismatchError(fromQuestionnaires
        ? `questionnaire '${q.key}' is of product ${own}, '${questionnaires[0]!.key}' of product ${product}: the questionnaires of one group code share a product`
        : `questionnaire '${q.key}' is of product ${own}; a ${variant} group code shows questionnaires of product ${product}`);
    }
  }
  return { product, versions: Object.fromEntries(rows.map((row) => [row.key, row.version])) };
}

/** Creates one group code, all or nothing; a drawn code that happens to exist is drawn again. */
export async function createGroupCode(db: Database, options: CreateGroupCodeOptions): Promise<CreatedGroupCode> {
  return db.transaction(async (tx) => {
    const { product, versions } = await productsOf(tx, options.variant, options.questionnaires);
    for (;;) {
      const code = options.code ?? randomCode(GROUP_CODE_LENGTH);
      const inserted = await tx.query<{ id: number }>(
        `insert into group_code (code, variant, product, ui_language, valid_until, fields, questionnaires)
         select $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb
         where not exists (select 1 from group_code where upper(code) = upper($1))
         returning id`,
        [code, options.variant, product, options.language ?? 'de-DE', options.validUntil ?? null,
          JSON.stringify(options.fields ?? []), JSON.stringify(options.questionnaires)],
      );
      if (inserted.length > 0) return { code, deepLink: groupDeepLink(options.publicUrl, options.variant, code, options.language), product, versions };
      if (options.code !== undefined) throw new GroupCodeTakenError(options.code);
    }
  });
}

/** The `--questionnaires` notation of a stored list, so that a listing can be pasted into a create. */
export function questionnaireNotation(questionnaires: GroupQuestionnaire[]): string {
  return questionnaires.map((q) => `${q.key}:${q.questionnaireType}${q.selectable ? '' : ':unselectable'}`).join(',');
}

export type ClosedGroupCode = { code: string; closedAt: Date; already: boolean };

/**
 * Closes a group code: from then on its login answers AssessmentAlreadyFinished (ErrorGroupCodeFinished).
 * Participants already in keep going. Closing a closed code changes nothing and says when it was closed.
 */
export async function closeGroupCode(db: Database, code: string): Promise<ClosedGroupCode> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ code: string; closed_at: Date | null }>('select code, closed_at from group_code where upper(code) = upper($1) for update', [code]);
    if (!row) throw new UnknownGroupCodeError(code);
    if (row.closed_at) return { code: row.code, closedAt: new Date(row.closed_at), already: true };
    const [closed] = await tx.query<{ closed_at: Date }>('update group_code set closed_at = now() where upper(code) = upper($1) returning closed_at', [code]);
    return { code: row.code, closedAt: new Date(closed!.closed_at), already: false };
  });
}

/** `--variant` and the console's choice: ra, kodew or kodegroupcode, any case. */
export function parseVariant(text: string): GroupVariant {
  const variant = text.trim().toLowerCase();
  if (!isGroupVariant(variant)) throw new UsageError(`--variant must be one of ${GROUP_VARIANTS.join(', ')}, not '${text}'`);
  return variant;
}

/**
 * A variant without a questionnaire selection answers the one questionnaire its code names: a
 * second would never be reached (finishing the first would send them to a selection they lack).
 */
export const hasSelection = (variant: GroupVariant): boolean => groupVariant(variant).calls.selection !== undefined;

/** Whether the questionnaires fit a variant without a selection: exactly one, selectable. */
export function fitsVariant(variant: GroupVariant, questionnaires: readonly GroupQuestionnaire[]): boolean {
  return hasSelection(variant) || (questionnaires.length === 1 && questionnaires[0]!.selectable);
}

export type GroupCodeListing = {
  id: number;
  code: string;
  variant: GroupVariant;
  product: number;
  questionnaires: GroupQuestionnaire[];
  fields: AdditionalFieldDefinition[];
  language: Language;
  validUntil: Date | null;
  closedAt: Date | null;
  /** Logins the code has had: each started a participant. */
  participants: number;
  createdAt: Date;
};

type GroupListRow = {
  id: number;
  code: string;
  variant: GroupVariant;
  product: number;
  questionnaires: GroupQuestionnaire[] | string;
  fields: AdditionalFieldDefinition[] | string;
  ui_language: Language;
  valid_until: Date | string | null;
  closed_at: Date | string | null;
  participants: number;
  created_at: Date | string;
};

const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const GROUP_LIST_SELECT = `select g.id, g.code, g.variant, g.product, g.questionnaires, g.fields, g.ui_language, g.valid_until, g.closed_at, g.created_at,
    (select count(*)::int from group_member m where m.group_code_id = g.id) as participants
  from group_code g`;

function listingOf(row: GroupListRow): GroupCodeListing {
  return {
    id: row.id,
    code: row.code,
    variant: row.variant,
    product: row.product,
    questionnaires: jsonOf(row.questionnaires),
    fields: jsonOf(row.fields),
    language: row.ui_language,
    validUntil: dateOf(row.valid_until),
    closedAt: dateOf(row.closed_at),
    participants: row.participants,
    createdAt: new Date(row.created_at),
  };
}

export type GroupCodeFilter = {
  variant?: GroupVariant;
  /** Keyset: group codes after this id in the order asked for. */
  after?: number;
  limit: number;
  /** The command line lists in creation order, the console the newest first. */
  order?: 'oldest' | 'newest';
};

/** The group codes, a page at a time (lib/admin/pages.ts reads them all). */
export async function listGroupCodes(sql: Sql, filter: GroupCodeFilter): Promise<GroupCodeListing[]> {
  const newest = filter.order === 'newest';
  const rows = await sql.query<GroupListRow>(
    `${GROUP_LIST_SELECT}
      where ($1::text is null or g.variant = $1) and ($2::int is null or ${newest ? 'g.id < $2' : 'g.id > $2'})
      order by g.id ${newest ? 'desc' : 'asc'}
      limit $3`,
    [filter.variant ?? null, filter.after ?? null, filter.limit],
  );
  return rows.map(listingOf);
}

/** One group code by its code, in any case. */
export async function findGroupCodeListing(sql: Sql, code: string): Promise<GroupCodeListing | undefined> {
  const [row] = await sql.query<GroupListRow>(`${GROUP_LIST_SELECT} where upper(g.code) = upper($1)`, [code]);
  return row ? listingOf(row) : undefined;
}

/**
 * A group code's participant as the operator follows them, without their personal access code
 * (it is theirs to come back with): when they started, whether their personal info is saved, the
 * questionnaire they are on, and how many of their questionnaires they have finished.
 */
export type GroupParticipant = {
  /** Their number: the group_member id, as the export and `assessment list` name them. */
  number: number;
  createdAt: Date;
  personalInfoSavedAt: Date | null;
  currentQuestionnaire: string | null;
  finished: number;
};

export async function groupCodeParticipants(sql: Sql, groupCodeId: number, page: { after?: number; limit: number }): Promise<GroupParticipant[]> {
  const rows = await sql.query<{ id: number; created_at: Date | string; personal_info_saved_at: Date | string | null; current: string | null; finished: number }>(
    `select m.id, m.created_at, m.personal_info_saved_at,
            (select a.questionnaire_key from assessment a where a.id = m.current_assessment_id) as current,
            (select count(*)::int from assessment a where a.group_member_id = m.id and a.finished_at is not null) as finished
       from group_member m
      where m.group_code_id = $1 and ($2::int is null or m.id > $2)
      order by m.id
      limit $3`,
    [groupCodeId, page.after ?? null, page.limit],
  );
  return rows.map((row) => ({
    number: row.id,
    createdAt: new Date(row.created_at),
    personalInfoSavedAt: dateOf(row.personal_info_saved_at),
    currentQuestionnaire: row.current,
    finished: row.finished,
  }));
}
