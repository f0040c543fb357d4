import { createTranslator } from 'next-intl';
import common from '@/messages/console/common.json';
import signin from '@/messages/console/signin.json';
import setup from '@/messages/console/setup.json';
import overview from '@/messages/console/overview.json';
import audit from '@/messages/console/audit.json';
import questionnaires from '@/messages/console/questionnaires.json';
import answersExport from '@/messages/console/exports.json';
import mail from '@/messages/console/mail.json';
import assessments from '@/messages/console/assessments.json';
import groupcodes from '@/messages/console/groupcodes.json';
import account from '@/messages/console/account.json';
import portal from '@/messages/console/portal.json';
import privacy from '@/messages/console/privacy.json';
import branding from '@/messages/console/branding.json';
import type { ConsoleLanguage } from './language';

/**
 * The console's texts, one file per area in messages/console/ ({ "de": …, "en": … }), apart from
 * the participants' messages so that no participant page carries them. texts.test.ts checks that
 * every language has every key.
 */
export const CONSOLE_TEXTS = { common, signin, setup, overview, audit, assessments, groupcodes, portal, privacy, branding, account, questionnaires, exports: answersExport, mail } as const;
export type ConsoleArea = keyof typeof CONSOLE_TEXTS;

/** A console text by its key (dotted for nested ones), with its {placeholders} filled in. */
export type ConsoleT = (key: string, values?: Record<string, string | number>) => string;

export function consoleTranslator(language: ConsoleLanguage, area: ConsoleArea): ConsoleT {
  const t = createTranslator({
    locale: language,
    messages: CONSOLE_TEXTS[area][language] as Record<string, unknown>,
    // A missing text shows as KEY: name, as the participants' do (spec §8); texts.test.ts keeps it from happening.
    onError: () => undefined,
    getMessageFallback: ({ key }) => `KEY: ${area}.${key}`,
  }) as unknown as ConsoleT;
  return (key, values) => t(key, values);
}
