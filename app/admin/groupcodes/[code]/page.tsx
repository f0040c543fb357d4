import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { PARTICIPANT_LANGUAGE_NAMES } from '@/lib/admin/console/forms';
import { findGroupCodeListing, groupCodeParticipants, groupDeepLink } from '@/lib/admin/groupCodes';
import { mayDo } from '@/lib/admin/operators/roles';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { GroupQuestionnaires } from '@/components/console/GroupQuestionnaires';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleTable } from '@/components/console/ConsoleTable';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';
import own from '@/components/console/ConsoleParts.module.css';
import { closeGroupCodeAction } from '../actions';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 100;

type Props = { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * One group code: what it offers, its participants (never their personal access codes), and for
 * owners the form that closes it.
 */
export default async function GroupCodePage({ params, searchParams }: Props) {
  const page = await pageSession('groupCodeList');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'groupcodes');
  // Group codes are letters and digits (lib/validation/groupCode.ts): anything else is none of them.
  const code = (await params).code;
  const group = /^[A-Za-z0-9]{1,100}$/.test(code) ? await findGroupCodeListing(page.db, code) : undefined;
  if (!group) {
    return (
      <>
        <ConsoleHeading title={t('notFound')} language={page.language} />
        <p><a href={withBasePath('/admin/groupcodes')}>{t('back')}</a></p>
      </>
    );
  }
  const query = await searchParams;
  const after = Number(query.after);
  const participants = await groupCodeParticipants(page.db, group.id, { limit: PAGE_SIZE, ...(Number.isSafeInteger(after) && after > 0 && { after }) });
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const when = (date: Date | null, otherwise: string) => (date ? <time dateTime={date.toISOString()}>{format.format(date)}</time> : otherwise);
  const notice = query.created ? t('createdNotice', { code: group.code }) : query.closed ? t('closedNotice', { code: group.code }) : query.already ? t('alreadyClosedNotice', { code: group.code }) : undefined;
  const title = t('detailTitle', { code: group.code });
  return (
    <>
      <ConsoleHeading title={title} language={page.language} />
      <p><a href={withBasePath('/admin/groupcodes')}>{t('back')}</a></p>
      {notice && <p role="status" className={styles.notice}>{notice}</p>}
      <section className={styles.section} aria-labelledby="groupcode-facts">
        <h2 id="groupcode-facts" className={own.visuallyHidden}>{title}</h2>
        <dl className={own.facts}>
          <dt>{t('deepLink')}</dt>
          <dd><code>{groupDeepLink(page.config.PUBLIC_URL, group.variant, group.code, group.language)}</code></dd>
          <dt>{t('variant')}</dt>
          <dd>{group.variant}</dd>
          <dt>{t('product')}</dt>
          <dd>{group.product}</dd>
          <dt>{t('questionnaires')}</dt>
          <dd><GroupQuestionnaires questionnaires={group.questionnaires} t={t} /></dd>
          <dt>{t('language')}</dt>
          <dd>{PARTICIPANT_LANGUAGE_NAMES[group.language] ?? group.language}</dd>
          <dt>{t('validUntil')}</dt>
          <dd>{when(group.validUntil, t('none'))}</dd>
          <dt>{t('created')}</dt>
          <dd>{when(group.createdAt, t('none'))}</dd>
          <dt>{t('closedAt')}</dt>
          <dd>{when(group.closedAt, t('open'))}</dd>
        </dl>
      </section>
      {!group.closedAt && mayDo(page.session.role, 'groupCodeClose') && (
        <section className={styles.section} aria-labelledby="groupcode-close">
          <h2 id="groupcode-close">{t('closeHeading')}</h2>
          <p>{t('closeIntro')}</p>
          <ConsoleForm id="groupcode-close-form" action={closeGroupCodeAction} pageAddress={page.pageAddress} submitLabel={t('closeSubmit')} xsrf={page.xsrf} danger>
            <input type="hidden" name="code" value={group.code} />
            <label className={own.check}>
              <input type="checkbox" name="confirm" required /> {t('confirm', { code: group.code })}
            </label>
          </ConsoleForm>
        </section>
      )}
      <h2 id="groupcode-participants">{t('participants')}</h2>
      <p className={styles.hint}>{t('participantsNote')}</p>
      {participants.length === 0 ? (
        <p>{t('noParticipants')}</p>
      ) : (
        <ConsoleTable id="groupcode-participants" caption={t('participantsCaption', { count: participants.length })} columns={[{ label: t('number'), numeric: true }, t('started'), t('personalInfo'), t('current'), { label: t('finished'), numeric: true }]}>
          {participants.map((p) => (
            <tr key={p.number}>
              <td className={styles.number}>{p.number}</td>
              <td>{when(p.createdAt, t('none'))}</td>
              <td>{when(p.personalInfoSavedAt, t('no'))}</td>
              <td>{p.currentQuestionnaire ?? t('none')}</td>
              <td className={styles.number}>{p.finished}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {participants.length === PAGE_SIZE && (
        <p>
          <a href={withBasePath(`/admin/groupcodes/${encodeURIComponent(group.code)}?after=${participants.at(-1)!.number}`)}>{t('moreParticipants')}</a>
        </p>
      )}
    </>
  );
}
