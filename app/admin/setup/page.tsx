import { consoleRequest } from '@/lib/admin/console/request';
import { setupLinkHolder } from '@/lib/admin/operators/operators';
import { isSecretTokenShape } from '@/lib/admin/operators/tokens';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';
import { setPassword } from './actions';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The one-time setup link: the operator chooses their password (a passkey can be added once signed in). */
export default async function SetupPage({ searchParams }: Props) {
  const request = await consoleRequest();
  const t = consoleTranslator(request.language, 'setup');
  const token = (await searchParams).token;
  const holder = isSecretTokenShape(token) ? await setupLinkHolder(request.db, token) : undefined;
  return (
    <>
      <ConsoleHeading title={t('title')} language={request.language} />
      <section className={styles.section}>
        {!holder || typeof token !== 'string' ? (
          <p role="alert" className={styles.error}>{t('invalidLink')}</p>
        ) : (
          <>
            <p>{t('intro', { email: holder.email })}</p>
            <ConsoleForm id="setup" action={setPassword} pageAddress={request.pageAddress} submitLabel={t('submit')}>
              <input type="hidden" name="token" value={token} />
              {/* For password managers: the account the new password belongs to. */}
              <input type="email" name="username" autoComplete="username" value={holder.email} readOnly hidden />
              <div className={styles.field}>
                <label htmlFor="setup-password">{t('password')}</label>
                <input id="setup-password" name="password" type="password" autoComplete="new-password" required maxLength={200} aria-describedby="setup-hint setup-message" />
                <p id="setup-hint" className={styles.hint}>{t('hint')}</p>
              </div>
              <div className={styles.field}>
                <label htmlFor="setup-repeat">{t('repeat')}</label>
                <input id="setup-repeat" name="repeat" type="password" autoComplete="new-password" required maxLength={200} aria-describedby="setup-message" />
              </div>
            </ConsoleForm>
          </>
        )}
      </section>
    </>
  );
}
