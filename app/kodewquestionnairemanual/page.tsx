import { ManualScreen } from '@/components/manual/ManualScreen';

/** The web variant's manual: continues to the questionnaire selection (spec §2). */
export default function KodewQuestionnaireManualPage() {
  return <ManualScreen variant="kodew" />;
}
