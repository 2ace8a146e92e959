/**
 * Words for the science symbols that the printed sheets' font (Helvetica, WinAnsi) cannot draw, so
 * that "a 12 Ω resistor" prints as "a 12 ohm resistor" rather than "a 12 ? resistor". Symbols WinAnsi
 * has (°, µ, ², ³, ×, ÷, ±, ½) are kept as they are and never reach this table.
 */
const SYMBOL_WORDS: Record<string, string> = {
  Ω: 'ohm',
  '\u2126': 'ohm',
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  Δ: 'delta ',
  ε: 'epsilon',
  η: 'eta',
  θ: 'theta',
  λ: 'lambda',
  μ: 'µ',
  ν: 'nu',
  π: 'pi',
  ρ: 'rho',
  σ: 'sigma',
  Σ: 'sum of ',
  τ: 'tau',
  φ: 'phi',
  ω: 'omega',
  '−': '-',
  '→': '->',
  '←': '<-',
  '⇌': '<=>',
  '↔': '<->',
  '≤': '<=',
  '≥': '>=',
  '≠': 'is not equal to',
  '≈': '~',
  '√': 'square root of ',
  '∞': 'infinity',
  '⋅': '·',
  '∙': '·',
};

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻';
const SUPERSCRIPT_PLAIN = '0123456789+-';
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉₊₋';

/**
 * `text` with each character the font cannot draw replaced: science symbols by their word (see
 * SYMBOL_WORDS), subscript digits by plain ones (CO₂ → CO2), a power the font cannot raise by "^"
 * (s⁻¹ → s^-1, 10⁴ → 10^4), anything else (a name in another script) by "?". `canDraw` says whether
 * the font has a glyph for one character.
 */
export function printableText(text: string, canDraw: (ch: string) => boolean): string {
  const chars = [...text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (SUPERSCRIPTS.includes(ch)) {
      let end = i;
      while (end < chars.length && SUPERSCRIPTS.includes(chars[end] ?? '')) end++;
      const run = chars.slice(i, end);
      out += run.every(canDraw)
        ? run.join('')
        : `^${run.map((c) => SUPERSCRIPT_PLAIN[SUPERSCRIPTS.indexOf(c)]).join('')}`;
      i = end - 1;
    } else if (canDraw(ch)) {
      out += ch;
    } else if (SUBSCRIPTS.includes(ch)) {
      out += SUPERSCRIPT_PLAIN[SUBSCRIPTS.indexOf(ch)];
    } else {
      const word = SYMBOL_WORDS[ch];
      out += word !== undefined && [...word].every(canDraw) ? word : '?';
    }
  }
  return out;
}
