/**
 * Whether a browser is new enough for the full interface (Next 16 needs Chrome/Edge/Firefox 111,
 * Safari 16.4). Unknown agents count as supported: we only warn when we are sure.
 */
export function isSupportedBrowser(userAgent: string | null | undefined): boolean {
  const ua = userAgent ?? '';
  if (/MSIE |Trident\//.test(ua)) return false;
  if (/Edge\/\d+/.test(ua)) return false; // EdgeHTML, before Chromium
  const version = (pattern: RegExp) => Number(pattern.exec(ua)?.[1] ?? NaN);
  const firefox = version(/Firefox\/(\d+)/);
  if (!Number.isNaN(firefox)) return firefox >= 111;
  const chromium = version(/(?:Chrome|Chromium|CriOS|Edg)\/(\d+)/);
  if (!Number.isNaN(chromium)) return chromium >= 111;
  if (/Safari\//.test(ua)) {
    const safari = /Version\/(\d+)\.(\d+)/.exec(ua);
    if (safari) return Number(safari[1]) > 16 || (Number(safari[1]) === 16 && Number(safari[2]) >= 4);
  }
  return true;
}
