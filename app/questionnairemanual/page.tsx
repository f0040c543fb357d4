import { ManualScreen } from '@/components/manual/ManualScreen';

/** The manual of the ident-code flow and of the group flows without their own (spec §2): continue by product. */
export default function QuestionnaireManualPage() {
  return <ManualScreen />;
}
