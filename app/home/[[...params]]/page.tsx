import { notFound } from 'next/navigation';
import { languageFromToken } from '@/lib/api/languages';
import { translator } from '@/lib/i18n/translate';
import { loadPageInfo, redirectOnPageInfoError } from '@/lib/upstream/pageInfo';
import { IdentCodeForm } from './IdentCodeForm';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * /home, /home/{code}, /home/{code}/{language}/{portalId} and /home?sid=…&lg=… (spec §2): the ident
 * code form; a code in the address is validated at once.
 */
export default async function HomePage(props: PageProps<'/home/[[...params]]'>) {
  const { params = [] } = await props.params;
  if (params.length > 3) notFound();
  const search = await props.searchParams;
  const code = (params[0] ?? one(search.sid) ?? '').trim();
  const language = languageFromToken(params[1] ?? one(search.lg));
  const portalId = params[2];
  const { response } = await loadPageInfo('pageinfo/kodekodex/login', {
    ...(language && { uiLanguage: language, questionnaireLanguage: language }),
    ...(code && { assessmentIdentCode: code }),
  }, { anonymous: true });
  redirectOnPageInfoError(response);
  const t = translator(response.translations);
  return (
    <IdentCodeForm
      initialCode={code}
      {...(language && { language })}
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
  );
}
