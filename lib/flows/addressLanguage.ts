import { languageFromToken, type Language } from '@/lib/api/languages';

/**
 * A language in a deep link (spec §2: /home/{code}/{language}/{portalId}, /home?lg=…) is the
 * participant's choice: it becomes the session's before the page renders, so that the header,
 * <html lang> and every following page speak it (issue 6, point 12).
 */
export function languageInAddress(pathname: string, search: URLSearchParams): Language | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'home') return undefined;
  return languageFromToken(parts[2] ?? search.get('lg'));
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
