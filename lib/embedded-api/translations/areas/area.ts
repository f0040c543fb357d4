import type { Language } from '@/lib/api/languages';

/**
 * The texts of one flow in all five languages, in a file of its own (translations/areas/), so that
 * flows built side by side do not edit one catalogue. Every language must have every key: the type
 * takes the keys of all five and asks each for all of them.
 */
export type AreaCatalogue<K extends string> = Record<Language, Record<K, string>>;

export function area<K extends string>(catalogue: AreaCatalogue<K>): AreaCatalogue<K> {
  return catalogue;
}
