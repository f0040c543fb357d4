import { redirect } from 'next/navigation';
import { consoleRequest } from '@/lib/admin/console/request';
import { sessionOf } from '@/lib/admin/operators/sessions';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';
import { PasskeyButton } from '@/components/console/PasskeyButton';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { passkeySignIn, passkeySignInOptions, signIn } from './actions';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Password sign-in (and, with a passkey, sign-in without one). Someone signed in already goes on to the overview. */
export default async function SignInPage({ searchParams }: Props) {
  const request = await consoleRequest();
  if (await sessionOf(request.db, request.cookie, request.limits)) redirect('/admin');
  const query = await searchParams;
  const t = consoleTranslator(request.language, 'signin');
  const note = query.signedout ? t('signedOut') : query.ended ? t('expired') : query.set ? t('passwordSet') : undefined;
  return (
    <>
      <ConsoleHeading title={t('title')} language={request.language} />
      <section className={styles.section} aria-labelledby="signin-with-password">
        <h2 id="signin-with-password" style={{ marginTop: 0 }}>{t('passwordTitle')}</h2>
        <p>{t('intro')}</p>
        {note && <p role="status" className={styles.notice}>{note}</p>}
        {query.set && <p>{t('passkeyAfterSetup')}</p>}
        <ConsoleForm id="signin" action={signIn} pageAddress={request.pageAddress} submitLabel={t('submit')}>
          <div className={styles.field}>
            <label htmlFor="signin-email">{t('email')}</label>
            <input id="signin-email" name="email" type="email" autoComplete="username webauthn" required maxLength={320} aria-describedby="signin-message" />
          </div>
          <div className={styles.field}>
            <label htmlFor="signin-password-input">{t('password')}</label>
            <input id="signin-password-input" name="password" type="password" autoComplete="current-password" required maxLength={1000} aria-describedby="signin-message" />
          </div>
        </ConsoleForm>
      </section>
      <section className={styles.section} aria-labelledby="signin-with-passkey">
        <h2 id="signin-with-passkey" style={{ marginTop: 0 }}>{t('passkeyTitle')}</h2>
        <p>{t('passkeyIntro')}</p>
        <PasskeyButton
          ceremony={{ kind: 'signin', options: passkeySignInOptions, finish: passkeySignIn, then: withBasePath('/admin') }}
          texts={{ label: t('passkey'), refused: t('passkeyRefused'), cancelled: t('passkeyCancelled'), unsupported: t('passkeyUnsupported') }}
        />
      </section>
    </>
  );
}
