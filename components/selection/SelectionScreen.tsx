import { preselectedId, unselectableReason } from '@/lib/flows/selection';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { SelectionForm, type SelectionOption } from './SelectionForm';

/**
 * /kodewquestionnaireselection (spec §2): the questionnaires of the participant's group code as a
 * radio list; those they cannot choose are disabled and say why; selectedQuestionnaireType is
 * preselected. Sending leads to /kodewinfo.
 */
export async function SelectionScreen() {
  const { response, t, commit } = await loadPage('pageinfo/kodew/assessmentselection', { needsToken: true });
  const items = response.questionnaireSelections ?? [];
  const options: SelectionOption[] = items.map((item) => {
    const reason = unselectableReason(item);
    return { id: item.id, questionnaireType: item.questionnaireType, title: item.title ?? '', selectable: item.selectable === true, ...(reason && { reason: t(reason) }) };
  });
  return (
    <>
      <PageTitle parts={[t('SelectionTitle')]} />
      {commit}
      <SelectionForm
        options={options}
        preselected={preselectedId(items, response.selectedQuestionnaireType)}
        texts={{
          title: t('SelectionTitle'),
          text: t('SelectionText'),
          legend: t('SelectionLegend'),
          send: t('SelectionSend'),
          noneLeft: t('SelectionNoneLeft'),
          failed: t('SelectionFailed'),
        }}
      />
    </>
  );
}
