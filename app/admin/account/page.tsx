import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { passkeysOf } from '@/lib/admin/operators/passkeys';
import { PasskeyButton } from '@/components/console/PasskeyButton';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleTable } from '@/components/console/ConsoleTable';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';
import { passkeyRegister, passkeyRegistrationOptions } from './actions';

export const dynamic = 'force-dynamic';

/** The signed-in operator's own account: their passkeys, and adding one. */
export default async function AccountPage() {
  const page = await pageSession('passkeyAdd');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'account');
  const common = consoleTranslator(page.language, 'common');
  const passkeys = await passkeysOf(page.db, page.session.operatorId);
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const xsrf = page.xsrf;
  return (
    <>
      <ConsoleHeading title={t('title')} language={page.language} />
      <p>{t('intro', { email: page.session.email, role: common(`role.${page.session.role}`) })}</p>
      <section className={styles.section} aria-labelledby="passkeys-title">
        <h2 id="passkeys-title" style={{ marginTop: 0 }}>{t('passkeys')}</h2>
        <p>{t('passkeysIntro')}</p>
        {passkeys.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <ConsoleTable id="passkeys" caption={t('caption')} columns={[t('id'), t('created')]}>
            {passkeys.map((passkey) => (
              <tr key={passkey.id}>
                <td>{`${passkey.id.slice(0, 12)}…`}</td>
                <td>{format.format(passkey.createdAt)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
        <PasskeyButton
          ceremony={{ kind: 'register', options: passkeyRegistrationOptions.bind(null, xsrf), finish: passkeyRegister.bind(null, xsrf) }}
          texts={{ label: t('add'), done: t('added'), refused: t('refused'), cancelled: t('cancelled'), unsupported: t('unsupported') }}
        />
      </section>
    </>
  );
}
