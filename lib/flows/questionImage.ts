/**
 * Where the browser finds a question's image: app/questionnaire-image/[imageKey]/route.ts, served
 * by lib/proxy/handleImage.ts. With the fingerprint of its bytes (the page's imageVersion) the
 * address changes whenever the image does, so the browser may keep it for long.
 */
export function questionImagePath(imageKey: string, version?: string | null): string {
  const path = `/questionnaire-image/${encodeURIComponent(imageKey)}`;
  return version && /^[0-9a-f]{16}$/.test(version) ? `${path}?v=${version}` : path;
}

/** The shape an image is laid out in before it arrives: its own when the page says it, else 4:3. */
export function imageAspect(width: unknown, height: unknown): { width: number; height: number; known: boolean } {
  const valid = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 20_000;
  return valid(width) && valid(height) ? { width, height, known: true } : { width: 4, height: 3, known: false };
}
