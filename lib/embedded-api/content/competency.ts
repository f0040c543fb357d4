import type { ContentQuestionnaire } from './types';

/**
 * Forced-choice ranking questionnaire: each question is a situation stem, completed by four statements
 * that each stand for a different working style (analytical, people-oriented, action/result-oriented,
 * structured/process-oriented, in varying order). The participant ranks them 1–4 by how well they fit.
 */
export const COMPETENCY_QUESTIONNAIRE: ContentQuestionnaire = {
  key: 'competency-24',
  title: { de: 'Kompetenzprofil Führung und Zusammenarbeit', en: 'Competency profile: leadership and collaboration' },
  questions: [
    {
      id: 101,
      text: {
        de: 'Wenn ich eine wichtige Information an mein Team weitergeben muss, …',
        en: 'When I need to pass on important information to my team, …',
      },
      answers: [
        {
          id: 1011,
          text: {
            de: 'bereite ich Fakten und Hintergründe sorgfältig auf, damit alles nachvollziehbar ist.',
            en: 'I carefully prepare the facts and background so that everything is easy to follow.',
          },
        },
        {
          id: 1012,
          text: {
            de: 'suche ich das persönliche Gespräch und achte darauf, wie die Nachricht ankommt.',
            en: 'I talk to people in person and pay attention to how the message is received.',
          },
        },
        {
          id: 1013,
          text: {
            de: 'komme ich direkt auf den Punkt und sage klar, was jetzt zu tun ist.',
            en: 'I get straight to the point and say clearly what needs to be done now.',
          },
        },
        {
          id: 1014,
          text: {
            de: 'nutze ich die vereinbarten Kanäle und halte die Information schriftlich fest.',
            en: 'I use the agreed channels and put the information in writing.',
          },
        },
      ],
    },
    {
      id: 102,
      text: { de: 'Wenn in meinem Team ein Konflikt entsteht, …', en: 'When a conflict arises in my team, …' },
      answers: [
        {
          id: 1021,
          text: {
            de: 'spreche ich mit den Beteiligten und sorge dafür, dass sich alle gehört fühlen.',
            en: 'I talk to those involved and make sure that everyone feels heard.',
          },
        },
        {
          id: 1022,
          text: {
            de: 'suche ich schnell eine pragmatische Lösung, damit die Arbeit weitergehen kann.',
            en: 'I quickly look for a pragmatic solution so that work can continue.',
          },
        },
        {
          id: 1023,
          text: {
            de: 'kläre ich Zuständigkeiten und vereinbare verbindliche Regeln für die Zusammenarbeit.',
            en: 'I clarify responsibilities and agree on binding rules for working together.',
          },
        },
        {
          id: 1024,
          text: {
            de: 'analysiere ich zunächst die Ursachen und die unterschiedlichen Standpunkte.',
            en: 'I first analyse the causes and the different points of view.',
          },
        },
      ],
    },
    {
      id: 103,
      text: { de: 'Wenn ich eine wichtige Entscheidung treffen muss, …', en: 'When I have to make an important decision, …' },
      answers: [
        {
          id: 1031,
          text: {
            de: 'entscheide ich zügig und übernehme die Verantwortung für das Ergebnis.',
            en: 'I decide promptly and take responsibility for the outcome.',
          },
        },
        {
          id: 1032,
          text: {
            de: 'halte ich mich an die festgelegten Entscheidungswege und Zuständigkeiten.',
            en: 'I stick to the established decision-making channels and responsibilities.',
          },
        },
        {
          id: 1033,
          text: {
            de: 'wäge ich Daten, Risiken und Alternativen gründlich gegeneinander ab.',
            en: 'I carefully weigh up data, risks and alternatives against each other.',
          },
        },
        {
          id: 1034,
          text: {
            de: 'beziehe ich die Betroffenen ein und hole ihre Meinungen ein.',
            en: 'I involve the people affected and ask for their views.',
          },
        },
      ],
    },
    {
      id: 104,
      text: { de: 'Wenn ich ein neues Projekt plane, …', en: 'When I plan a new project, …' },
      answers: [
        {
          id: 1041,
          text: {
            de: 'erstelle ich einen detaillierten Zeitplan mit klaren Meilensteinen.',
            en: 'I draw up a detailed schedule with clear milestones.',
          },
        },
        {
          id: 1042,
          text: {
            de: 'kläre ich zuerst Anforderungen, Abhängigkeiten und mögliche Risiken.',
            en: 'I first clarify requirements, dependencies and potential risks.',
          },
        },
        {
          id: 1043,
          text: {
            de: 'stimme ich mich früh mit allen Beteiligten ab, um sie mit ins Boot zu holen.',
            en: 'I consult everyone involved at an early stage to get them on board.',
          },
        },
        {
          id: 1044,
          text: {
            de: 'setze ich ehrgeizige Ziele und beginne möglichst bald mit der Umsetzung.',
            en: 'I set ambitious goals and start putting them into practice as soon as possible.',
          },
        },
      ],
    },
    {
      id: 105,
      text: {
        de: 'Wenn in meinem Unternehmen eine größere Veränderung ansteht, …',
        en: 'When a major change is coming up in my organisation, …',
      },
      answers: [
        {
          id: 1051,
          text: {
            de: 'versuche ich, die Gründe und Auswirkungen genau zu verstehen.',
            en: 'I try to understand exactly why it is happening and what it will mean.',
          },
        },
        {
          id: 1052,
          text: {
            de: 'achte ich darauf, wie es den Menschen damit geht, und unterstütze sie.',
            en: 'I pay attention to how people are coping with it and support them.',
          },
        },
        {
          id: 1053,
          text: {
            de: 'sehe ich vor allem die Chancen und treibe die Umsetzung aktiv voran.',
            en: 'I focus on the opportunities and actively drive the implementation.',
          },
        },
        {
          id: 1054,
          text: {
            de: 'sorge ich für einen geordneten Übergang mit klaren Schritten und Zuständigkeiten.',
            en: 'I ensure an orderly transition with clear steps and responsibilities.',
          },
        },
      ],
    },
    {
      id: 106,
      text: {
        de: 'Wenn sich ein Kunde über unsere Leistung beschwert, …',
        en: 'When a customer complains about our service, …',
      },
      answers: [
        {
          id: 1061,
          text: {
            de: 'höre ich aufmerksam zu und zeige Verständnis für seinen Ärger.',
            en: 'I listen carefully and show understanding for their frustration.',
          },
        },
        {
          id: 1062,
          text: {
            de: 'biete ich ihm rasch eine konkrete Lösung an.',
            en: 'I quickly offer them a concrete solution.',
          },
        },
        {
          id: 1063,
          text: {
            de: 'bearbeite ich die Beschwerde nach dem festgelegten Ablauf und verfolge sie bis zum Abschluss.',
            en: 'I handle the complaint according to the defined process and follow it through to completion.',
          },
        },
        {
          id: 1064,
          text: {
            de: 'gehe ich der Sache auf den Grund und prüfe, was genau schiefgelaufen ist.',
            en: 'I get to the bottom of the matter and check exactly what went wrong.',
          },
        },
      ],
    },
    {
      id: 107,
      text: { de: 'Wenn ich ein Team führe, …', en: 'When I lead a team, …' },
      answers: [
        {
          id: 1071,
          text: {
            de: 'motiviere ich die Mitarbeitenden, gemeinsam ehrgeizige Ziele zu erreichen.',
            en: 'I motivate people to achieve ambitious goals together.',
          },
        },
        {
          id: 1072,
          text: {
            de: 'sorge ich für klare Rollen, Abläufe und Verantwortlichkeiten.',
            en: 'I ensure clear roles, processes and responsibilities.',
          },
        },
        {
          id: 1073,
          text: {
            de: 'stütze ich meine Entscheidungen auf Kennzahlen und nachvollziehbare Kriterien.',
            en: 'I base my decisions on key figures and transparent criteria.',
          },
        },
        {
          id: 1074,
          text: {
            de: 'lege ich großen Wert auf Vertrauen und ein gutes Miteinander.',
            en: 'I attach great importance to trust and good working relationships.',
          },
        },
      ],
    },
    {
      id: 108,
      text: { de: 'Wenn ich eine Aufgabe delegiere, …', en: 'When I delegate a task, …' },
      answers: [
        {
          id: 1081,
          text: {
            de: 'lege ich Umfang, Termine und regelmäßige Zwischenstände verbindlich fest.',
            en: 'I set out the scope, deadlines and regular progress updates in a binding way.',
          },
        },
        {
          id: 1082,
          text: {
            de: 'überlege ich genau, wer über das nötige Wissen und die passenden Fähigkeiten verfügt.',
            en: 'I think carefully about who has the necessary knowledge and the right skills.',
          },
        },
        {
          id: 1083,
          text: {
            de: 'achte ich darauf, dass die Aufgabe die Person weiterbringt und ihr Freude macht.',
            en: 'I make sure that the task helps the person develop and is something they enjoy.',
          },
        },
        {
          id: 1084,
          text: {
            de: 'vereinbare ich ein klares Ergebnis und lasse der Person beim Weg dorthin freie Hand.',
            en: 'I agree on a clear result and give the person a free hand in how to achieve it.',
          },
        },
      ],
    },
    {
      id: 109,
      text: {
        de: 'Wenn ich einer Kollegin oder einem Kollegen Feedback gebe, …',
        en: 'When I give feedback to a colleague, …',
      },
      answers: [
        {
          id: 1091,
          text: {
            de: 'stütze ich mich auf konkrete Beobachtungen und Beispiele.',
            en: 'I base it on specific observations and examples.',
          },
        },
        {
          id: 1092,
          text: {
            de: 'wähle ich meine Worte mit Bedacht und sorge für eine wertschätzende Atmosphäre.',
            en: 'I choose my words carefully and create an atmosphere of appreciation.',
          },
        },
        {
          id: 1093,
          text: {
            de: 'sage ich offen und direkt, was besser werden muss.',
            en: 'I say openly and directly what needs to improve.',
          },
        },
        {
          id: 1094,
          text: {
            de: 'nutze ich dafür feste Termine und einen klar gegliederten Gesprächsablauf.',
            en: 'I use scheduled meetings and a clearly structured conversation.',
          },
        },
      ],
    },
    {
      id: 110,
      text: { de: 'Wenn es darum geht, neue Ideen zu entwickeln, …', en: 'When it comes to developing new ideas, …' },
      answers: [
        {
          id: 1101,
          text: {
            de: 'bringe ich Menschen mit unterschiedlichen Sichtweisen zusammen.',
            en: 'I bring together people with different perspectives.',
          },
        },
        {
          id: 1102,
          text: {
            de: 'probiere ich Ideen schnell in der Praxis aus.',
            en: 'I quickly try ideas out in practice.',
          },
        },
        {
          id: 1103,
          text: {
            de: 'bewerte ich Vorschläge systematisch und überführe die besten in einen geregelten Prozess.',
            en: 'I assess proposals systematically and move the best ones into a structured process.',
          },
        },
        {
          id: 1104,
          text: {
            de: 'untersuche ich Trends und Daten, um fundierte Ansätze zu finden.',
            en: 'I examine trends and data to find well-founded approaches.',
          },
        },
      ],
    },
    {
      id: 111,
      text: { de: 'Wenn ich unter hohem Zeitdruck stehe, …', en: 'When I am under heavy time pressure, …' },
      answers: [
        {
          id: 1111,
          text: {
            de: 'bleibe ich fokussiert und arbeite die wichtigsten Punkte zügig ab.',
            en: 'I stay focused and work through the most important points quickly.',
          },
        },
        {
          id: 1112,
          text: {
            de: 'halte ich mich an meine Planung und gehe Schritt für Schritt vor.',
            en: 'I stick to my plan and proceed step by step.',
          },
        },
        {
          id: 1113,
          text: {
            de: 'verschaffe ich mir zunächst einen sachlichen Überblick über die Lage.',
            en: 'I first get an objective overview of the situation.',
          },
        },
        {
          id: 1114,
          text: {
            de: 'suche ich den Austausch mit anderen und bitte bei Bedarf um Unterstützung.',
            en: 'I talk things through with others and ask for support if necessary.',
          },
        },
      ],
    },
    {
      id: 112,
      text: { de: 'Wenn ich eine Verhandlung führe, …', en: 'When I conduct a negotiation, …' },
      answers: [
        {
          id: 1121,
          text: {
            de: 'halte ich Verlauf und Zwischenergebnisse sorgfältig fest.',
            en: 'I carefully record the course of the talks and any interim results.',
          },
        },
        {
          id: 1122,
          text: {
            de: 'bereite ich Zahlen, Argumente und Alternativen gründlich vor.',
            en: 'I thoroughly prepare figures, arguments and alternatives.',
          },
        },
        {
          id: 1123,
          text: {
            de: 'baue ich eine gute Beziehung zu meinem Gegenüber auf.',
            en: 'I build a good relationship with the other party.',
          },
        },
        {
          id: 1124,
          text: {
            de: 'verfolge ich meine Ziele beharrlich und will zu einem klaren Abschluss kommen.',
            en: 'I pursue my goals persistently and aim for a clear agreement.',
          },
        },
      ],
    },
    {
      id: 113,
      text: {
        de: 'Wenn ich mich in ein neues Fachgebiet einarbeite, …',
        en: 'When I familiarise myself with a new subject area, …',
      },
      answers: [
        {
          id: 1131,
          text: {
            de: 'lese ich mich gründlich ein, um die Zusammenhänge zu verstehen.',
            en: 'I read up on it thoroughly in order to understand how everything fits together.',
          },
        },
        {
          id: 1132,
          text: {
            de: 'lerne ich am liebsten im Austausch mit erfahrenen Kolleginnen und Kollegen.',
            en: 'I prefer to learn by talking with experienced colleagues.',
          },
        },
        {
          id: 1133,
          text: {
            de: 'lerne ich durch Ausprobieren und wende das Neue sofort an.',
            en: 'I learn by trying things out and apply what is new straight away.',
          },
        },
        {
          id: 1134,
          text: {
            de: 'gehe ich nach einem Lernplan vor und arbeite die Themen der Reihe nach ab.',
            en: 'I follow a learning plan and work through the topics one by one.',
          },
        },
      ],
    },
    {
      id: 114,
      text: { de: 'Wenn ich in einem Team mitarbeite, …', en: 'When I work as part of a team, …' },
      answers: [
        {
          id: 1141,
          text: {
            de: 'sorge ich für ein gutes Klima und unterstütze andere, wo ich kann.',
            en: 'I help to create a good atmosphere and support others wherever I can.',
          },
        },
        {
          id: 1142,
          text: {
            de: 'treibe ich die Arbeit voran und achte darauf, dass wir Ergebnisse liefern.',
            en: 'I push the work forward and make sure that we deliver results.',
          },
        },
        {
          id: 1143,
          text: {
            de: 'achte ich auf klare Absprachen und darauf, dass Vereinbarungen eingehalten werden.',
            en: 'I make sure there are clear arrangements and that agreements are kept.',
          },
        },
        {
          id: 1144,
          text: {
            de: 'bringe ich vor allem meine Fachkenntnis und kritische Fragen ein.',
            en: 'I mainly contribute my expertise and ask critical questions.',
          },
        },
      ],
    },
    {
      id: 115,
      text: { de: 'Wenn mir ein Fehler unterlaufen ist, …', en: 'When I have made a mistake, …' },
      answers: [
        {
          id: 1151,
          text: {
            de: 'kümmere ich mich sofort darum, den Schaden zu beheben.',
            en: 'I immediately set about putting things right.',
          },
        },
        {
          id: 1152,
          text: {
            de: 'passe ich die Abläufe an, damit sich der Fehler nicht wiederholt.',
            en: 'I adjust the processes so that the mistake does not happen again.',
          },
        },
        {
          id: 1153,
          text: {
            de: 'analysiere ich, wie es dazu kommen konnte.',
            en: 'I analyse how it could have happened.',
          },
        },
        {
          id: 1154,
          text: {
            de: 'informiere ich die Betroffenen offen und entschuldige mich.',
            en: 'I inform those affected openly and apologise.',
          },
        },
      ],
    },
    {
      id: 116,
      text: { de: 'Wenn ich meinen Arbeitstag organisiere, …', en: 'When I organise my working day, …' },
      answers: [
        {
          id: 1161,
          text: {
            de: 'arbeite ich mit Aufgabenlisten, Kalender und festen Zeitblöcken.',
            en: 'I work with to-do lists, a calendar and fixed blocks of time.',
          },
        },
        {
          id: 1162,
          text: {
            de: 'überlege ich, welche Aufgaben den größten Nutzen bringen.',
            en: 'I consider which tasks will bring the greatest benefit.',
          },
        },
        {
          id: 1163,
          text: {
            de: 'plane ich bewusst Zeit für Gespräche und die Anliegen anderer ein.',
            en: 'I deliberately set aside time for conversations and for other people’s concerns.',
          },
        },
        {
          id: 1164,
          text: {
            de: 'packe ich die dringendsten Aufgaben sofort an und erledige sie zügig.',
            en: 'I tackle the most urgent tasks straight away and get them done quickly.',
          },
        },
      ],
    },
    {
      id: 117,
      text: { de: 'Wenn ich eine Präsentation halte, …', en: 'When I give a presentation, …' },
      answers: [
        {
          id: 1171,
          text: {
            de: 'überzeuge ich vor allem mit Fakten, Zahlen und schlüssigen Argumenten.',
            en: 'I convince people above all with facts, figures and sound arguments.',
          },
        },
        {
          id: 1172,
          text: {
            de: 'gehe ich auf mein Publikum ein und suche den Kontakt zu den Zuhörenden.',
            en: 'I respond to my audience and engage with the listeners.',
          },
        },
        {
          id: 1173,
          text: {
            de: 'formuliere ich klare Botschaften und rufe zum Handeln auf.',
            en: 'I deliver clear messages and call for action.',
          },
        },
        {
          id: 1174,
          text: {
            de: 'folge ich einem sorgfältig vorbereiteten, klar gegliederten Ablauf.',
            en: 'I follow a carefully prepared, clearly structured outline.',
          },
        },
      ],
    },
    {
      id: 118,
      text: { de: 'Wenn ich vor einem komplexen Problem stehe, …', en: 'When I am faced with a complex problem, …' },
      answers: [
        {
          id: 1181,
          text: {
            de: 'hole ich mir verschiedene Sichtweisen aus meinem Umfeld ein.',
            en: 'I gather different perspectives from the people around me.',
          },
        },
        {
          id: 1182,
          text: {
            de: 'probiere ich einen ersten Lösungsansatz aus und verbessere ihn unterwegs.',
            en: 'I try out an initial solution and improve it as I go.',
          },
        },
        {
          id: 1183,
          text: {
            de: 'gehe ich nach einer bewährten Methode vor und halte jeden Schritt fest.',
            en: 'I follow a proven method and document each step.',
          },
        },
        {
          id: 1184,
          text: {
            de: 'zerlege ich es in Teilprobleme und untersuche die Ursachen.',
            en: 'I break it down into smaller problems and investigate the causes.',
          },
        },
      ],
    },
    {
      id: 119,
      text: { de: 'Wenn ich eine Besprechung leite, …', en: 'When I chair a meeting, …' },
      answers: [
        {
          id: 1191,
          text: {
            de: 'halte ich die Diskussion kurz und steuere auf konkrete Ergebnisse zu.',
            en: 'I keep the discussion short and steer it towards concrete results.',
          },
        },
        {
          id: 1192,
          text: {
            de: 'arbeite ich eine vorab verschickte Tagesordnung Punkt für Punkt ab.',
            en: 'I work through an agenda sent out in advance, point by point.',
          },
        },
        {
          id: 1193,
          text: {
            de: 'sorge ich dafür, dass Entscheidungen auf soliden Informationen beruhen.',
            en: 'I make sure that decisions are based on sound information.',
          },
        },
        {
          id: 1194,
          text: {
            de: 'achte ich darauf, dass alle zu Wort kommen.',
            en: 'I make sure that everyone has a chance to speak.',
          },
        },
      ],
    },
    {
      id: 120,
      text: { de: 'Wenn ich Kritik an meiner Arbeit erhalte, …', en: 'When I receive criticism of my work, …' },
      answers: [
        {
          id: 1201,
          text: {
            de: 'notiere ich die Punkte und plane konkrete Schritte zur Verbesserung.',
            en: 'I note down the points and plan specific steps for improvement.',
          },
        },
        {
          id: 1202,
          text: {
            de: 'prüfe ich sachlich, ob sie berechtigt ist.',
            en: 'I assess objectively whether it is justified.',
          },
        },
        {
          id: 1203,
          text: {
            de: 'frage ich nach, um die Sichtweise meines Gegenübers besser zu verstehen.',
            en: 'I ask questions to better understand the other person’s point of view.',
          },
        },
        {
          id: 1204,
          text: {
            de: 'setze ich berechtigte Hinweise sofort um.',
            en: 'I act on valid points straight away.',
          },
        },
      ],
    },
    {
      id: 121,
      text: {
        de: 'Wenn neue Teammitglieder eingearbeitet werden, …',
        en: 'When new team members are being onboarded, …',
      },
      answers: [
        {
          id: 1211,
          text: {
            de: 'stelle ich ihnen die wichtigsten Unterlagen und Informationsquellen zusammen.',
            en: 'I put together the most important documents and sources of information for them.',
          },
        },
        {
          id: 1212,
          text: {
            de: 'nehme ich mir Zeit, sie persönlich kennenzulernen und im Team willkommen zu heißen.',
            en: 'I take time to get to know them personally and welcome them to the team.',
          },
        },
        {
          id: 1213,
          text: {
            de: 'übertrage ich ihnen früh eigene Aufgaben, damit sie schnell Verantwortung übernehmen.',
            en: 'I give them tasks of their own early on so that they quickly take on responsibility.',
          },
        },
        {
          id: 1214,
          text: {
            de: 'sorge ich für einen strukturierten Einarbeitungsplan mit festen Ansprechpersonen.',
            en: 'I make sure there is a structured onboarding plan with designated contact persons.',
          },
        },
      ],
    },
    {
      id: 122,
      text: {
        de: 'Wenn ein Projekt hinter den Erwartungen zurückbleibt, …',
        en: 'When a project falls short of expectations, …',
      },
      answers: [
        {
          id: 1221,
          text: {
            de: 'spreche ich mit dem Team darüber, was es braucht, um wieder Fahrt aufzunehmen.',
            en: 'I talk with the team about what they need to regain momentum.',
          },
        },
        {
          id: 1222,
          text: {
            de: 'ergreife ich sofort Maßnahmen, um das Ziel doch noch zu erreichen.',
            en: 'I take immediate action to reach the goal after all.',
          },
        },
        {
          id: 1223,
          text: {
            de: 'überarbeite ich den Projektplan und lege neue Kontrollpunkte fest.',
            en: 'I revise the project plan and set new checkpoints.',
          },
        },
        {
          id: 1224,
          text: {
            de: 'untersuche ich genau, wo die Abweichungen liegen und woher sie kommen.',
            en: 'I examine exactly where the deviations lie and what is causing them.',
          },
        },
      ],
    },
    {
      id: 123,
      text: {
        de: 'Wenn ich mit anderen Abteilungen zusammenarbeite, …',
        en: 'When I work with other departments, …',
      },
      answers: [
        {
          id: 1231,
          text: {
            de: 'konzentriere ich mich auf das gemeinsame Ergebnis und räume Hindernisse aus dem Weg.',
            en: 'I concentrate on the shared result and clear obstacles out of the way.',
          },
        },
        {
          id: 1232,
          text: {
            de: 'kläre ich Schnittstellen, Zuständigkeiten und Abstimmungswege im Voraus.',
            en: 'I clarify interfaces, responsibilities and coordination channels in advance.',
          },
        },
        {
          id: 1233,
          text: {
            de: 'versuche ich, deren Ziele und Arbeitsweisen genau zu verstehen.',
            en: 'I try to understand their goals and ways of working in detail.',
          },
        },
        {
          id: 1234,
          text: {
            de: 'pflege ich gute persönliche Kontakte über Bereichsgrenzen hinweg.',
            en: 'I maintain good personal contacts across departmental boundaries.',
          },
        },
      ],
    },
    {
      id: 124,
      text: {
        de: 'Wenn eine Situation unklar ist und Informationen fehlen, …',
        en: 'When a situation is unclear and information is missing, …',
      },
      answers: [
        {
          id: 1241,
          text: {
            de: 'schaffe ich mir mit klaren Annahmen und einem Stufenplan Orientierung.',
            en: 'I find my bearings by making clear assumptions and drawing up a step-by-step plan.',
          },
        },
        {
          id: 1242,
          text: {
            de: 'sammle ich gezielt weitere Informationen, bevor ich mich festlege.',
            en: 'I gather further information in a targeted way before committing myself.',
          },
        },
        {
          id: 1243,
          text: {
            de: 'tausche ich mich mit anderen aus, um ein gemeinsames Bild zu gewinnen.',
            en: 'I exchange views with others to build a shared picture.',
          },
        },
        {
          id: 1244,
          text: {
            de: 'handle ich auf Grundlage dessen, was ich weiß, und korrigiere bei Bedarf nach.',
            en: 'I act on what I know and adjust my course if necessary.',
          },
        },
      ],
    },
  ],
};
