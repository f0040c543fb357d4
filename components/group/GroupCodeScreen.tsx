import { notFound } from 'next/navigation';
import { languageFromToken } from '@/lib/api/languages';
import { getConfig } from '@/lib/config';
import { groupLoginLanguage } from '@/lib/flows/addressLanguage';
import { deepLinkDepth } from '@/lib/flows/deepLinkDepth';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { normaliseCode } from '@/lib/validation/code';
import { groupCodeShape } from '@/lib/validation/groupCode';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { GroupCodeForm } from './GroupCodeForm';

/**
 * The group-code entry of every group flow (spec §2): /{entry}, /{entry}/{groupCode} and, where the
 * variant takes one, /{entry}/{groupCode}/{languageToken}. The page info is loaded without the
 * session token (an old participant's must not block a new start); any answer but Ok goes to the
 * error page. The code in the address is put into the (masked) field, so that a pupil who opens
 * the link their teacher sent need not type it again; it is not sent until the participant sends
 * it, since every login starts a new participant and a link opened again (a reload, a link
 * preview) must not start one. Anything that cannot be a group code is left out of the field.
 */
export async function GroupCodeScreen({ variant, params }: { variant: GroupVariant; params: string[] }) {
  const row = groupVariant(variant);
  const groupCode = normaliseCode(params[0] ?? '');
  // Only a code that could be one: anything else names no group.
  const linkedCode = groupCodeShape(groupCode) === 'ok' ? groupCode : undefined;
  // proxy.ts has made a language token the session's already (lib/flows/addressLanguage.ts); an unknown one is ignored.
  const addressLanguage = row.languageToken ? languageFromToken(params[1]) : undefined;
  const { t, session, commit } = await loadPage(row.calls.loginPage, {
    needsToken: false,
    anonymous: true,
    errors: 'notOk',
    extras: {
      ...(addressLanguage && { uiLanguage: addressLanguage, questionnaireLanguage: addressLanguage }),
      ...(linkedCode && { groupCodeIdent: linkedCode }),
    },
  });
  const config = getConfig();
  const language = row.sendsLanguage ? (addressLanguage ?? groupLoginLanguage(session)) : undefined;
  return (
    <>
      <PageTitle parts={[t('GroupCodeTitle')]} />
      {commit}
      <GroupCodeForm
        variant={variant}
        {...(row.encryptsCode && { crypto: { key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV } })}
        {...(language && { language })}
        {...(linkedCode && { linkedCode })}
        texts={{
          title: t('GroupCodeTitle'),
          text: t('GroupCodeText'),
          label: t('GroupCodeLabel'),
          show: t('GroupCodeShow'),
          submit: t('GroupCodeSubmit'),
          required: t('GroupCodeRequired'),
          ErrorGroupCodeKey: t('ErrorGroupCodeKey'),
          ErrorGroupCodeKeyFail: t('ErrorGroupCodeKeyFail'),
          ErrorPasswordInvalid: t('ErrorPasswordInvalid'),
          ErrorGroupCodeInvalid: t('ErrorGroupCodeInvalid'),
          ErrorGroupCodeExpired: t('ErrorGroupCodeExpired'),
          ErrorGroupCodeFinished: t('ErrorGroupCodeFinished'),
          ErrorGroupCodeLocked: t('ErrorGroupCodeLocked'),
        }}
      />
    </>
  );
}

/** A route file's page: `export default groupCodePage('kodew');` */
export function groupCodePage(variant: GroupVariant) {
  return async function GroupCodePage(props: { params: Promise<{ params?: string[] }> }) {
    const { params = [] } = await props.params;
    // proxy.ts has sent a deeper address to the 404 page already; this page never renders one.
    if (params.length > (deepLinkDepth(groupVariant(variant).routes.entry.slice(1)) ?? 0)) notFound();
    return <GroupCodeScreen variant={variant} params={params} />;
  };
}
