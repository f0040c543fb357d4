import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { Translation } from '@/lib/api/schemas/common';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { isRefused, optionalParticipant } from '../authority';
import { translationsFor } from '../translations';

/**
 * The access-code texts a group participant sees instead: they come back with their personal
 * access code as the ident code and then type their personal KEY (README "Coming back (group
 * participants)"), which the plain texts would call an access code.
 */
const COMING_BACK_TEXTS: Record<string, string> = {
  AccessCodeText: 'ComeBackAccessCodeText',
  AccessCodeLabel: 'ComeBackAccessCodeLabel',
  AccessCodeRequired: 'ComeBackAccessCodeRequired',
  ErrorAccessCodeKey: 'ComeBackErrorAccessCodeKey',
  ErrorAccessCodeKeyFail: 'ComeBackErrorAccessCodeKeyFail',
};

export function withComingBackTexts(translations: Translation[]): Translation[] {
  const table = new Map(translations.map((t) => [t.key, t.value]));
  return translations.map(({ key, value }) => {
    const instead = COMING_BACK_TEXTS[key];
    return { key, value: (instead && table.get(instead)) || value };
  });
}

/**
 * pageinfo/kodekodex/login: /home and /accesscode. Needs no token (like publicPageInfo); a token
 * that is sent must be genuine and its assessment running. The embedded API decides the texts:
 * for a token that speaks for a group participant they ask for the personal key.
 */
export async function accessCodePageInfo(body: { token?: string; uiLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const translations = translationsFor(languageOf(body.uiLanguage));
  const read = await optionalParticipant(body.token, ctx);
  if (isRefused(read)) return { ...read.refusal, translations };
  const comingBack = read.row !== undefined && read.row.group_member_id !== null;
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, translations: comingBack ? withComingBackTexts(translations) : translations };
}
