'use client';

import { useId } from 'react';
import type { PortalTexts } from './portalTexts';
import { useHeadingFocus } from './useHeadingFocus';

/** Page 3 (spec §2, §4): the payment is recorded; the session no longer holds the transaction. */
export function PortalSuccess({ texts }: { texts: PortalTexts }) {
  const id = useId();
  const headingRef = useHeadingFocus<HTMLHeadingElement>(true);
  return (
    <section className="card card-narrow" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={headingRef} className="page-title">
        {texts.PortalSuccessTitle}
      </h1>
      <p className="lead">{texts.PortalSuccessText}</p>
    </section>
  );
}
