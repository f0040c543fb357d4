import { createHash } from 'node:crypto';
import type { ResponseOf } from '@/lib/api/catalogue';
import { StatusCode } from '@/lib/api/codes';
import type { Translation } from '@/lib/api/schemas/common';
import { onHeaderFooterChange } from '@/lib/signals/headerFooter';

type Answer = ResponseOf<'pageinfo/headerfooter'>;
type Entry = { answer: Answer; until: number };

/**
 * The header and footer's page info, kept for a participant's next pages. Every page renders the
 * header and footer, and their call was a sixth of a page's work (docs/measurements.md): a
 * participant who goes from page to page asks the same thing again and again.
 *
 * - Kept by what the call sends that can change its answer: the token (its assessment's stylesheet,
 *   its product) and the two languages. The key is a hash: no token is kept in the clear.
 * - Kept HEADER_FOOTER_CACHE_SECONDS (0: not at all), only an Ok answer, at most MAX_ENTRIES, the
 *   least recently used given up first.
 * - Forgotten at once by a branding change (lib/signals/headerFooter.ts), on every worker: an answer
 *   still on its way when the change comes is not kept.
 * - The translations (the same for everyone in a language) and the logo (up to 128 KiB) are kept
 *   once, not once per participant: 5,000 participants' answers are then a few MB, not 640.
 */
export const MAX_ENTRIES = 5000;

type Store = { entries: Map<string, Entry>; translations: Map<string, Translation[]>; logo?: string; generation: number };
const STORE = Symbol.for('assessment-web.header-footer-cache');
type Holder = { [STORE]?: Store };

function store(): Store {
  const holder = globalThis as Holder;
  if (!holder[STORE]) {
    const created: Store = { entries: new Map(), translations: new Map(), generation: 0 };
    onHeaderFooterChange(() => forget(created));
    holder[STORE] = created;
  }
  return holder[STORE];
}

function forget(kept: Store) {
  kept.entries.clear();
  kept.translations.clear();
  kept.logo = undefined;
  kept.generation += 1;
}

/** Forgets every answer kept (tests; a change is told through lib/signals/headerFooter.ts). */
export function forgetHeaderFooters(): void {
  forget(store());
}

export function headerFooterKey(token: string | undefined, uiLanguage: string, questionnaireLanguage: string): string {
  return createHash('sha256').update(JSON.stringify([token ?? '', uiLanguage, questionnaireLanguage])).digest('base64url');
}

const sameTranslations = (a: readonly Translation[], b: readonly Translation[]) =>
  a.length === b.length && a.every((entry, i) => entry.key === b[i]!.key && entry.value === b[i]!.value);

/** The language's translations kept already when these are the same, else these (kept from now on). */
function sharedTranslations(kept: Store, language: string, translations: Translation[]): Translation[] {
  const known = kept.translations.get(language);
  if (known && sameTranslations(known, translations)) return known;
  kept.translations.set(language, Object.freeze(translations) as Translation[]);
  return translations;
}

/** The same for the logo (up to 128 KiB of base64): one copy, not one per participant. */
function sharedLogo(kept: Store, logo: string | null | undefined): string | null | undefined {
  if (typeof logo !== 'string') return logo;
  if (kept.logo === logo) return kept.logo;
  kept.logo = logo;
  return logo;
}

export async function cachedHeaderFooter(
  key: string,
  uiLanguage: string,
  seconds: number,
  load: () => Promise<Answer>,
  now: () => number = Date.now,
): Promise<Answer> {
  if (seconds <= 0) return load();
  const kept = store();
  const hit = kept.entries.get(key);
  if (hit && hit.until > now()) {
    // Most recently used last: the first in the map is the one to give up.
    kept.entries.delete(key);
    kept.entries.set(key, hit);
    return hit.answer;
  }
  const generation = kept.generation;
  const answer = await load();
  if (answer.statusCode !== StatusCode.Ok || kept.generation !== generation) return answer;
  const shared = { ...answer, translations: sharedTranslations(kept, uiLanguage, answer.translations), logoDataBase64: sharedLogo(kept, answer.logoDataBase64) };
  const entry = { answer: Object.freeze(shared), until: now() + seconds * 1000 };
  kept.entries.delete(key);
  kept.entries.set(key, entry);
  if (kept.entries.size > MAX_ENTRIES) kept.entries.delete(kept.entries.keys().next().value!);
  return entry.answer;
}
