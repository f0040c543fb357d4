import { languageFromToken, type Language } from '@/lib/api/languages';
import { GROUP_VARIANT_TABLE, GROUP_VARIANTS } from './groupVariants';

/** The group entries whose address takes a language token (/kodew/{groupCode}/{languageToken}, spec §2). */
const GROUP_ENTRIES_WITH_LANGUAGE = GROUP_VARIANTS.map((variant) => GROUP_VARIANT_TABLE[variant])
  .filter((row) => row.languageToken)
  .map((row) => row.routes.entry.slice(1));

/**
 * A language in a deep link (spec §2: /home/{code}/{language}/{portalId}, /home?lg=…, and the group
 * entries' /{entry}/{groupCode}/{languageToken}, spec §9) is the participant's choice: it becomes
 * the session's before the page renders, so that the header, <html lang> and every following page
 * speak it. A token that is no language is ignored.
 */
export function languageInAddress(pathname: string, search: URLSearchParams): Language | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'home') return languageFromToken(parts[2] ?? search.get('lg'));
  if (parts.length === 3 && GROUP_ENTRIES_WITH_LANGUAGE.includes(parts[0]!)) return languageFromToken(parts[2]);
  return undefined;
}

type Languages = { uiLanguage: Language; questionnaireLanguage: Language; languageChosen: boolean };

/** Both languages at once (as the header's selector sets them, spec §4); undefined when nothing changes. */
export function withChosenLanguage<S extends Languages>(session: S, language: Language): S | undefined {
  if (session.languageChosen && session.uiLanguage === language && session.questionnaireLanguage === language) return undefined;
  return { ...session, uiLanguage: language, questionnaireLanguage: language, languageChosen: true };
}

/**
 * The language an ident code is submitted with (spec §7: questionnaireLanguage): the participant's
 * choice (deep link, or the header's selector on any page before), so that it wins over the
 * assessment's; nothing when they chose none. Decided here once, applied by the proxy from the
 * session, so that every form that submits an ident code carries it.
 */
export function identCodeLanguage(session: { questionnaireLanguage: Language; languageChosen?: boolean }): Language | undefined {
  return session.languageChosen ? session.questionnaireLanguage : undefined;
}

/**
 * The language a group-code login is sent with (spec §7: uiLanguage): the one the participant
 * chose (the address's language token, or the header's selector), so that it wins over the
 * group's; nothing when they chose none, and the group's language applies. Decided here once: the
 * entry page sends it and the proxy adds no other.
 */
export function groupLoginLanguage(session: { uiLanguage: Language; languageChosen?: boolean }): Language | undefined {
  return session.languageChosen ? session.uiLanguage : undefined;
}
