import { describe, expect, it, vi } from 'vitest';
import { ZCleanupRequest } from '@stem/contract/submissions';
import { isOcrRepairOnly } from './cleanup.guard';
import { cleanOcrText } from './offline-cleanup';

describe('cleanOcrText repairs OCR damage', () => {
  it('rejoins words hyphenated across line breaks', () => {
    expect(cleanOcrText('Plants make glucose by photo-\nsynthesis in the chloro-\nplasts.')).toBe(
      'Plants make glucose by photosynthesis in the chloroplasts.',
    );
    expect(cleanOcrText('a soft hyphen: respir\u00ad\nation')).toBe('a soft hyphen: respiration');
  });

  it('keeps the hyphen of real compounds', () => {
    expect(
      cleanOcrText('It is a well-\nknown idea and a well-known fact. Self-\nesteem too.'),
    ).toBe('It is a well-known idea and a well-known fact. Self-esteem too.');
  });

  it('joins lines broken mid-sentence but keeps paragraphs, lists and working', () => {
    const text =
      'The heart pumps blood around\nthe body through arteries and\nveins.\n\nIt has four chambers:\n- two atria\n- two ventricles\n1. Blood enters\n2. Blood leaves\nv = d / t\nv = 100 / 20';
    expect(cleanOcrText(text)).toBe(
      'The heart pumps blood around the body through arteries and veins.\n\nIt has four chambers:\n- two atria\n- two ventricles\n1. Blood enters\n2. Blood leaves\nv = d / t\nv = 100 / 20',
    );
  });

  it('removes symbols OCR invents', () => {
    expect(
      cleanOcrText(
        '|The mitochondria ,,, is the\n_____\npower house | of the cell .;. it\n~\nmakes ATP ¦',
      ),
    ).toBe('The mitochondria is the power house of the cell it makes ATP');
    expect(cleanOcrText('• Diffusion\n• Osmosis\n•\n● Active transport')).toBe(
      '- Diffusion\n- Osmosis\n- Active transport',
    );
    expect(cleanOcrText('The cell l membrane is mem|brane')).toBe('The cell membrane is membrane');
  });

  it('keeps lone letters that are words, labels, variables or units', () => {
    const text = 'I think a cell in part c and Event B and vitamin C, x is 3 and 5 m or 2 g';
    expect(cleanOcrText(text)).toBe(text);
  });

  it('normalises whitespace and quotes', () => {
    expect(
      cleanOcrText('He said  \u201chello\u201d\tand \u2018bye\u2019 ,  then\u00a0left .'),
    ).toBe('He said "hello" and \'bye\', then left.');
    expect(cleanOcrText('ﬁnal ﬂow\r\n\r\n\r\n\r\nnext')).toBe('final flow\n\nnext');
  });

  it('keeps maths symbols in working', () => {
    expect(cleanOcrText('|x| = 5\nmass ~ 5 g\na · b = c')).toBe('|x| = 5\nmass ~ 5 g\na · b = c');
  });
});

describe('cleanOcrText never corrects the student', () => {
  it.each([
    ['misspelling', 'I will recieve the resuts tomorow'],
    ['wrong word', 'there answer was wrong and its color changed'],
    ['wrong sum', '2+2=5 so the answer is 5'],
    ['wrong fact', 'The sun goes round the earth every 365 days'],
    ['grammar', 'the cells is divides and they grows'],
    ['lower-case i and missing capitals', 'i think the enzyme denature at 60 degrees'],
    ['units and numbers', 'The speed is 5 m/s or 18 km/h, t = 20 s, 9.81 N/kg'],
  ])('leaves a %s as written', (_kind, text) => {
    expect(cleanOcrText(text)).toBe(text);
  });

  it('changes only what the OCR-repair guard allows, on messy input', () => {
    const samples = [
      'Osmosis is the move-\nment of water | across a\npartially permeable mem-\nbrane ~ .',
      '|| The answer is 12 cm²\n\n\n• first\n• second ,,',
      'Photo-\nsynthesis needs light l energy and CO2',
    ];
    for (const sample of samples) expect(isOcrRepairOnly(sample, cleanOcrText(sample))).toBe(true);
  });
});

/** The longest text the cleanup route takes (issue 26: students reach it, 60 a minute). */
const LIMIT = (ZCleanupRequest.shape.text.maxLength ?? 0) as number;

/**
 * Cleans `text` and counts the characters lower-cased meanwhile: the old code lower-cased the whole
 * text again for each broken word (6,666 x 40,000 characters for the first case below).
 */
function cleanCounting(text: string): { cleaned: string; lowered: number } {
  let lowered = 0;
  const toLowerCase = String.prototype.toLowerCase;
  const spy = vi.spyOn(String.prototype, 'toLowerCase').mockImplementation(function (this: string) {
    lowered += this.length;
    return toLowerCase.call(this);
  });
  try {
    return { cleaned: cleanOcrText(text), lowered };
  } finally {
    spy.mockRestore();
  }
}

describe('cleanOcrText at the length limit (linear work)', () => {
  it('joins 40,000 characters of "word-" lines into one word, reading the text once', () => {
    expect(LIMIT).toBe(40_000);
    const lines = Math.floor(LIMIT / 6);
    const text = 'word-\n'.repeat(lines);
    const { cleaned, lowered } = cleanCounting(text);
    expect(cleaned).toBe(`${'word'.repeat(lines)}-`);
    expect(lowered).toBeLessThan(2 * text.length);
  });

  it("keeps a compound's hyphen and joins the rest, 40,000 characters of short lines", () => {
    const letters = cleanCounting('a-\n'.repeat(LIMIT / 3));
    expect(letters.cleaned).toBe(`${'a'.repeat(LIMIT / 3)}-`);
    expect(letters.lowered).toBeLessThan(2 * LIMIT);

    const count = Math.floor(LIMIT / 6);
    // "self-" on its own keeps its hyphen once; the joined word after it is no prefix.
    const prefixes = cleanCounting('self-\n'.repeat(count));
    expect(prefixes.cleaned).toBe(`self-${'self'.repeat(count - 1)}-`);
    expect(prefixes.lowered).toBeLessThan(2 * LIMIT);

    const pairs = Math.floor((LIMIT - 11) / 12);
    const written = cleanCounting(`well-known\n${'well-\nknown '.repeat(pairs)}`);
    expect(written.cleaned).toBe(`well-known ${'well-known '.repeat(pairs)}`.trim());
    expect(written.lowered).toBeLessThan(2 * LIMIT);
  });
});
