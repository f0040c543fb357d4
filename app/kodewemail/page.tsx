import { AccessCodeEmailScreen } from '@/components/email/AccessCodeEmailScreen';

/** The web variant's e-mail step (spec §2): the shared screen, named for its variant. */
export default function KodewEmailPage() {
  return <AccessCodeEmailScreen variant="kodew" />;
}
