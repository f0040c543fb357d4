import { ManualScreen } from '@/components/manual/ManualScreen';

/** Ident-code flow: the manual continues to the questionnaire (spec §2). */
export default function QuestionnaireManualPage() {
  return <ManualScreen continueHref="/questionnaire" />;
}
