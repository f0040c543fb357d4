import { notFound } from 'next/navigation';
import { languageFromToken } from '@/lib/api/languages';
import { deepLinkDepth } from '@/lib/flows/deepLinkDepth';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { IdentCodeForm } from '@/components/identcode/IdentCodeForm';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * /home, /home/{code}, /home/{code}/{language}/{portalId} and /home?sid=…&lg=… (spec §2): the ident
 * code form; a code in the address is validated at once.
 */
export default async function HomePage(props: PageProps<'/home/[[...params]]'>) {
  const { params = [] } = await props.params;
  // proxy.ts has sent a deeper address to the 404 page already; this page never renders one.
  if (params.length > (deepLinkDepth('home') ?? 0)) notFound();
  const search = await props.searchParams;
  const code = (params[0] ?? one(search.sid) ?? '').trim();
  // proxy.ts has made a language in the address the session's (and the proxy sends it with the
  // ident code, lib/flows/addressLanguage.ts); the page info is asked for in it explicitly too.
  const addressLanguage = languageFromToken(params[1] ?? one(search.lg));
  const portalId = params[2];
  const { t, commit } = await loadPage('pageinfo/kodekodex/login', {
    needsToken: false,
    // Login pages load without the session token: an old or signed-out one must not block a new start.
    anonymous: true,
    // A code in the address is a new start (another assessment, or the link opened again); the
    // plain form is a login page a signed-in participant has left behind.
    ...(!code && { loginPage: '/home' as const }),
    extras: {
      ...(addressLanguage && { uiLanguage: addressLanguage, questionnaireLanguage: addressLanguage }),
      ...(code && { assessmentIdentCode: code }),
    },
  });
  return (
    <>
      <PageTitle parts={[t('HomeTitle')]} />
      {commit}
      <IdentCodeForm
        initialCode={code}
        {...(portalId && { portalId })}
        texts={{
          title: t('HomeTitle'),
          text: t('HomeText'),
          loading: t('HomeLoading'),
          label: t('IdentCodeLabel'),
          submit: t('IdentCodeSubmit'),
          required: t('IdentCodeRequired'),
        }}
      />
    </>
  );
}
