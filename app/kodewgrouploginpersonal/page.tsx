import { PersonalInfoScreen } from '@/components/personal/PersonalInfoScreen';

/** Personal info of the web variant (spec §2): additional fields and the personal key. */
export default function KodewGroupLoginPersonalPage() {
  return <PersonalInfoScreen variant="kodew" />;
}
