import type { GroupQuestionnaire } from '@/lib/content/groupCode';
import type { ConsoleT } from '@/lib/admin/console/texts';

/** A group code's questionnaires in the order of its selection, with their type, marking those not selectable. */
export function GroupQuestionnaires({ questionnaires, t }: { questionnaires: GroupQuestionnaire[]; t: ConsoleT }) {
  return (
    <>
      {questionnaires.map((q, index) => (
        <span key={q.key}>
          {index > 0 && ', '}
          {q.key}:{q.questionnaireType}
          {!q.selectable && ` (${t('notSelectable')})`}
        </span>
      ))}
    </>
  );
}
