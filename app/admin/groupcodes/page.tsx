import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator, type ConsoleT } from '@/lib/admin/console/texts';
import { importedQuestionnaireKeys } from '@/lib/admin/assessmentSearch';
import { listGroupCodes } from '@/lib/admin/groupCodes';
import { mayDo } from '@/lib/admin/operators/roles';
import { PARTICIPANT_LANGUAGE_NAMES } from '@/lib/admin/console/forms';
import { LANGUAGES } from '@/lib/api/languages';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { GROUP_VARIANTS } from '@/lib/flows/groupVariants';
import { GROUP_CODE_MAX_LENGTH, GROUP_CODE_MIN_LENGTH } from '@/lib/validation/groupCode';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleTable } from '@/components/console/ConsoleTable';
import { GroupQuestionnaires } from '@/components/console/GroupQuestionnaires';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';
import own from '@/components/console/ConsoleParts.module.css';
import { createGroupCodeAction } from './actions';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 100;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The group codes, newest first, each with its participants one click away; owners create them here. */
export default async function GroupCodesPage({ searchParams }: Props) {
  const page = await pageSession('groupCodeList');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'groupcodes');
  const before = Number((await searchParams).before);
  const rows = await listGroupCodes(page.db, { order: 'newest', limit: PAGE_SIZE, ...(Number.isSafeInteger(before) && before > 0 && { after: before }) });
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const when = (date: Date | null) => (date ? <time dateTime={date.toISOString()}>{format.format(date)}</time> : t('none'));
  return (
    <>
      <ConsoleHeading title={t('title')} language={page.language} />
      <p>{t('intro')}</p>
      {mayDo(page.session.role, 'groupCodeCreate') && (
        <CreateSection t={t} pageAddress={page.pageAddress} xsrf={page.xsrf} imported={await importedQuestionnaireKeys(page.db)} />
      )}
      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ConsoleTable id="groupcodes" caption={t('caption', { count: rows.length })} columns={[t('code'), t('variant'), t('questionnaires'), t('validUntil'), t('closed'), { label: t('participants'), numeric: true }]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a href={withBasePath(`/admin/groupcodes/${encodeURIComponent(row.code)}`)}>{row.code}</a>
              </td>
              <td>{row.variant}</td>
              <td><GroupQuestionnaires questionnaires={row.questionnaires} t={t} /></td>
              <td>{when(row.validUntil)}</td>
              <td>{row.closedAt ? when(row.closedAt) : t('open')}</td>
              <td className={styles.number}>{row.participants}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {rows.length === PAGE_SIZE && (
        <p>
          <a href={withBasePath(`/admin/groupcodes?before=${rows.at(-1)!.id}`)}>{t('more')}</a>
        </p>
      )}
    </>
  );
}

function CreateSection({ t, pageAddress, xsrf, imported }: { t: ConsoleT; pageAddress: string; xsrf: string; imported: string[] }) {
  return (
    <section className={styles.section} aria-labelledby="groupcodes-create">
      <h2 id="groupcodes-create">{t('createHeading')}</h2>
      <ConsoleForm id="groupcode-create" action={createGroupCodeAction} pageAddress={pageAddress} submitLabel={t('submit')} xsrf={xsrf}>
        <div className={styles.field}>
          <label htmlFor="groupcode-variant">{t('variantLabel')}</label>
          <select id="groupcode-variant" name="variant" className={own.fit}>
            {GROUP_VARIANTS.map((variant) => (
              <option key={variant} value={variant}>{t(`variants.${variant}`)}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="groupcode-questionnaires">{t('questionnairesLabel')}</label>
          <input id="groupcode-questionnaires" name="questionnaires" type="text" required maxLength={1000} autoComplete="off" spellCheck={false} aria-describedby="groupcode-questionnaires-hint" />
          <p id="groupcode-questionnaires-hint" className={styles.hint}>{t('questionnairesHint', { keys: imported.length ? imported.join(', ') : t('noQuestionnaires') })}</p>
        </div>
        <div className={styles.field}>
          <label htmlFor="groupcode-code">{t('ownCode')}</label>
          <input id="groupcode-code" name="code" type="text" maxLength={GROUP_CODE_MAX_LENGTH} autoComplete="off" spellCheck={false} aria-describedby="groupcode-code-hint" />
          <p id="groupcode-code-hint" className={styles.hint}>{t('ownCodeHint', { min: GROUP_CODE_MIN_LENGTH, max: GROUP_CODE_MAX_LENGTH })}</p>
        </div>
        <div className={styles.field}>
          <label htmlFor="groupcode-validUntil">{t('validUntilOptional')}</label>
          <input id="groupcode-validUntil" name="validUntil" type="date" aria-describedby="groupcode-validUntil-hint" />
          <p id="groupcode-validUntil-hint" className={styles.hint}>{t('validUntilHint')}</p>
        </div>
        <div className={styles.field}>
          <label htmlFor="groupcode-language">{t('language')}</label>
          <select id="groupcode-language" name="language" defaultValue="de-DE" className={own.fit}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>{PARTICIPANT_LANGUAGE_NAMES[code]}</option>
            ))}
          </select>
        </div>
        <p className={styles.hint}>
          {t('fieldsNote')} <code>npm run admin -- groupcode create --fields &lt;file&gt; …</code>
        </p>
      </ConsoleForm>
    </section>
  );
}
