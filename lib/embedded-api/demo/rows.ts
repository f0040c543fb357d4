import { Product } from '@/lib/api/codes';

/**
 * The demo data set. Suites depend on these codes: add rows, never change one.
 * A key of null means the assessor has not set one yet.
 */
export type DemoAssessment = {
  id: string;
  identCode: string;
  product: Product;
  accessCode: string | null;
  assessor: { firstName: string; lastName: string; email: string; isRegistered: boolean; mustRegister: boolean };
  candidate: { title: string; firstName: string; lastName: string };
  isSelfAssessment: boolean;
  firstLoginDone: boolean;
  finished: boolean;
  /** A questionnaire of content/questionnaires that the demo imports. */
  questionnaireKey: 'competency-24' | 'grid-10' | 'grid-details' | 'kodew-strengths' | 'ra-requirements';
  /** How many questions are already answered (validly) at the start. */
  answeredQuestions: number;
  note: string;
};

const assessor = (firstName: string, lastName: string, extra: Partial<DemoAssessment['assessor']> = {}) => ({
  firstName,
  lastName,
  email: `${firstName}.${lastName}@example.com`.toLowerCase(),
  isRegistered: true,
  mustRegister: false,
  ...extra,
});

const candidate = { title: 'Dr.', firstName: 'Clara', lastName: 'Kandidatin' };

export const DEMO_ASSESSMENTS: DemoAssessment[] = [
  {
    id: 'P1-READY', identCode: 'P1DEMO01', product: Product.CompetencyQuestionnaire, accessCode: 'RANK4711',
    assessor: assessor('Paula', 'Bereit'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'key set, nothing answered: /questionnairemanual, then 6 ranking pages of 4',
  },
  {
    id: 'P1-RESUME', identCode: 'P1RESUME1', product: Product.CompetencyQuestionnaire, accessCode: 'RESUME4711',
    assessor: assessor('Rudi', 'Weiter'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 8,
    note: 'first 8 questions answered: login goes to /questionnaire, page 3 of 6',
  },
  {
    id: 'P1-FIRST', identCode: 'P1FIRST01', product: Product.CompetencyQuestionnaire, accessCode: 'FIRST4711',
    assessor: assessor('Erika', 'Erstmal'), candidate, isSelfAssessment: false, firstLoginDone: false, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'first login: /accesspassword, then /questionnairemanual',
  },
  {
    id: 'P1-REGISTER', identCode: 'P1REG0001', product: Product.CompetencyQuestionnaire, accessCode: null,
    assessor: assessor('', '', { email: '', isRegistered: false, mustRegister: true }), candidate,
    isSelfAssessment: false, firstLoginDone: false, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'assessorMustRegister: /register, then log in with the key set there',
  },
  {
    id: 'P1-DONE', identCode: 'P1DONE001', product: Product.CompetencyQuestionnaire, accessCode: null,
    assessor: assessor('Doris', 'Fertig'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: true, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'already finished: the error page with AssessmentAlreadyFinished',
  },
  {
    id: 'P1-SELF', identCode: 'P1SELF001', product: Product.CompetencyQuestionnaire, accessCode: 'SELF4711',
    assessor: assessor('Selma', 'Selbst'), candidate: { title: '', firstName: 'Selma', lastName: 'Selbst' },
    isSelfAssessment: true, firstLoginDone: true, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'self-assessment: no candidate name in the heading',
  },
  {
    id: 'P2-READY', identCode: 'P2DEMO01', product: Product.SecondQuestionnaire, accessCode: 'GRID4711',
    assessor: assessor('Gregor', 'Raster'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false, questionnaireKey: 'grid-10', answeredQuestions: 0,
    note: 'grid questionnaire, one question a page, 10 questions, not rated allowed (value 0)',
  },
  {
    id: 'P1-LOCK', identCode: 'P1LOCK001', product: Product.CompetencyQuestionnaire, accessCode: 'LOCK4711',
    assessor: assessor('Lars', 'Sperre'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: wrong codes until the server-side guessing lock refuses even the right one',
  },
  {
    id: 'P1-LANG', identCode: 'P1LANG001', product: Product.CompetencyQuestionnaire, accessCode: 'LANG4711',
    assessor: assessor('Lena', 'Sprache'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: a language chosen on /home carries through the flow; the header changes it on the questionnaire',
  },
  {
    id: 'P1-LINK-EN', identCode: 'P1LANG002', product: Product.CompetencyQuestionnaire, accessCode: 'LANG4712',
    assessor: assessor('Linus', 'Link'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: /home/P1LANG002/en, the whole flow in English',
  },
  {
    id: 'P1-BACK', identCode: 'P1BACK001', product: Product.CompetencyQuestionnaire, accessCode: 'BACK4711',
    assessor: assessor('Bert', 'Zurück'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 4,
    note: 'for QA: the first 4 questions answered; browser Back after login goes on to the questionnaire',
  },
  {
    id: 'P1-EARLY', identCode: 'P1EARLY01', product: Product.CompetencyQuestionnaire, accessCode: 'EARLY4711',
    assessor: assessor('Frieda', 'Frueh'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: ident code and access code typed before the page scripts load, then /questionnairemanual',
  },
  {
    id: 'P1-EARLY-KEY', identCode: 'P1EARLYK1', product: Product.CompetencyQuestionnaire, accessCode: 'EARLYKEY4711',
    assessor: assessor('Kurt', 'Frueh'), candidate, isSelfAssessment: false, firstLoginDone: false, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: first login, a new key typed on /accesspassword before the page scripts load',
  },
  {
    id: 'P1-EARLY-REG', identCode: 'P1EARLYR1', product: Product.CompetencyQuestionnaire, accessCode: null,
    assessor: assessor('', '', { email: '', isRegistered: false, mustRegister: true }), candidate,
    isSelfAssessment: false, firstLoginDone: false, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: /register filled in before the page scripts load, then log in with the key set there',
  },
  {
    id: 'P1-EARLY-Q', identCode: 'P1EARLYQ1', product: Product.CompetencyQuestionnaire, accessCode: 'EARLYQ4711',
    assessor: assessor('Quirin', 'Frueh'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: answers chosen and pages turned before the page scripts load',
  },
  {
    id: 'P1-LAST', identCode: 'P1LAST001', product: Product.CompetencyQuestionnaire, accessCode: 'LAST4711',
    assessor: assessor('Lena', 'Letzte'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 20,
    note: 'for QA: 20 of 24 answered, login goes to page 6 of 6; the suites open the finish modals but never finish',
  },
  {
    id: 'P1-VIEW', identCode: 'P1VIEW001', product: Product.CompetencyQuestionnaire, accessCode: 'VIEW4711',
    assessor: assessor('Vera', 'Ansicht'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: key set, nothing answered; the suites only look (layout, languages, messages) and never save a page',
  },
  {
    id: 'P1-OUT-LEAVE', identCode: 'P1OUTLV01', product: Product.CompetencyQuestionnaire, accessCode: 'OUTLV4711',
    assessor: assessor('Otto', 'Abschied'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: signed out by one journey alone, since a sign-out ends every token of the row: signing out from the questionnaire asks first (leaving.spec.ts)',
  },
  {
    id: 'P1-OUT-FOCUS', identCode: 'P1OUTFC01', product: Product.CompetencyQuestionnaire, accessCode: 'OUTFC4711',
    assessor: assessor('Olga', 'Fokus'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: signed out by one journey alone, since a sign-out ends every token of the row: signing out moves focus to the heading of the info page (focus.spec.ts)',
  },
  {
    id: 'P1-OUT-EARLY', identCode: 'P1OUTER01', product: Product.CompetencyQuestionnaire, accessCode: 'OUTER4711',
    assessor: assessor('Oskar', 'Frueh'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: signed out by one journey alone, since a sign-out ends every token of the row: signing out before the scripts of the page load (edge.spec.ts)',
  },
  {
    id: 'P1-OUT-SESSION', identCode: 'P1OUTSE01', product: Product.CompetencyQuestionnaire, accessCode: 'OUTSE4711',
    assessor: assessor('Ottilie', 'Sitzung'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: signed out by one journey alone, since a sign-out ends every token of the row: signing out clears the session and ends the old token (session.spec.ts)',
  },
  {
    id: 'P1-VIEW-FIRST', identCode: 'P1VIEWF01', product: Product.CompetencyQuestionnaire, accessCode: 'VIEWF4711',
    assessor: assessor('Viktor', 'Erstblick'), candidate, isSelfAssessment: false, firstLoginDone: false, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: first login, /accesspassword; the suites never save the key, so it stays',
  },
  {
    id: 'P1-VIEW-REGISTER', identCode: 'P1VIEWR01', product: Product.CompetencyQuestionnaire, accessCode: null,
    assessor: assessor('', '', { email: '', isRegistered: false, mustRegister: true }), candidate,
    isSelfAssessment: false, firstLoginDone: false, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: assessorMustRegister, /register; the suites never register, so the form stays',
  },
  {
    id: 'P1-TWO', identCode: 'P1TWO0001', product: Product.CompetencyQuestionnaire, accessCode: 'TWO4711',
    assessor: assessor('Tobias', 'Zweifach'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: the two-instance journey on PostgreSQL (log in on one instance, answer on the other, finish on the first)',
  },
  {
    id: 'P1-TWO-LB', identCode: 'P1TWOLB01', product: Product.CompetencyQuestionnaire, accessCode: 'TWOLB4711',
    assessor: assessor('Theresa', 'Zweifach'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: the two-instance journey on PostgreSQL, every request alternating between the instances',
  },
  {
    id: 'P4-SLIDER', identCode: 'P4SLIDE01', product: Product.GroupWeb, accessCode: 'SLIDE4711',
    assessor: assessor('Sina', 'Schieber'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'kodew-strengths', answeredQuestions: 0,
    note: 'for QA: the slider view (kodew-strengths, 8 questions with images) by ident code, without the group flow; the slider journeys save its pages',
  },
  {
    id: 'P4-VIEW', identCode: 'P4VIEW001', product: Product.GroupWeb, accessCode: 'SLIDEVIEW4711',
    assessor: assessor('Vera', 'Schieber'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'kodew-strengths', answeredQuestions: 0,
    note: 'for QA: the slider view, only looked at (image, layout, phone, accessibility, forms before scripts), never saved',
  },
  {
    id: 'P3-DETAILS', identCode: 'P3DEMO01', product: Product.RequirementsAnalysis, accessCode: 'DETAIL4711',
    assessor: assessor('Dana', 'Detail'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'ra-requirements', answeredQuestions: 0,
    note: 'for QA: the product-3 grid in details mode (ra-requirements, 12 questions, not rated -2) by ident code, without the group flow; its journeys save pages',
  },
  {
    id: 'P3-VIEW', identCode: 'P3VIEW001', product: Product.RequirementsAnalysis, accessCode: 'DETAILVIEW4711',
    assessor: assessor('Viktor', 'Detail'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'ra-requirements', answeredQuestions: 0,
    note: 'for QA: the product-3 grid, only looked at (details, phone width, accessibility), never saved',
  },
  {
    id: 'P2-DETAILS-VIEW', identCode: 'P2DETV001', product: Product.SecondQuestionnaire, accessCode: 'GRIDDETAIL4711',
    assessor: assessor('Greta', 'Raster'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'grid-details', answeredQuestions: 0,
    note: 'for QA: the product-2 grid in details mode with several items a question (grid-details, 3 questions of 2 or 3 items), only looked at (an info button per item, accessibility), never saved',
  },
  {
    id: 'P1-LEAVE', identCode: 'P1LEAVE01', product: Product.CompetencyQuestionnaire, accessCode: 'LEAVE4711',
    assessor: assessor('Lotte', 'Weg'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: browser Back and Forward on the questionnaire with an answer not saved yet; its journey saves page 1',
  },
  {
    id: 'P1-TABS', identCode: 'P1TABS001', product: Product.CompetencyQuestionnaire, accessCode: 'TABS4711',
    assessor: assessor('Tamara', 'Tabs'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: the questionnaire in two tabs; its journey saves pages 1 and 2 in one and goes back in the other',
  },
  {
    id: 'P1-TURNS', identCode: 'P1TURNS01', product: Product.CompetencyQuestionnaire, accessCode: 'TURNS4711',
    assessor: assessor('Tom', 'Turner'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: turning pages forward and back shows each page with its own answers; its journey saves pages 1 and 2',
  },
  {
    id: 'P1-CONFLICT', identCode: 'P1CONFL01', product: Product.CompetencyQuestionnaire, accessCode: 'CONFLICT4711',
    assessor: assessor('Carla', 'Konflikt'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: page 1 in two tabs, each changing it: the conflict dialog, resolved both ways; its journey saves drafts and page 1',
  },
  {
    id: 'P1-OFFLINE', identCode: 'P1OFFLN01', product: Product.CompetencyQuestionnaire, accessCode: 'OFFLINE4711',
    assessor: assessor('Olga', 'Offline'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: a page turn pressed without a connection is sent once it is back; its journey saves page 1',
  },
  {
    id: 'P1-LEAVE-DRAFT', identCode: 'P1LEAVED1', product: Product.CompetencyQuestionnaire, accessCode: 'LEAVED4711',
    assessor: assessor('Lars', 'Entwurf'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: an answer kept as a draft: leaving does not ask, and it is there on return; its journey saves a draft of page 1',
  },
  {
    id: 'P1-EARLY-LANG', identCode: 'P1EARLYL1', product: Product.CompetencyQuestionnaire, accessCode: 'EARLYL4711',
    assessor: assessor('Linda', 'Frueh'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: answers chosen and the language changed in the header before the page scripts load; its journey saves a draft of page 1',
  },
  {
    id: 'P1-LANG-DRAFT', identCode: 'P1LANGD01', product: Product.CompetencyQuestionnaire, accessCode: 'LANGD4711',
    assessor: assessor('Luca', 'Sprache'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: answers chosen, then the language changed in the header; its journey saves a draft of page 1',
  },
  {
    // ../shared/DEMO.md has /register straight from the ident code; here the key comes first, since
    // the ident code alone must not show Rita's data or let its holder keep her key (authority.ts,
    // registrationRight; docs/operations.md).
    id: 'P1-REREG', identCode: 'P1REREG1', product: Product.CompetencyQuestionnaire, accessCode: 'REREG4711',
    assessor: assessor('Rita', 'Registriert', { email: 'rita.registriert@example.org', isRegistered: true, mustRegister: true }), candidate,
    isSelfAssessment: false, firstLoginDone: true, finished: false, questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'a registered assessor who must register again: after the access code, /register pre-filled, consent ticked and locked, the key may be kept; then /questionnairemanual',
  },  {
    id: 'P1-FIREFOX', identCode: 'P1FFOX001', product: Product.CompetencyQuestionnaire, accessCode: 'FFOX4711',
    assessor: assessor('Fiona', 'Fuchs'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: the ident-code flow in Firefox, from the deep link to the finished page (e2e/engines); its journey finishes it',
  },
  {
    id: 'P1-WEBKIT', identCode: 'P1WKIT001', product: Product.CompetencyQuestionnaire, accessCode: 'WKIT4711',
    assessor: assessor('Walter', 'Webkit'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: the ident-code flow in WebKit (Safari\'s engine), from the deep link to the finished page (e2e/engines); its journey finishes it',
  },  {
    id: 'P1-FF-OFFLINE', identCode: 'P1FFOFF01', product: Product.CompetencyQuestionnaire, accessCode: 'FFOFF4711',
    assessor: assessor('Olaf', 'Funkloch'), candidate, isSelfAssessment: false, firstLoginDone: true, finished: false,
    questionnaireKey: 'competency-24', answeredQuestions: 0,
    note: 'for QA: the offline retry in Firefox (e2e/engines/firefox); its journey saves page 1',
  },
];

/** Deep links for /home-dev and the README, in the order of the demo table (docs/operations.md). */
export type DemoLink = { id: string; href: string; code: string | null; what: string };

export const DEMO_LINKS: DemoLink[] = [
  ...DEMO_ASSESSMENTS.map((a) => ({ id: a.id, href: `/home/${a.identCode}`, code: a.accessCode, what: a.note })),
  { id: 'RA', href: '/ra/RADEMO01', code: 'RADEMO01', what: 'requirements analysis: name and e-mail, grid with details, 12 questions' },
  { id: 'KODEW', href: '/kodew/KWDEMO01/en', code: 'KWDEMO01', what: 'web variant: additional fields, e-mail step, selection, slider questionnaire' },
  { id: 'KODEW-EXPIRED', href: '/kodew/KWEXPIR1', code: 'KWEXPIR1', what: 'the message ErrorGroupCodeExpired' },
  { id: 'KODEW-FINISHED', href: '/kodew/KWDONE01', code: 'KWDONE01', what: 'the message ErrorGroupCodeFinished' },
  { id: 'KGC-SLIDER', href: '/kodew/KGSLIDE1', code: 'KGSLIDE1', what: 'a code of the other group flow on /kodew: the message ErrorPasswordInvalid' },
  { id: 'KGC', href: '/kodegroupcode/KGDEMO01/de', code: 'KGDEMO01', what: 'the other group flow: personal info, e-mail step, grid' },
  { id: 'PORTAL', href: '/portal/PTDEMO01/1', code: null, what: "portal: 'Kompetenzanalyse Online' at 345.67 EUR, invoice, payment" },
];
