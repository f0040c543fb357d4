import { imageFingerprint, imageSha256, imageSize } from '@/lib/content/images';
import type { Sql } from '../db/database';

/**
 * The images of a questionnaire version (table questionnaire_image, written by ./import.ts). Pages
 * name an image by its key and learn its size and fingerprint with the page, so that the browser
 * keeps its place before it arrives and may cache it under an address that changes with its bytes.
 */

export type ImageInfo = { width: number; height: number; fingerprint: string };

type InfoRow = { image_key: string; width: number | null; height: number | null; sha256: string | null };

/**
 * What a page needs of the images it names. Images imported before migration 10 have no size yet:
 * it is read from their bytes once and stored.
 */
export async function imageInfos(sql: Sql, key: string, version: number, imageKeys: readonly string[]): Promise<Map<string, ImageInfo>> {
  const infos = new Map<string, ImageInfo>();
  if (imageKeys.length === 0) return infos;
  const rows = await sql.query<InfoRow>(
    `select image_key, width, height, sha256 from questionnaire_image
      where questionnaire_key = $1 and questionnaire_version = $2 and image_key = any($3::text[])`,
    [key, version, [...imageKeys]],
  );
  for (const row of rows) {
    const complete = row.width !== null && row.height !== null && row.sha256 !== null ? row : await fillInfo(sql, key, version, row.image_key);
    if (complete && complete.width !== null && complete.height !== null && complete.sha256 !== null) {
      infos.set(row.image_key, { width: complete.width, height: complete.height, fingerprint: imageFingerprint(complete.sha256) });
    }
  }
  return infos;
}

async function fillInfo(sql: Sql, key: string, version: number, imageKey: string): Promise<InfoRow | undefined> {
  const data = await imageData(sql, key, version, imageKey);
  const size = data && imageSize(data);
  if (!data || !size) return undefined;
  const sha256 = imageSha256(data);
  await sql.query(
    'update questionnaire_image set width = $4, height = $5, sha256 = $6 where questionnaire_key = $1 and questionnaire_version = $2 and image_key = $3',
    [key, version, imageKey, size.width, size.height, sha256],
  );
  return { image_key: imageKey, ...size, sha256 };
}

/** The bytes of one image of a questionnaire version, or undefined when it has none of that key. */
export async function imageData(sql: Sql, key: string, version: number, imageKey: string): Promise<Buffer | undefined> {
  const [row] = await sql.query<{ data: Uint8Array }>(
    'select data from questionnaire_image where questionnaire_key = $1 and questionnaire_version = $2 and image_key = $3',
    [key, version, imageKey],
  );
  return row ? Buffer.from(row.data) : undefined;
}
