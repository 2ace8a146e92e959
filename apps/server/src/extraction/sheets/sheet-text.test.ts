import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { printableText } from './sheet-text';

/** Whether the sheets' own font (Helvetica, WinAnsi) draws a character. */
async function helveticaDraws(): Promise<(ch: string) => boolean> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  return (ch) => {
    try {
      font.encodeText(ch);
      return true;
    } catch {
      return false;
    }
  };
}

describe('printableText', () => {
  it('prints the science symbols Helvetica lacks as words, not "?"', async () => {
    const canDraw = await helveticaDraws();
    expect(
      printableText(
        'A 6 V battery is connected across a 12 Ω resistor. Calculate the current.',
        canDraw,
      ),
    ).toBe('A 6 V battery is connected across a 12 ohm resistor. Calculate the current.');
    expect(printableText('Light of λ = 500 nm; take π as 3.14; ΔT = 5 °C', canDraw)).toBe(
      'Light of lambda = 500 nm; take pi as 3.14; delta T = 5 °C',
    );
    expect(printableText('2H₂ + O₂ → 2H₂O', canDraw)).toBe('2H2 + O2 -> 2H2O');
    expect(printableText('a = 2 m s⁻² and 10⁴ J, area 3 m²', canDraw)).toBe(
      'a = 2 m s^-2 and 10^4 J, area 3 m²',
    );
  });

  it('keeps what Helvetica draws and writes "?" for the rest', async () => {
    const canDraw = await helveticaDraws();
    expect(printableText('Élodie’s 5 µm × 2 ± 0.1', canDraw)).toBe('Élodie’s 5 µm × 2 ± 0.1');
    expect(printableText('Zoë 王芳\nline two', canDraw)).toBe('Zoë ?? line two');
  });
});
