import { getRequestConfig } from 'next-intl/server';
import { bcp47, type Language } from '@/lib/api/languages';
import { getSession } from '@/lib/session/server';
import { missingKey } from './translate';

const MESSAGES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  'de-DE': () => import('@/messages/de-DE.json'),
  'en-US': () => import('@/messages/en-US.json'),
  'fr-FR': () => import('@/messages/fr-FR.json'),
  'it-IT': () => import('@/messages/it-IT.json'),
  'cz-CZ': () => import('@/messages/cz-CZ.json'),
};

/** No i18n routing: the locale is the session's interface language. */
export default getRequestConfig(async () => {
  const { uiLanguage } = await getSession();
  return {
    locale: bcp47(uiLanguage),
    messages: (await MESSAGES[uiLanguage]()).default,
    timeZone: 'Europe/Berlin',
    getMessageFallback: ({ key, namespace }) => missingKey(namespace ? `${namespace}.${key}` : key),
    // A missing chrome text shows as KEY: name (spec §8); it is not an error worth a log line per render.
    onError: () => undefined,
  };
});
