import { describe, expect, it } from 'vitest';
import { isOcrDebris } from './debris';

describe('OCR debris', () => {
  it("finds what tesseract reads from a blank sheet's paper grain", () => {
    // From issue 28: an upside-down blank sheet stored this as an answer.
    expect(isOcrDebris('ae | ee | oe ee | : - Bio cs Oo\nSS ee ea ; a', 62)).toBe(true);
    expect(isOcrDebris('eee nee\nee eee Be\nSES See ee as\nEg SA Sen en eee Be ay', 19)).toBe(true);
    expect(isOcrDebris('| : - .', 50)).toBe(true);
  });

  it('keeps answers, misspelt, short, numeric or read with low confidence', () => {
    expect(isOcrDebris('Water moves from a dilute solution into the root hair cell', 95)).toBe(
      false,
    );
    expect(isOcrDebris('becuase the enzime is denatured at hihg temprature', 55)).toBe(false);
    expect(isOcrDebris('12 J', 70)).toBe(false);
    expect(isOcrDebris('I = V / R, I = 6 / 12, I = 0.5 A', 80)).toBe(false);
    expect(isOcrDebris('Light energy is absorbed by chlorophyll', 35)).toBe(false);
    expect(isOcrDebris('', undefined)).toBe(false);
  });
});
