/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://assess.example/questionnaire"}
 */
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Question } from '@/lib/api/schemas/questionnaire';
import type { QuestionViewProps, SliderTexts } from '../viewTypes';
import { SliderView } from './SliderView';

const TEXTS: SliderTexts = {
  progressLabel: 'Fortschritt',
  progressText: '{percent} % – {band}',
  bands: ['gerade begonnen', 'gut unterwegs', 'Halbzeit', 'weit fortgeschritten', 'fast geschafft'],
  scaleCaption: 'Bedeutung der Werte',
  autofill: 'Testwerte eintragen (nur lokal)',
};

const QUESTION: Question = {
  questionIndex: 2,
  id: 402,
  text: 'Kommunikation',
  imageKey: 'communication',
  imageWidth: 480,
  imageHeight: 270,
  imageVersion: '0123456789abcdef',
  info1: ['Sie hören aufmerksam zu.', 'Sie geben offen Rückmeldung.'],
  info3: 'Wie sehr trifft das auf Sie zu?',
  answerInfos: [
    { id: 4021, answerIndex: 0, text: 'Im Beruf', subtext: 'mit Kolleginnen, Kollegen und Kunden', value: -1 },
    { id: 4022, answerIndex: 1, text: 'Im Alltag', value: -1 },
  ],
};

const CONFIG = {
  valueInfos: [
    { value: 0, caption: 'trifft gar nicht zu = 0' },
    { value: 50, caption: 'trifft teilweise zu = 50' },
    { value: 100, caption: 'trifft voll zu = 100' },
  ],
  notRatedValue: -2,
  notRatedValueCaption: 'nicht bewertet',
};

/** The view with the screen's part played: values in state, as QuestionnaireScreen keeps them. */
function Harness({ initial = new Map<number, number>(), question = QUESTION, notRated = true, invalid = new Map<number, string>() }) {
  const [values, setValues] = useState<ReadonlyMap<number, number>>(initial);
  const props: QuestionViewProps = {
    questions: [question],
    values,
    invalid,
    disabled: false,
    onChange: (_q, answerId, value) => setValues((previous) => new Map(previous).set(answerId, value)),
    onChangeMany: (_q, answers) => setValues((previous) => new Map([...previous, ...answers])),
    texts: { statementColumn: '', rankBest: '', rankLeast: '', errorLabel: (n, m) => `Fehler Frage ${n}: ${m}`, slider: TEXTS },
    contentLang: 'de-DE',
    config: CONFIG,
    notRated,
    progress: { current: 2, total: 8, label: 'Seite 2 von 8' },
    language: 'de-DE',
  };
  return <SliderView {...props} />;
}

const slider = (name: RegExp) => screen.getByRole('slider', { name });

describe('the slider view', () => {
  it('shows title, image (its box shaped before it arrives), info lines, header and one labelled slider per item', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { level: 2, name: /Kommunikation/ })).toBeTruthy();
    const image = document.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/questionnaire-image/communication?v=0123456789abcdef');
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('alt')]).toEqual(['480', '270', '']);
    expect((image.parentElement as HTMLElement).style.aspectRatio).toBe('480 / 270');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Sie hören aufmerksam zu.',
      'Sie geben offen Rückmeldung.',
      'trifft gar nicht zu = 0',
      'trifft teilweise zu = 50',
      'trifft voll zu = 100',
    ]);
    expect(screen.getByText('Wie sehr trifft das auf Sie zu?')).toBeTruthy();
    const work = slider(/Im Beruf/);
    expect([work.getAttribute('min'), work.getAttribute('max'), work.getAttribute('step')]).toEqual(['0', '100', '1']);
    expect(work.getAttribute('aria-describedby')).toBe('slider-4021-subtext');
    expect(screen.getByText('mit Kolleginnen, Kollegen und Kunden').id).toBe('slider-4021-subtext');
  });

  it('an unset slider says so, to the eye and to a screen reader, and is not taken for 0', () => {
    render(<Harness />);
    const work = slider(/Im Beruf/);
    expect(work.getAttribute('aria-valuetext')).toBe('noch nicht eingestellt');
    expect(work.getAttribute('data-state')).toBe('unset');
    expect(screen.getAllByText('noch nicht eingestellt')).toHaveLength(2);
  });

  it('by keyboard: Home sets 0 on an unset slider, Page Up and Page Down move by a tenth, each with its point caption', () => {
    render(<Harness />);
    const work = slider(/Im Beruf/);
    fireEvent.keyDown(work, { key: 'Home' });
    expect(work.getAttribute('aria-valuetext')).toBe('0 Punkte, trifft gar nicht zu');
    fireEvent.keyDown(work, { key: 'PageUp' });
    fireEvent.keyDown(work, { key: 'PageUp' });
    expect(work.getAttribute('aria-valuetext')).toBe('20 Punkte');
    fireEvent.keyDown(work, { key: 'PageDown' });
    expect(work.getAttribute('aria-valuetext')).toBe('10 Punkte');
    fireEvent.change(work, { target: { value: '1' } });
    expect(work.getAttribute('aria-valuetext')).toBe('1 Punkt');
    fireEvent.change(work, { target: { value: '50' } });
    expect(work.getAttribute('aria-valuetext')).toBe('50 Punkte, trifft teilweise zu');
  });

  it('not rated: ticking sets -2 and shows the not-rated caption; unticking resets to unset; moving the slider sets a value again', () => {
    render(<Harness initial={new Map([[4021, 70]])} />);
    const box = screen.getByRole('checkbox', { name: 'nicht bewertet (Im Beruf)' });
    const work = slider(/Im Beruf/);
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(work.getAttribute('aria-valuetext')).toBe('nicht bewertet');
    expect(work.getAttribute('data-state')).toBe('not-rated');
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(work.getAttribute('aria-valuetext')).toBe('noch nicht eingestellt');
    fireEvent.click(box);
    fireEvent.change(work, { target: { value: '30' } });
    expect([(box as HTMLInputElement).checked, work.getAttribute('aria-valuetext')]).toEqual([false, '30 Punkte']);
  });

  it('offers no not-rated checkbox where the questionnaire does not allow it', () => {
    render(<Harness notRated={false} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('a failed question: the assertive block, and the items still unset marked', () => {
    render(<Harness initial={new Map([[4021, 40]])} invalid={new Map([[402, 'Bitte stellen Sie jeden Regler ein.']])} />);
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('aria-label')).toBe('Fehler Frage 2: Bitte stellen Sie jeden Regler ein.');
    expect(slider(/Im Beruf/).getAttribute('aria-invalid')).toBeNull();
    expect(slider(/Im Alltag/).getAttribute('aria-invalid')).toBe('true');
  });

  it('the progress of page against total, its band in words and not by colour alone', () => {
    render(<Harness />);
    const bar = screen.getByRole('progressbar', { name: 'Fortschritt' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['2', '8']);
    expect(bar.getAttribute('aria-valuetext')).toBe('Seite 2 von 8, 25 % – gut unterwegs');
    expect(within(bar.parentElement!).getByText('Seite 2 von 8 · 25 % – gut unterwegs')).toBeTruthy();
    expect(bar.parentElement!.getAttribute('data-band')).toBe('2');
  });

  it('offers no autofill on a host other than a local one (spec §5)', () => {
    render(<Harness />);
    expect(window.location.hostname).toBe('assess.example');
    expect(screen.queryByRole('button', { name: /Testwerte/ })).toBeNull();
  });

  it('without a known size the image box is 4:3 and the image fits in', () => {
    render(<Harness question={{ ...QUESTION, imageWidth: null, imageHeight: null, imageVersion: null }} />);
    const image = document.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/questionnaire-image/communication');
    expect(image.hasAttribute('width')).toBe(false);
    expect((image.parentElement as HTMLElement).style.aspectRatio).toBe('4 / 3');
  });
});
