import { area } from './area';

/**
 * Texts of the slider view (product 4): the manual and instructions, the message of a
 * slider question not fully set (two: with and without 'not rated' on offer), the progress with its
 * band in words, and the local-only autofill. The point captions are constants of spec §9
 * (lib/validation/slider.ts).
 */
export const slider = area({
  'de-DE': {
    FillingInfoTextSlider:
      'Auf den folgenden Seiten finden Sie je ein Thema mit einem oder mehreren Schiebereglern. Stellen Sie jeden Regler auf den Wert, der am besten zutrifft – mit der Maus, durch Antippen oder mit den Pfeiltasten. Wenn Sie etwas nicht beurteilen können, kreuzen Sie „nicht bewertet“ an. Ihre Antworten werden beim Blättern gespeichert; Sie können jederzeit unterbrechen und später weitermachen.',
    InstructionsTextSlider:
      'Stellen Sie jeden Regler auf den Wert, der am besten zutrifft. Mit der Tastatur ändern die Pfeiltasten den Wert um 1, Bild auf und Bild ab um ein Zehntel der Skala; Pos1 und Ende springen an den Anfang und an das Ende. Wenn Sie etwas nicht beurteilen können, kreuzen Sie „nicht bewertet“ an.',
    ErrorAnswersInvalidSlider: 'Bitte stellen Sie jeden Regler ein.',
    ErrorAnswersInvalidSliderNotRated: 'Bitte stellen Sie jeden Regler ein oder kreuzen Sie „nicht bewertet“ an.',
    SliderProgressLabel: 'Fortschritt',
    SliderProgressText: '{percent} % – {band}',
    SliderProgressBand1: 'gerade begonnen',
    SliderProgressBand2: 'gut unterwegs',
    SliderProgressBand3: 'Halbzeit',
    SliderProgressBand4: 'weit fortgeschritten',
    SliderProgressBand5: 'fast geschafft',
    SliderScaleCaption: 'Bedeutung der Werte',
    SliderAutofill: 'Testwerte eintragen (nur lokal)',
  },
  'en-US': {
    FillingInfoTextSlider:
      'Each of the following pages shows one topic with one or more sliders. Set each slider to the value that fits best – with the mouse, by tapping or with the arrow keys. If you cannot judge something, tick “not rated”. Your answers are saved as you turn the pages; you can stop at any time and continue later.',
    InstructionsTextSlider:
      'Set each slider to the value that fits best. With the keyboard, the arrow keys change the value by 1, Page Up and Page Down by a tenth of the scale; Home and End jump to the start and the end. If you cannot judge something, tick “not rated”.',
    ErrorAnswersInvalidSlider: 'Please set every slider.',
    ErrorAnswersInvalidSliderNotRated: 'Please set every slider or tick “not rated”.',
    SliderProgressLabel: 'Progress',
    SliderProgressText: '{percent}% – {band}',
    SliderProgressBand1: 'just started',
    SliderProgressBand2: 'well under way',
    SliderProgressBand3: 'halfway',
    SliderProgressBand4: 'well advanced',
    SliderProgressBand5: 'nearly done',
    SliderScaleCaption: 'What the values mean',
    SliderAutofill: 'Fill in test values (local only)',
  },
  'fr-FR': {
    FillingInfoTextSlider:
      'Chacune des pages suivantes présente un thème avec un ou plusieurs curseurs. Placez chaque curseur sur la valeur qui convient le mieux – avec la souris, d’un toucher ou avec les touches fléchées. Si vous ne pouvez pas juger un point, cochez « non évalué ». Vos réponses sont enregistrées à chaque changement de page ; vous pouvez vous interrompre à tout moment et continuer plus tard.',
    InstructionsTextSlider:
      'Placez chaque curseur sur la valeur qui convient le mieux. Au clavier, les touches fléchées changent la valeur de 1, Page précédente et Page suivante d’un dixième de l’échelle ; Début et Fin vont au début et à la fin. Si vous ne pouvez pas juger un point, cochez « non évalué ».',
    ErrorAnswersInvalidSlider: 'Veuillez régler chaque curseur.',
    ErrorAnswersInvalidSliderNotRated: 'Veuillez régler chaque curseur ou cocher « non évalué ».',
    SliderProgressLabel: 'Progression',
    SliderProgressText: '{percent} % – {band}',
    SliderProgressBand1: 'tout juste commencé',
    SliderProgressBand2: 'en bonne voie',
    SliderProgressBand3: 'à mi-parcours',
    SliderProgressBand4: 'bien avancé',
    SliderProgressBand5: 'presque terminé',
    SliderScaleCaption: 'Signification des valeurs',
    SliderAutofill: 'Remplir des valeurs de test (local uniquement)',
  },
  'it-IT': {
    FillingInfoTextSlider:
      'Ognuna delle pagine seguenti presenta un tema con uno o più cursori. Porti ogni cursore sul valore più adatto – con il mouse, con un tocco o con i tasti freccia. Se non può valutare qualcosa, selezioni «non valutato». Le risposte vengono salvate a ogni cambio di pagina; può interrompere in qualsiasi momento e continuare più tardi.',
    InstructionsTextSlider:
      'Porti ogni cursore sul valore più adatto. Con la tastiera i tasti freccia cambiano il valore di 1, Pagina su e Pagina giù di un decimo della scala; Inizio e Fine portano all’inizio e alla fine. Se non può valutare qualcosa, selezioni «non valutato».',
    ErrorAnswersInvalidSlider: 'Imposti ogni cursore, per favore.',
    ErrorAnswersInvalidSliderNotRated: 'Imposti ogni cursore o selezioni «non valutato», per favore.',
    SliderProgressLabel: 'Avanzamento',
    SliderProgressText: '{percent}% – {band}',
    SliderProgressBand1: 'appena iniziato',
    SliderProgressBand2: 'a buon punto',
    SliderProgressBand3: 'a metà strada',
    SliderProgressBand4: 'molto avanti',
    SliderProgressBand5: 'quasi finito',
    SliderScaleCaption: 'Significato dei valori',
    SliderAutofill: 'Inserisci valori di prova (solo in locale)',
  },
  'cz-CZ': {
    FillingInfoTextSlider:
      'Na každé z následujících stránek najdete jedno téma s jedním nebo více posuvníky. Nastavte každý posuvník na hodnotu, která nejlépe odpovídá – myší, klepnutím nebo klávesami se šipkami. Pokud něco nemůžete posoudit, zaškrtněte „nehodnoceno“. Vaše odpovědi se ukládají při listování; můžete kdykoli přerušit a pokračovat později.',
    InstructionsTextSlider:
      'Nastavte každý posuvník na hodnotu, která nejlépe odpovídá. Na klávesnici mění šipky hodnotu o 1, Page Up a Page Down o desetinu stupnice; Home a End skočí na začátek a na konec. Pokud něco nemůžete posoudit, zaškrtněte „nehodnoceno“.',
    ErrorAnswersInvalidSlider: 'Nastavte prosím každý posuvník.',
    ErrorAnswersInvalidSliderNotRated: 'Nastavte prosím každý posuvník nebo zaškrtněte „nehodnoceno“.',
    SliderProgressLabel: 'Postup',
    SliderProgressText: '{percent} % – {band}',
    SliderProgressBand1: 'právě začato',
    SliderProgressBand2: 'v dobrém tempu',
    SliderProgressBand3: 'v polovině',
    SliderProgressBand4: 'daleko pokročilé',
    SliderProgressBand5: 'téměř hotovo',
    SliderScaleCaption: 'Význam hodnot',
    SliderAutofill: 'Vyplnit testovací hodnoty (jen lokálně)',
  },
});
