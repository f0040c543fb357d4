import { pageTitle } from '@/lib/i18n/pageTitle';

/**
 * The page's own <title> (React hoists it into <head>). Rendered by every page, in the session's
 * language; the questionnaire renders it on the client, so it follows each page turn.
 */
export function PageTitle({ parts }: { parts: ReadonlyArray<string | null | undefined> }) {
  return <title>{pageTitle(parts)}</title>;
}
