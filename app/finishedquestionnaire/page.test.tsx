import { renderToStaticMarkup } from 'react-dom/server';
import type { Translation } from '@/lib/api/schemas/common';
import { translationsFor } from '@/lib/embedded-api/translations';
import { translator } from '@/lib/i18n/translate';

/**
 * The finished page as a participant reads it: the thanks, and the retention notice where the
 * operator set one (translation RetentionNotice), nothing about it where not. The page loader is a
 * stand-in answering with the embedded API's German texts.
 */
let translations: Translation[] = [];
const loads: Array<{ path: string; options: Record<string, unknown> }> = [];

jest.mock('@/lib/upstream/pageInfo', () => ({
  loadPage: async (path: string, options: Record<string, unknown>) => {
    loads.push({ path, options });
    return { t: translator(translations) };
  },
}));
jest.mock('@/components/session/ClearSessionOnMount', () => ({ ClearSessionOnMount: () => null }));

import FinishedQuestionnairePage from './page';

const NOTICE = 'Ihre Antworten werden zwölf Monate nach Abschluss gelöscht.';

beforeEach(() => {
  loads.length = 0;
});

describe('/finishedquestionnaire', () => {
  it('says how long the answers are kept when the operator set it', async () => {
    translations = [...translationsFor('de-DE'), { key: 'RetentionNotice', value: NOTICE }];
    const html = renderToStaticMarkup(await FinishedQuestionnairePage());
    expect(html).toContain('Vielen Dank!');
    expect(html).toContain(`<p class="status-page-info">${NOTICE}</p>`);
  });

  it('says nothing about it when no notice is set: no empty box, no missing-key text', async () => {
    translations = translationsFor('de-DE');
    const html = renderToStaticMarkup(await FinishedQuestionnairePage());
    expect(html).toContain('Vielen Dank!');
    expect(html).not.toContain('status-page-info');
    expect(html).not.toContain('KEY:');
  });

  it('loads its texts with the token that finished, so that the notice is the finished questionnaire\'s', async () => {
    translations = translationsFor('de-DE');
    await FinishedQuestionnairePage();
    expect(loads).toEqual([{ path: 'pageinfo', options: expect.objectContaining({ needsToken: false, finishedToken: true, extras: { category: 'finishedquestionnaire' } }) }]);
  });
});
