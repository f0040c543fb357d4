import type { ReactNode } from 'react';
import { cookies, headers } from 'next/headers';
import { CONSOLE_LANGUAGE_COOKIE } from '@/lib/admin/console/cookies';
import { consoleLanguageOf } from '@/lib/admin/console/language';

/**
 * The console's document, in place of the participants' (app/layout.tsx hands over when proxy.ts
 * marked the request as the console's): no participant header, footer, session timing or modal
 * system; app/admin/layout.tsx draws the console's own frame.
 */
export async function ConsoleDocument({ children }: { children: ReactNode }) {
  const [store, list] = await Promise.all([cookies(), headers()]);
  return (
    <html lang={consoleLanguageOf(store.get(CONSOLE_LANGUAGE_COOKIE)?.value, list.get('accept-language'))}>
      <body>{children}</body>
    </html>
  );
}
