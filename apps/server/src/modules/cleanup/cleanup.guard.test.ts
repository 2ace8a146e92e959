import { describe, expect, it } from 'vitest';
import { isOcrRepairOnly } from './cleanup.guard';

const OCR = 'I recieve that photo-\nsynthesis makes glucose | and\nthere answer is 2+2=5 l ok';

describe('isOcrRepairOnly', () => {
  it('accepts OCR repair', () => {
    expect(
      isOcrRepairOnly(
        OCR,
        'I recieve that photosynthesis makes glucose and there answer is 2+2=5 ok',
      ),
    ).toBe(true);
    expect(isOcrRepairOnly('mem|brane', 'membrane')).toBe(true);
    expect(isOcrRepairOnly(OCR, OCR)).toBe(true);
  });

  it.each([
    [
      'a spelling correction',
      'I receive that photosynthesis makes glucose and there answer is 2+2=5 ok',
    ],
    [
      'a word correction',
      'I recieve that photosynthesis makes glucose and their answer is 2+2=5 ok',
    ],
    [
      'a changed number',
      'I recieve that photosynthesis makes glucose and there answer is 2+2=4 ok',
    ],
    [
      'a changed operator',
      'I recieve that photosynthesis makes glucose and there answer is 2+2>5 ok',
    ],
    [
      'an added word',
      'I recieve that photosynthesis makes glucose and there answer is 2+2=5 ok indeed',
    ],
    ['a dropped word', 'I recieve that photosynthesis makes glucose there answer is 2+2=5 ok'],
    [
      'a capital letter',
      'I recieve that photosynthesis makes glucose and There answer is 2+2=5 ok',
    ],
    ['reordered words', 'I recieve that photosynthesis makes glucose and answer there is 2+2=5 ok'],
    [
      'words joined that were not split by a line-break hyphen',
      'I recieve thatphoto synthesis makes glucose and there answer is 2+2=5 ok',
    ],
    ['an empty reply', ''],
  ])('refuses %s', (_kind, candidate) => {
    expect(isOcrRepairOnly(OCR, candidate)).toBe(false);
  });

  it('refuses a split of words the student ran together', () => {
    expect(isOcrRepairOnly('I have alot of cells', 'I have a lot of cells')).toBe(false);
  });
});
