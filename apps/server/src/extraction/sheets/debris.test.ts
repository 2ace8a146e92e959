import { describe, expect, it } from 'vitest';
import { debrisSignals, isOcrDebris } from './debris';

describe('OCR debris', () => {
  it("finds what tesseract reads from a blank sheet's paper grain", () => {
    // From issue 28: an upside-down blank sheet stored this as an answer.
    expect(isOcrDebris('ae | ee | oe ee | : - Bio cs Oo\nSS ee ea ; a', 62)).toBe(true);
    expect(isOcrDebris('eee nee\nee eee Be\nSES See ee as\nEg SA Sen en eee Be ay', 19)).toBe(true);
    expect(isOcrDebris('| : - .', 50)).toBe(true);
  });

  it('finds a box border, a smudge, a scribble, a crossing-out and stray marks', () => {
    // Reads of generated boxes with no writing (bench:debris).
    expect(isOcrDebris('oo', 0)).toBe(true);
    expect(isOcrDebris('-_--', 23)).toBe(true);
    expect(isOcrDebris('ee', 35)).toBe(true);
    expect(isOcrDebris('ae', 66)).toBe(true);
    expect(isOcrDebris('ye', 8)).toBe(true);
    expect(isOcrDebris('8', 3)).toBe(true);
    expect(isOcrDebris('WW', 49)).toBe(true);
    expect(isOcrDebris('CU WW', 19)).toBe(true);
    expect(isOcrDebris('"VY UUW', 28)).toBe(true);
    // The scribble the scan tests write in a box (booklets, scan-clearing, scan-crops).
    expect(isOcrDebris('Xqzv Jkwp zzkt Wxvq bnkq Pqxz vvkj Zqwx', 70)).toBe(true);
    expect(isOcrDebris('oo\nCe\noo To Sees\n- oo\noe ee oe\noo ee\nee of ae\nee\na', 9)).toBe(true);
  });

  it('finds printing read upside down and ruled paper, however many words look real', () => {
    expect(
      isOcrDebris(
        '€ JO T abeg ABojolg 6 Jea sojexO EuewYy\n€ JO T abeg ABojoig G JeaA JoyeyO Prey\n"Mo|aq XOq ay} Ul Jamsue INOA aM',
        50,
      ),
    ).toBe(true);
    expect(
      isOcrDebris(
        'RTE reapers irene anyone cinema ay RS SOE ye ean\nRe RE: see ee Ghee ste eee St eaane tae Me oe eet he BAR Siac dl Seer as\nBe lhe Ge ee ree ae ee i ene CEO ey',
        16,
      ),
    ).toBe(true);
  });

  it('keeps answers, misspelt, short, numeric or read with low confidence', () => {
    expect(isOcrDebris('Water moves from a dilute solution into the root hair cell', 95)).toBe(
      false,
    );
    expect(isOcrDebris('becuase the enzime is denatured at hihg temprature', 55)).toBe(false);
    expect(isOcrDebris('12 J', 70)).toBe(false);
    expect(isOcrDebris('I = V / R, I = 6 / 12, I = 0.5 A', 80)).toBe(false);
    expect(isOcrDebris('Light energy is absorbed by chlorophyll', 35)).toBe(false);
    expect(isOcrDebris('DNA', 80)).toBe(false);
    expect(isOcrDebris('8', 85)).toBe(false);
    expect(isOcrDebris('', undefined)).toBe(false);
  });

  it('keeps handwriting the engine read badly, in capitals or with half its words garbled', () => {
    expect(isOcrDebris('THE WATER MOVES BY OSMOSIS INTO THE ROOT HAIR CELL', 45)).toBe(false);
    expect(
      isOcrDebris(
        'Tre enzime is denatued at hihg temperatres. so tne actve site chances\nshape amd tne substrate cant fit. Ue reaction stops ard no prodvct forms',
        31,
      ),
    ).toBe(false);
    expect(
      isOcrDebris(
        'Wc suppase tne cell wal is stong, Hhe vacuole gels bigger when\nwater enters by osmosis amd tne plant stands up agaim',
        24,
      ),
    ).toBe(false);
  });

  it('measures words and near spellings among the letter groups', () => {
    expect(debrisSignals('becuase the enzime is denatured at hihg temprature')).toMatchObject({
      words: 1,
      nearWords: 4,
      letterTokens: 8,
    });
    // Zig-zag capitals are no abbreviation.
    expect(debrisSignals('WW VU').share).toBe(0);
    expect(debrisSignals('DNA ATP').share).toBe(1);
  });
});
