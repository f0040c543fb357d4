import { SelectionScreen } from '@/components/selection/SelectionScreen';

/** The web variant's questionnaire selection (spec §2). */
export default function KodewQuestionnaireSelectionPage() {
  return <SelectionScreen />;
}
