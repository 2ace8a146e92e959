import { describe, expect, it } from 'vitest';
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
