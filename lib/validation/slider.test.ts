import {
  afterNotRatedToggle,
  autofillValue,
  isLocalHost,
  captionLabel,
  isSliderQuestionValid,
  isSliderValue,
  pointCaption,
  progressBand,
  progressPercent,
  shownSliderValue,
  sliderItemsToMark,
  sliderMax,
  valueAtSliderStart,
  valueForKey,
} from './slider';

const rule = (notRatedAllowed: boolean, lenient = false, max = 100) => ({ max, notRatedAllowed, lenient });

describe('slider values (spec §4: 0 … the largest configured value, -1 unset, -2 not rated)', () => {
  it.each([
    [[0, 50, 100], 100],
    [[100, 0, 50], 100],
    [[0, 5, 10], 10],
    [[0], 100],
    [[], 100],
  ])('configured %j → the slider runs 0 … %s', (values, max) => {
    expect(sliderMax(values)).toBe(max);
  });

  it.each([
    [0, rule(false), true],
    [37, rule(false), true],
    [100, rule(false), true],
    [101, rule(false), false],
    [10, rule(false, false, 10), true],
    [11, rule(false, false, 10), false],
    [12.5, rule(false), false],
    [-2, rule(true), true],
    [-2, rule(false), false],
    [-1, rule(true), false],
    [-3, rule(true), false],
  ])('value %s under %j → %s', (value, r, expected) => {
    expect(isSliderValue(value, r)).toBe(expected);
  });

  it.each([
    ['every item set', [0, 100], rule(true), true],
    ['one set, one not rated', [40, -2], rule(true), true],
    ['not rated while not allowed', [40, -2], rule(false), false],
    ['one item still unset, forward', [40, -1], rule(true), false],
    ['one item still unset, back (set in part is never lenient)', [40, -1], rule(true, true), false],
    ['nothing set, forward', [-1, -1], rule(true), false],
    ['nothing set, back', [-1, -1], rule(true, true), true],
    ['a value above the scale', [40, 101], rule(true), false],
    ['a value below the scale', [40, -3], rule(true), false],
    ['no items', [], rule(true, true), false],
  ])('a question with %s (%j) → valid %s', (_name, values, r, expected) => {
    expect(isSliderQuestionValid(values, r)).toBe(expected);
  });

  it('marks the items that keep a failed question invalid', () => {
    expect(sliderItemsToMark([40, -1, -2, 0], { max: 100, notRatedAllowed: true })).toEqual([false, true, false, false]);
    expect(sliderItemsToMark([40, -2], { max: 100, notRatedAllowed: false })).toEqual([false, true]);
  });
});

describe('not rated transitions (spec §4)', () => {
  it.each([
    ['ticking an unset item', -1, true, -2],
    ['ticking a set item', 70, true, -2],
    ['ticking at 0', 0, true, -2],
    ['unticking at -2 resets to unset', -2, false, -1],
    ['unticking at a value changes nothing', 70, false, 70],
    ['unticking when unset changes nothing', -1, false, -1],
  ])('%s: %s → %s', (_name, value, ticked, expected) => {
    expect(afterNotRatedToggle(value, ticked)).toBe(expected);
  });
});

describe('the thumb and the start of a slider', () => {
  it.each([
    [-1, 0],
    [-2, 0],
    [0, 0],
    [55, 55],
    [140, 100],
  ])('value %s stands at %s', (value, shown) => {
    expect(shownSliderValue(value, 100)).toBe(shown);
  });

  it.each([
    ['a set value is re-applied', 60, 60, 60],
    ['an unset item resting at 0 stays unset', -1, 0, -1],
    ['a not-rated item resting at 0 stays not rated', -2, 0, -2],
    ['0 itself stays 0', 0, 0, 0],
    ['a position other than 0 becomes the value', -1, 30, 30],
  ])('%s', (_name, value, shown, expected) => {
    expect(valueAtSliderStart(value, shown)).toBe(expected);
  });

  it.each([
    ['Home', -1, 0],
    ['ArrowLeft', -1, 0],
    ['ArrowDown', -2, 0],
    ['PageDown', -1, 0],
    ['PageUp', -1, 10],
    ['ArrowRight', -1, undefined],
    ['End', -2, undefined],
    ['Tab', -1, undefined],
    ['PageUp', 50, 60],
    ['PageUp', 95, 100],
    ['PageDown', 50, 40],
    ['PageDown', 4, 0],
    ['Home', 50, undefined],
    ['ArrowLeft', 50, undefined],
    ['End', 50, undefined],
  ])('%s at %s sets %s (undefined: the native range moves)', (key, value, expected) => {
    expect(valueForKey(key, value, 100)).toBe(expected);
  });

  it('Page Up and Page Down move by a tenth of the scale, at least 1', () => {
    expect(valueForKey('PageUp', 3, 10)).toBe(4);
    expect(valueForKey('PageUp', 3, 5)).toBe(4);
    expect(valueForKey('PageDown', 100, 200)).toBe(80);
  });
});

describe('progress colour bands (spec §4: ≤ 20, 21–40, 41–60, 61–80, > 80)', () => {
  it.each([
    [0, 1],
    [20, 1],
    [21, 2],
    [40, 2],
    [41, 3],
    [60, 3],
    [61, 4],
    [80, 4],
    [81, 5],
    [100, 5],
  ])('%s %% → band %s', (percent, band) => {
    expect(progressBand(percent)).toBe(band);
  });

  it.each([
    [1, 8, 13],
    [2, 8, 25],
    [5, 8, 63],
    [8, 8, 100],
    [3, 3, 100],
    [1, 0, 0],
    [9, 8, 100],
  ])('page %s of %s → %s %%', (page, total, percent) => {
    expect(progressPercent(page, total)).toBe(percent);
  });
});

describe('point captions (spec §9)', () => {
  it.each([
    ['trifft voll zu = 100', 'trifft voll zu'],
    ['trifft voll zu=100', 'trifft voll zu'],
    ['ohne Gleichheitszeichen', 'ohne Gleichheitszeichen'],
    ['', ''],
    [null, ''],
  ])('the caption %j gives the words %j', (caption, label) => {
    expect(captionLabel(caption)).toBe(label);
  });

  it.each([
    ['de-DE', 1, undefined, '1 Punkt'],
    ['de-DE', 0, 'trifft gar nicht zu = 0', '0 Punkte, trifft gar nicht zu'],
    ['de-DE', 50, 'trifft teilweise zu = 50', '50 Punkte, trifft teilweise zu'],
    ['de-DE', 37, undefined, '37 Punkte'],
    ['de-DE', -2, undefined, 'nicht bewertet'],
    ['de-DE', -1, undefined, 'noch nicht eingestellt'],
    ['en-US', 1, undefined, '1 point'],
    ['en-US', 100, 'fully applies = 100', '100 points, fully applies'],
    ['en-US', -2, undefined, 'not rated'],
    ['fr-FR', 0, undefined, '0 point'],
    ['fr-FR', 1, undefined, '1 point'],
    ['fr-FR', 2, undefined, '2 points'],
    ['fr-FR', -2, undefined, 'non évalué'],
    ['it-IT', 1, undefined, '1 punto'],
    ['it-IT', 7, undefined, '7 punti'],
    ['it-IT', -2, undefined, 'non valutato'],
    ['cz-CZ', 1, undefined, '1 bod'],
    ['cz-CZ', 3, undefined, '3 body'],
    ['cz-CZ', 5, undefined, '5 bodů'],
    ['cz-CZ', 0, undefined, '0 bodů'],
    ['cz-CZ', -2, undefined, 'nehodnoceno'],
    ['cz-CZ', -1, undefined, 'zatím nenastaveno'],
  ] as const)('%s, %s (%j) → %j', (language, value, caption, expected) => {
    expect(pointCaption(value, language, caption)).toBe(expected);
  });
});

describe('autofill for testing, only on local hosts (spec §5)', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['app.localhost', true],
    ['localhost.', true],
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['[::1]', true],
    ['example.com', false],
    ['localhost.example.com', false],
    ['mylocalhost', false],
    ['10.0.0.1', false],
    ['192.168.1.20', false],
    ['128.0.0.1', false],
    ['', false],
  ])('%j → %s', (host, expected) => {
    expect(isLocalHost(host)).toBe(expected);
  });

  it.each([
    [0, 0],
    [0.5, 50],
    [0.999999, 99],
    [1, 99],
  ])('random %s → %s (0 to 99)', (random, value) => {
    expect(autofillValue(random)).toBe(value);
  });
});
