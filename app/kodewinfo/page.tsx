import { KodewInfoScreen } from '@/components/selection/KodewInfoScreen';

/** The info text of the chosen questionnaire (spec §2). */
export default function KodewInfoPage() {
  return <KodewInfoScreen />;
}
