import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { Product } from '@/lib/api/codes';
import { errorPageUrl } from '@/lib/flows/errorRecord';
import { portalAddress, portalOffer, UNKNOWN_PORTAL } from '@/lib/flows/portal';
import { NONCE_HEADER } from '@/lib/security/csp';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PortalFlow } from '@/components/portal/PortalFlow';
import { portalTexts } from '@/components/portal/portalTexts';

/**
 * /portal/{groupCodeIdent} and /portal/{groupCodeIdent}/{portalId} (spec §1, §2 "Portal"): a buyer
 * enters invoice data and pays the product's price. No token is needed (spec §6): the page info is
 * loaded without one. An unknown portal, one without a chargeable price and an upstream failure go
 * to the error page with their message: never a blank page, never a payment button for another
 * amount than the one the portal has (lib/flows/portal.ts portalOffer).
 */
export default async function PortalPage(props: PageProps<'/portal/[...params]'>) {
  const { params } = await props.params;
  const address = portalAddress(params);
  if (!address) redirect(errorPageUrl(UNKNOWN_PORTAL));
  const [{ response, t, commit }, requestHeaders] = await Promise.all([
    loadPage('pageinfo/portal/login', {
      needsToken: false,
      anonymous: true,
      errors: 'notOk',
      extras: { groupCodeIdent: address.groupCodeIdent, ...(address.portalId !== undefined && { portalId: address.portalId }), product: Product.Portal },
    }),
    headers(),
  ]);
  const outcome = portalOffer(response, address.groupCodeIdent);
  if (outcome.kind === 'error') redirect(errorPageUrl(outcome.record));
  return (
    <>
      {commit}
      <PortalFlow offer={outcome.offer} nonce={requestHeaders.get(NONCE_HEADER) ?? undefined} texts={portalTexts(t)} />
    </>
  );
}
