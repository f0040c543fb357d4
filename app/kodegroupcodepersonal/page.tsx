import { PersonalInfoScreen } from '@/components/personal/PersonalInfoScreen';

/** Personal info of the other group flow (spec §2): additional fields and the personal key. */
export default function KodeGroupCodePersonalPage() {
  return <PersonalInfoScreen variant="kodegroupcode" />;
}
