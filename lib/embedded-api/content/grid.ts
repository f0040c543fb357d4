import type { ContentQuestionnaire } from './types';

/**
 * Rating grid: each question is a competency (name in `text`, short definition in `subText`) with three
 * concrete behaviour statements, each rated on GRID_SCALE.
 */
export const GRID_QUESTIONNAIRE: ContentQuestionnaire = {
  key: 'grid-10',
  title: { de: 'Arbeitsstil-Einschätzung', en: 'Working style assessment' },
  questions: [
    {
      id: 201,
      text: { de: 'Teamfähigkeit', en: 'Teamwork' },
      subText: {
        de: 'Arbeitet konstruktiv mit anderen zusammen und unterstützt gemeinsame Ziele.',
        en: 'Works constructively with others and supports shared goals.',
      },
      answers: [
        { id: 2011, text: { de: 'Bringt eigene Ideen aktiv in Besprechungen ein.', en: 'Actively contributes own ideas in meetings.' } },
        {
          id: 2012,
          text: {
            de: 'Unterstützt Kolleginnen und Kollegen, wenn diese Hilfe benötigen.',
            en: 'Supports colleagues when they need help.',
          },
        },
        {
          id: 2013,
          text: { de: 'Teilt Informationen und Wissen offen mit dem Team.', en: 'Shares information and knowledge openly with the team.' },
        },
      ],
    },
    {
      id: 202,
      text: { de: 'Kommunikationsfähigkeit', en: 'Communication' },
      subText: {
        de: 'Vermittelt Informationen klar, verständlich und passend für die jeweilige Zielgruppe.',
        en: 'Conveys information clearly, comprehensibly and in a way that suits the audience.',
      },
      answers: [
        {
          id: 2021,
          text: {
            de: 'Drückt sich mündlich und schriftlich klar und präzise aus.',
            en: 'Expresses themselves clearly and precisely, both orally and in writing.',
          },
        },
        {
          id: 2022,
          text: {
            de: 'Hört aktiv zu und fragt bei Unklarheiten nach.',
            en: 'Listens actively and asks questions when something is unclear.',
          },
        },
        {
          id: 2023,
          text: {
            de: 'Passt Sprache und Detaillierungsgrad an das Gegenüber an.',
            en: 'Adapts language and level of detail to the person they are talking to.',
          },
        },
      ],
    },
    {
      id: 203,
      text: { de: 'Eigeninitiative', en: 'Initiative' },
      subText: {
        de: 'Handelt vorausschauend und aus eigenem Antrieb.',
        en: 'Acts with foresight and on their own initiative.',
      },
      answers: [
        {
          id: 2031,
          text: {
            de: 'Erkennt Handlungsbedarf, ohne darauf hingewiesen zu werden.',
            en: 'Recognises when action is needed without having to be told.',
          },
        },
        { id: 2032, text: { de: 'Macht von sich aus Verbesserungsvorschläge.', en: 'Makes suggestions for improvement unprompted.' } },
        { id: 2033, text: { de: 'Übernimmt freiwillig zusätzliche Aufgaben.', en: 'Volunteers to take on additional tasks.' } },
      ],
    },
    {
      id: 204,
      text: { de: 'Zuverlässigkeit', en: 'Reliability' },
      subText: {
        de: 'Hält Zusagen ein und erledigt Aufgaben sorgfältig und termingerecht.',
        en: 'Keeps commitments and completes tasks carefully and on time.',
      },
      answers: [
        { id: 2041, text: { de: 'Hält vereinbarte Termine und Fristen ein.', en: 'Meets agreed deadlines and appointments.' } },
        { id: 2042, text: { de: 'Arbeitet sorgfältig und macht wenige Fehler.', en: 'Works carefully and makes few mistakes.' } },
        {
          id: 2043,
          text: {
            de: 'Informiert frühzeitig, wenn sich etwas verzögert.',
            en: 'Lets others know early on when something is delayed.',
          },
        },
      ],
    },
    {
      id: 205,
      text: { de: 'Problemlösefähigkeit', en: 'Problem solving' },
      subText: {
        de: 'Erkennt Probleme, analysiert ihre Ursachen und entwickelt tragfähige Lösungen.',
        en: 'Identifies problems, analyses their causes and develops workable solutions.',
      },
      answers: [
        {
          id: 2051,
          text: { de: 'Erfasst komplexe Sachverhalte schnell und zutreffend.', en: 'Grasps complex matters quickly and accurately.' },
        },
        { id: 2052, text: { de: 'Geht Problemen systematisch auf den Grund.', en: 'Gets to the root of problems systematically.' } },
        {
          id: 2053,
          text: {
            de: 'Entwickelt praktikable Lösungen und setzt sie um.',
            en: 'Develops practical solutions and puts them into practice.',
          },
        },
      ],
    },
    {
      id: 206,
      text: { de: 'Belastbarkeit', en: 'Resilience' },
      subText: {
        de: 'Bleibt auch unter Druck und in schwierigen Situationen handlungsfähig.',
        en: 'Remains effective under pressure and in difficult situations.',
      },
      answers: [
        {
          id: 2061,
          text: { de: 'Bewahrt auch bei hohem Arbeitsaufkommen die Ruhe.', en: 'Stays calm even when the workload is high.' },
        },
        { id: 2062, text: { de: 'Setzt bei Zeitdruck sinnvolle Prioritäten.', en: 'Sets sensible priorities under time pressure.' } },
        { id: 2063, text: { de: 'Geht konstruktiv mit Rückschlägen um.', en: 'Deals constructively with setbacks.' } },
      ],
    },
    {
      id: 207,
      text: { de: 'Veränderungsbereitschaft', en: 'Adaptability' },
      subText: {
        de: 'Ist offen für Neues und stellt sich flexibel auf veränderte Anforderungen ein.',
        en: 'Is open to new things and adapts flexibly to changing requirements.',
      },
      answers: [
        {
          id: 2071,
          text: {
            de: 'Steht neuen Arbeitsweisen und Werkzeugen offen gegenüber.',
            en: 'Is open to new ways of working and new tools.',
          },
        },
        { id: 2072, text: { de: 'Stellt sich schnell auf veränderte Prioritäten ein.', en: 'Adjusts quickly to changing priorities.' } },
        { id: 2073, text: { de: 'Hinterfragt eingefahrene Abläufe konstruktiv.', en: 'Constructively questions established routines.' } },
      ],
    },
    {
      id: 208,
      text: { de: 'Kundenorientierung', en: 'Customer focus' },
      subText: {
        de: 'Richtet das eigene Handeln an den Bedürfnissen interner und externer Kunden aus.',
        en: 'Aligns their actions with the needs of internal and external customers.',
      },
      answers: [
        {
          id: 2081,
          text: {
            de: 'Erkennt die Anliegen von Kunden und geht gezielt darauf ein.',
            en: 'Recognises customers’ concerns and responds to them specifically.',
          },
        },
        {
          id: 2082,
          text: {
            de: 'Bleibt auch gegenüber schwierigen Kunden freundlich und professionell.',
            en: 'Remains friendly and professional even with difficult customers.',
          },
        },
        { id: 2083, text: { de: 'Bearbeitet Anfragen zügig und verbindlich.', en: 'Handles enquiries promptly and reliably.' } },
      ],
    },
    {
      id: 209,
      text: { de: 'Organisationsfähigkeit', en: 'Organisational skills' },
      subText: {
        de: 'Plant und strukturiert Aufgaben und Ressourcen effizient.',
        en: 'Plans and organises tasks and resources efficiently.',
      },
      answers: [
        {
          id: 2091,
          text: {
            de: 'Plant Arbeitsschritte im Voraus und behält den Überblick.',
            en: 'Plans work steps in advance and keeps track of everything.',
          },
        },
        { id: 2092, text: { de: 'Setzt Zeit und Mittel wirtschaftlich ein.', en: 'Uses time and resources economically.' } },
        {
          id: 2093,
          text: {
            de: 'Dokumentiert Arbeitsergebnisse nachvollziehbar.',
            en: 'Documents work results in a way that others can follow.',
          },
        },
      ],
    },
    {
      id: 210,
      text: { de: 'Lernbereitschaft', en: 'Willingness to learn' },
      subText: {
        de: 'Entwickelt das eigene Wissen und Können kontinuierlich weiter.',
        en: 'Continuously develops their own knowledge and skills.',
      },
      answers: [
        {
          id: 2101,
          text: {
            de: 'Bildet sich aus eigenem Antrieb fachlich weiter.',
            en: 'Pursues professional development on their own initiative.',
          },
        },
        { id: 2102, text: { de: 'Nimmt Feedback an und nutzt es zur Verbesserung.', en: 'Accepts feedback and uses it to improve.' } },
        {
          id: 2103,
          text: {
            de: 'Lernt aus Fehlern und wendet die Erkenntnisse in neuen Situationen an.',
            en: 'Learns from mistakes and applies the lessons in new situations.',
          },
        },
      ],
    },
  ],
};

/** The four-point rating scale of the grid, grouped into disagree (1–2) and agree (3–4); 0 means not rated. */
export const GRID_SCALE = {
  valueInfos: [
    { value: 1, caption: { de: 'trifft nicht zu', en: 'does not apply' } },
    { value: 2, caption: { de: 'trifft eher nicht zu', en: 'rarely applies' } },
    { value: 3, caption: { de: 'trifft eher zu', en: 'mostly applies' } },
    { value: 4, caption: { de: 'trifft voll zu', en: 'fully applies' } },
  ],
  notRatedValue: 0,
  notRatedValueCaption: { de: 'nicht bewertet', en: 'not rated' },
  notRatedGroupCaption: { de: 'keine Angabe', en: 'no answer' },
  groupCaptions: [
    { caption: { de: 'Ablehnung', en: 'Disagree' }, columnSpan: 2 },
    { caption: { de: 'Zustimmung', en: 'Agree' }, columnSpan: 2 },
  ],
} as const;
