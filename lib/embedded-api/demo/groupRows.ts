import type { AdditionalFieldDefinition, GroupQuestionnaire } from '@/lib/content/groupCode';
import type { GroupVariant } from '@/lib/flows/groupVariants';

/**
 * The demo group codes. Suites depend on these codes: add rows, never change one.
 * Every login with a group code starts a new participant, so these rows are never used up; the
 * reset removes their participants.
 */
export type DemoGroupCode = {
  id: string;
  code: string;
  variant: GroupVariant;
  product: number;
  /** Days from now; negative for an expired code. */
  validForDays: number | null;
  closed: boolean;
  fields: AdditionalFieldDefinition[];
  questionnaires: GroupQuestionnaire[];
  /** The personal-info page asks "finish or cancel?" in a modal before it saves (migration 7). */
  finishModal?: boolean;
  note: string;
};

const KODEW_FIELDS: AdditionalFieldDefinition[] = [
  {
    id: 1,
    name: { de: 'Abteilung', en: 'Department', fr: 'Service', it: 'Reparto', cz: 'Oddělení' },
    fieldType: 'Text',
    sortNumber: 2,
    required: true,
  },
  {
    id: 2,
    name: { de: 'Berufserfahrung', en: 'Work experience', fr: 'Expérience professionnelle', it: 'Esperienza professionale', cz: 'Pracovní zkušenosti' },
    fieldType: 'List',
    allowedValues: ['0-2', '3-5', '6-10', '10+'],
    sortNumber: 1,
    required: true,
  },
];

const KODEW_QUESTIONNAIRES: GroupQuestionnaire[] = [
  {
    key: 'kodew-strengths',
    questionnaireType: 1,
    selectable: true,
    info: {
      de: 'Im Stärkenprofil schätzen Sie acht Stärken auf einer Skala von 0 bis 100 ein.',
      en: 'In the strengths profile you rate eight strengths on a scale from 0 to 100.',
      fr: 'Dans le profil de points forts, vous évaluez huit points forts sur une échelle de 0 à 100.',
      it: 'Nel profilo dei punti di forza valuta otto punti di forza su una scala da 0 a 100.',
      cz: 'V profilu silných stránek ohodnotíte osm silných stránek na stupnici od 0 do 100.',
    },
  },
  {
    key: 'kodew-motivation',
    questionnaireType: 2,
    selectable: true,
    info: {
      de: 'Im Fragebogen zur Motivation schätzen Sie drei Motive ein.',
      en: 'In the motivation questionnaire you rate three motives.',
      fr: 'Dans le questionnaire de motivation, vous évaluez trois motivations.',
      it: 'Nel questionario sulla motivazione valuta tre motivazioni.',
      cz: 'V dotazníku motivace ohodnotíte tři motivy.',
    },
  },
  { key: 'kodew-leadership', questionnaireType: 3, selectable: false },
];

const KGC_FIELDS: AdditionalFieldDefinition[] = [
  {
    id: 1,
    name: { de: 'Team', en: 'Team', fr: 'Équipe', it: 'Team', cz: 'Tým' },
    fieldType: 'Text',
    sortNumber: 1,
    required: true,
  },
  {
    id: 2,
    name: { de: 'Rolle', en: 'Role', fr: 'Rôle', it: 'Ruolo', cz: 'Role' },
    fieldType: 'List',
    allowedValues: ['Mitarbeitende', 'Teamleitung', 'Projektleitung'],
    sortNumber: 2,
    required: false,
  },
];

const RA_QUESTIONNAIRES: GroupQuestionnaire[] = [{ key: 'ra-requirements', questionnaireType: 1, selectable: true }];
const KGC_QUESTIONNAIRES: GroupQuestionnaire[] = [{ key: 'grid-10', questionnaireType: 1, selectable: true }];

export const DEMO_GROUP_CODES: DemoGroupCode[] = [
  {
    id: 'KODEW', code: 'KWDEMO01', variant: 'kodew', product: 4, validForDays: null, closed: false,
    fields: KODEW_FIELDS, questionnaires: KODEW_QUESTIONNAIRES,
    note: 'web variant: two additional fields, e-mail step, selection of three questionnaires (one not selectable), info text, slider questionnaire of 8 questions',
  },
  {
    id: 'KODEW-EXPIRED', code: 'KWEXPIR1', variant: 'kodew', product: 4, validForDays: -1, closed: false,
    fields: KODEW_FIELDS, questionnaires: KODEW_QUESTIONNAIRES,
    note: 'the message ErrorGroupCodeExpired',
  },
  {
    id: 'KODEW-FINISHED', code: 'KWDONE01', variant: 'kodew', product: 4, validForDays: null, closed: true,
    fields: KODEW_FIELDS, questionnaires: KODEW_QUESTIONNAIRES,
    note: 'the message ErrorGroupCodeFinished',
  },
  {
    id: 'KODEW-FINISH-MODAL', code: 'KWMODAL1', variant: 'kodew', product: 4, validForDays: null, closed: false,
    fields: [
      ...KODEW_FIELDS,
      // No place given (sortNumber 0): after the numbered fields, in this order.
      { id: 3, name: { de: 'Standort', en: 'Location', fr: 'Site', it: 'Sede', cz: 'Pracoviště' }, fieldType: 'Text', sortNumber: 0, required: false },
      {
        id: 4,
        name: { de: 'Führungsverantwortung', en: 'Leadership responsibility', fr: 'Responsabilité managériale', it: 'Responsabilità di guida', cz: 'Vedoucí odpovědnost' },
        fieldType: 'List',
        allowedValues: ['ja', 'nein'],
        sortNumber: 0,
        required: false,
      },
    ],
    questionnaires: KODEW_QUESTIONNAIRES,
    finishModal: true,
    note: 'for QA: the personal-info page with the finish/cancel modal, two optional fields without a place (sortNumber 0)',
  },
  {
    // A legitimate code of the other group flow (kodegroupcode takes its product from its code):
    // typed on /kodew it belongs to another flow, which the page tells with ErrorPasswordInvalid.
    id: 'KGC-SLIDER', code: 'KGSLIDE1', variant: 'kodegroupcode', product: 4, validForDays: null, closed: false,
    // One questionnaire: the other group flow has no selection (groupcode create refuses more).
    fields: KODEW_FIELDS, questionnaires: [{ key: 'kodew-strengths', questionnaireType: 1, selectable: true }],
    note: 'a code of the other group flow (kodegroupcode, one slider questionnaire): on /kodew the message ErrorPasswordInvalid',
  },
  {
    id: 'RA', code: 'RADEMO01', variant: 'ra', product: 3, validForDays: null, closed: false,
    fields: [], questionnaires: RA_QUESTIONNAIRES,
    note: 'requirements analysis: name and e-mail step, grid with details (definition, explanation, exaggeration, synonyms), not rated allowed (-2), 12 questions',
  },
  {
    id: 'RA-EXPIRED', code: 'RAEXPIR1', variant: 'ra', product: 3, validForDays: -1, closed: false,
    fields: [], questionnaires: RA_QUESTIONNAIRES,
    note: 'for QA: on /ra the message ErrorGroupCodeExpired',
  },
  {
    id: 'KGC', code: 'KGDEMO01', variant: 'kodegroupcode', product: 2, validForDays: null, closed: false,
    fields: KGC_FIELDS, questionnaires: KGC_QUESTIONNAIRES,
    note: 'the other group flow: personal info with additional fields, e-mail step, /questionnairemanual, grid questionnaire',
  },
  {
    id: 'KGC-FINISHED', code: 'KGDONE01', variant: 'kodegroupcode', product: 2, validForDays: null, closed: true,
    fields: KGC_FIELDS, questionnaires: KGC_QUESTIONNAIRES,
    note: 'for QA: on /kodegroupcode the message ErrorGroupCodeFinished',
  },
];
