/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AnswerValuesConfig, Question } from '@/lib/api/schemas/questionnaire';
import type { GridTexts, QuestionViewProps } from '../viewTypes';
import { GridView } from './GridView';

const GRID_TEXTS: GridTexts = {
  detailsButton: 'Details',
  definition: 'Definition',
  explanation: 'Erläuterung',
  exaggeration: 'Übertreibung',
  synonyms: 'Synonyme',
};

/** A question of ra-requirements (product 3): one item, info1 intro and synonyms, info2–info4. */
const ANALYTICAL: Question = {
  questionIndex: 1,
  id: 301,
  text: 'Analytisches Denken',
  info1: ['Wie wichtig ist „Analytisches Denken“ für die Stelle?', 'Logisches Denken', 'Urteilsvermögen'],
  info2: 'Zerlegt komplexe Sachverhalte in ihre Teile.',
  info3: 'Geht Probleme systematisch an.',
  info4: 'Verliert sich in Details.',
  answerInfos: [{ id: 3011, answerIndex: 0, text: 'Bedeutung von „Analytisches Denken“ für die Stelle', value: -1 }],
};

const CONFIG: AnswerValuesConfig = {
  valueInfos: [
    { value: 1, caption: 'unwichtig' },
    { value: 2, caption: 'eher unwichtig' },
    { value: 3, caption: 'wichtig' },
    { value: 4, caption: 'sehr wichtig' },
  ],
  notRatedValue: -2,
  notRatedValueCaption: 'nicht beurteilbar',
  notRatedGroupCaption: 'keine Angabe',
  groupCaptions: [
    { caption: 'weniger wichtig', columnSpan: 2 },
    { caption: 'wichtig', columnSpan: 2 },
  ],
};

type HarnessProps = {
  questions?: Question[];
  details?: boolean;
  notRated?: boolean;
  invalid?: ReadonlyMap<number, string>;
  onValues?: (values: ReadonlyMap<number, number>) => void;
};

/** The view with the screen's part played: values in state, as QuestionnaireScreen keeps them. */
function Harness({ questions = [ANALYTICAL], details = true, notRated = true, invalid = new Map(), onValues }: HarnessProps) {
  const [values, setValues] = useState<ReadonlyMap<number, number>>(new Map());
  const props: QuestionViewProps = {
    questions,
    values,
    invalid,
    disabled: false,
    onChange: (_q, answerId, value) => {
      const next = new Map(values).set(answerId, value);
      setValues(next);
      onValues?.(next);
    },
    onChangeMany: () => undefined,
    texts: { statementColumn: 'Aussage', rankBest: '', rankLeast: '', errorLabel: (n, m) => `Fehler Frage ${n}: ${m}`, grid: GRID_TEXTS },
    contentLang: 'de-DE',
    config: CONFIG,
    notRated,
    details,
    progress: { current: 1, total: 12, label: 'Seite 1 von 12' },
    language: 'de-DE',
  };
  return <GridView {...props} />;
}

const detailsButton = (name: RegExp = /Analytisches Denken/) => screen.getByRole('button', { name });

describe('the grid view: header (spec §2)', () => {
  it('group captions span their columns, the not-rated column has its group caption, one column per value caption', () => {
    render(<Harness />);
    const header = document.querySelector('[aria-hidden="true"][style*="--columns"]') as HTMLElement;
    expect(header.style.getPropertyValue('--columns')).toBe('5');
    const cells = [...header.children].map((cell) => [cell.textContent, (cell as HTMLElement).style.gridColumn]);
    expect(cells).toEqual([
      ['', ''],
      ['keine Angabe', ''],
      ['weniger wichtig', 'span 2'],
      ['wichtig', 'span 2'],
      ['Aussage', ''],
      ['nicht beurteilbar', ''],
      ['unwichtig', ''],
      ['eher unwichtig', ''],
      ['wichtig', ''],
      ['sehr wichtig', ''],
    ]);
    const radios = within(screen.getByRole('group')).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['-2', '1', '2', '3', '4']);
  });

  it('without not rated allowed there is neither the column nor its group caption', () => {
    render(<Harness notRated={false} />);
    expect(screen.queryByText('keine Angabe')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'nicht beurteilbar' })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
  });
});

describe('the grid view: details mode (spec §2, §4)', () => {
  it('the info button is collapsed at first, named with the question, and controls a hidden region', () => {
    render(<Harness />);
    const button = detailsButton();
    expect(button).toHaveAccessibleName(/^Details ?: Analytisches Denken$/);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const region = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(region).not.toBeNull();
    expect(region).not.toBeVisible();
    expect(screen.queryByText('Zerlegt komplexe Sachverhalte in ihre Teile.')).not.toBeVisible();
  });

  it('expands definition, explanation, exaggeration and synonyms under their labels, in the content language, and collapses again', () => {
    render(<Harness />);
    const button = detailsButton();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(region).toBeVisible();
    const terms = within(region).getAllByRole('term').map((term) => term.textContent);
    const definitions = within(region).getAllByRole('definition');
    expect(terms).toEqual(['Definition', 'Erläuterung', 'Übertreibung', 'Synonyme']);
    expect(definitions.map((d) => d.textContent)).toEqual([
      'Zerlegt komplexe Sachverhalte in ihre Teile.',
      'Geht Probleme systematisch an.',
      'Verliert sich in Details.',
      'Logisches DenkenUrteilsvermögen',
    ]);
    expect(definitions.map((d) => d.getAttribute('lang'))).toEqual(['de-DE', 'de-DE', 'de-DE', 'de-DE']);
    // The first info1 entry introduces the question; it is not a synonym.
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Logisches Denken', 'Urteilsvermögen']);
    expect(within(region).getByText('Wie wichtig ist „Analytisches Denken“ für die Stelle?').tagName).toBe('P');
    // The details belong to the item: they are inside its radio group.
    expect(screen.getByRole('group').contains(region)).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(region).not.toBeVisible();
  });

  it('the button does not answer the question, and answering does not close the details', () => {
    const seen: Array<ReadonlyMap<number, number>> = [];
    render(<Harness onValues={(values) => seen.push(values)} />);
    fireEvent.click(detailsButton());
    expect(seen).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'nicht beurteilbar' }));
    expect(seen.at(-1)?.get(3011)).toBe(-2);
    expect(detailsButton().getAttribute('aria-expanded')).toBe('true');
  });

  it("one question's details at a time: opening another's closes the first", () => {
    const second: Question = { ...ANALYTICAL, id: 302, questionIndex: 2, text: 'Teamfähigkeit …', answerInfos: [{ id: 3021, answerIndex: 0, text: 'Bedeutung', value: -1 }] };
    render(<Harness questions={[ANALYTICAL, second]} />);
    const first = detailsButton();
    const other = detailsButton(/Teamfähigkeit/);
    expect(other).toHaveAccessibleName(/^Details ?: Teamfähigkeit$/);
    expect(first.getAttribute('aria-controls')).not.toBe(other.getAttribute('aria-controls'));
    fireEvent.click(first);
    fireEvent.click(other);
    expect([first.getAttribute('aria-expanded'), other.getAttribute('aria-expanded')]).toEqual(['false', 'true']);
  });

  it('a question without info texts gets no button', () => {
    render(<Harness questions={[{ ...ANALYTICAL, info1: null, info2: null, info3: null, info4: null }]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('no-details mode: only the radios', () => {
    render(<Harness details={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Zerlegt komplexe Sachverhalte in ihre Teile.')).toBeNull();
    expect(screen.queryByText('Synonyme')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
  });
});

/** A product-2 question in details mode with several items (the demo's grid-details). */
const TEAM: Question = {
  questionIndex: 1,
  id: 401,
  text: 'Teamfähigkeit',
  info1: ['Wie zeigt sich Teamfähigkeit im Alltag?', 'Kooperationsbereitschaft', 'Teamgeist'],
  info2: 'Arbeitet konstruktiv mit anderen zusammen.',
  info3: 'Teilt Wissen und unterstützt gemeinsame Ziele.',
  info4: 'Stellt eigene Aufgaben hinter jede Bitte zurück.',
  answerInfos: [
    { id: 4011, answerIndex: 0, text: 'Bringt eigene Ideen ein.', value: -1 },
    { id: 4012, answerIndex: 1, text: 'Unterstützt andere.', value: -1 },
    { id: 4013, answerIndex: 2, text: 'Teilt Informationen offen.', value: -1 },
  ],
};
const TEAM_DEFINITION = 'Arbeitet konstruktiv mit anderen zusammen.';

/** The item's radio group, by its statement (its legend names it). */
const itemGroup = (statement: string) => screen.getByRole('group', { name: new RegExp(statement.replace(/[.]/g, '\\.')) });
const regionOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('the grid view: details mode with several items a question (spec §2: an info button per item)', () => {
  it('every item has its own button, named with the question and the item, collapsed, each controlling a region of its own', () => {
    render(<Harness questions={[TEAM]} />);
    const buttons = screen.getAllByRole('button', { name: /^Details/ });
    const names = ['Teamfähigkeit, a) Bringt eigene Ideen ein.', 'Teamfähigkeit, b) Unterstützt andere.', 'Teamfähigkeit, c) Teilt Informationen offen.'];
    expect(buttons).toHaveLength(3);
    buttons.forEach((button, index) => expect(button).toHaveAccessibleName(new RegExp(`^Details ?: ${names[index]!.replace(/[.)]/g, '\\$&')}$`)));
    expect(new Set(buttons.map((button) => button.getAttribute('aria-controls'))).size).toBe(3);
    for (const button of buttons) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(regionOf(button)).not.toBeVisible();
    }
    // Each button sits in its own item's radio group.
    expect(within(itemGroup('Unterstützt andere.')).getByRole('button').getAttribute('aria-controls')).toBe(buttons[1]!.getAttribute('aria-controls'));
  });

  it("an item's button shows the question's details under that item, and pressed again hides them", () => {
    render(<Harness questions={[TEAM]} />);
    const button = detailsButton(/b\) Unterstützt andere/);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const region = regionOf(button);
    expect(region).toBeVisible();
    expect(itemGroup('Unterstützt andere.').contains(region)).toBe(true);
    expect(within(region).getAllByRole('term').map((term) => term.textContent)).toEqual(['Definition', 'Erläuterung', 'Übertreibung', 'Synonyme']);
    expect(within(region).getByText(TEAM_DEFINITION)).toBeVisible();
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Kooperationsbereitschaft', 'Teamgeist']);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(region).not.toBeVisible();
  });

  it("another item's button moves them there: one place at a time, the pressed button the one expanded", () => {
    render(<Harness questions={[TEAM]} />);
    const [first, second, third] = screen.getAllByRole('button', { name: /^Details/ });
    fireEvent.click(first!);
    fireEvent.click(third!);
    expect([first, second, third].map((button) => button!.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'true']);
    expect(regionOf(first!)).not.toBeVisible();
    expect(itemGroup('Teilt Informationen offen.').contains(regionOf(third!))).toBe(true);
    expect(screen.getAllByText(TEAM_DEFINITION).filter((element) => !element.closest('[hidden]'))).toHaveLength(1);
    expect(regionOf(third!)).toBeVisible();
  });

  it("opening an item of another question closes the first question's details; answering an item leaves them open", () => {
    const seen: Array<ReadonlyMap<number, number>> = [];
    render(<Harness questions={[TEAM, ANALYTICAL]} onValues={(values) => seen.push(values)} />);
    const teamItem = detailsButton(/a\) Bringt eigene Ideen ein/);
    fireEvent.click(teamItem);
    fireEvent.click(within(itemGroup('Unterstützt andere.')).getByRole('radio', { name: 'wichtig' }));
    expect(seen.at(-1)?.get(4012)).toBe(3);
    expect(teamItem.getAttribute('aria-expanded')).toBe('true');
    const analytical = detailsButton(/^Details ?: Analytisches Denken$/);
    fireEvent.click(analytical);
    expect([teamItem.getAttribute('aria-expanded'), analytical.getAttribute('aria-expanded')]).toEqual(['false', 'true']);
    expect(regionOf(teamItem)).not.toBeVisible();
  });
});

describe('the grid view: a failed question (spec §2, §5)', () => {
  it('shows the assertive block and marks the item left unanswered', () => {
    render(<Harness invalid={new Map([[301, 'Bitte beantworten Sie alle Aussagen.']])} />);
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    expect(alert.getAttribute('aria-label')).toBe('Fehler Frage 1: Bitte beantworten Sie alle Aussagen.');
    expect(screen.getByRole('group').hasAttribute('data-invalid')).toBe(true);
    expect(document.getElementById('question-301')!.hasAttribute('data-invalid')).toBe(true);
  });
});
