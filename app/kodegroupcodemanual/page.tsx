import { ManualScreen } from '@/components/manual/ManualScreen';

/**
 * /kodegroupcodemanual: the spec lists the route without its content. It is the other group flow's
 * manual, the shared screen with this variant's continue (/questionnaire), the same page as
 * /questionnairemanual shows such a participant: a bookmark or a login answer naming it lands somewhere sensible.
 */
export default function KodeGroupCodeManualPage() {
  return <ManualScreen variant="kodegroupcode" />;
}
