import { AccessCodeEmailScreen } from '@/components/email/AccessCodeEmailScreen';

/** The other group flow's e-mail step (spec §2): the shared screen, named for its variant. */
export default function KodeGroupCodeEmailPage() {
  return <AccessCodeEmailScreen variant="kodegroupcode" />;
}
