import fs from 'node:fs';
import { parseQuestionnaireText } from '@/lib/content/parse';
for (const f of ['competency-24', 'grid-10']) {
  const r = parseQuestionnaireText(fs.readFileSync(`content/questionnaires/${f}.json`, 'utf8'));
  console.log(f, r.ok ? r.questionnaire.questions.length : r.problems);
}
const bad = { key: 'X', title: { en: 'x' }, product: 1, questionsPerPage: 2, noDetails: 1, notRated: true,
  answervaluesConfig: { valueInfos: [{ value: 1, caption: { de: '1' } }, { value: 1, caption: { de: '' } }], groupCaptions: [{ caption: { de: 'a' }, columnSpan: 3 }] },
  questions: [{ id: 1, text: { de: 'a' }, subtext: { de: 'x' }, answerInfos: [{ id: 5, text: { de: 'x', EN: 'y' } }] }, { id: 1.5, text: { de: 'b' }, answerInfos: [{ id: 5, text: {} }] }, { id: 1, text: { de: 'c' }, answerInfos: 'x' }] };
console.log(parseQuestionnaireText(JSON.stringify(bad)));
console.log(parseQuestionnaireText('{\n  "key": "a",\n  "title": { "de": "x" }\n  "product": 1\n}'));
console.log(parseQuestionnaireText('{\n  "key": "a",'));
console.log(parseQuestionnaireText('[1]'));
