import { PersonalInfoScreen } from '@/components/personal/PersonalInfoScreen';

/** Personal info of the requirements analysis (spec §2): name, e-mail and the personal key. */
export default function GroupLoginPersonalPage() {
  return <PersonalInfoScreen variant="ra" />;
}
