import { stemmer } from 'stemmer';
import { PHRASES, SYNONYMS } from './lexicon';

/**
 * Text handling for the offline marker: normalisation of transcription markers, tokenising,
 * stopwords, Porter stemming and a small synonym/lemma map, so that "how much vinegar" and "the
 * amount of vinegar" meet on the same stems.
 */

/** Longest answer (characters) the offline marker reads; beyond it is ignored to cap the work. */
export const MAX_TEXT_CHARS = 20_000;

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just me my myself
  of off on once only or other our ours ourselves out over own same she should so some such than that
  the their theirs them themselves then there these they this those through to too under until up
  very was we were what when where which while who whom why will with would you your yours yourself
  yourselves also may might must shall us its it's im i'm id ive youre theyre thats there's etc eg ie
  one's get got gets getting let lets like really thing things something anything everything stuff
  way ways lot lots kind sort able well even yet still much many`.split(/\s+/),
);

/** Negation words, kept apart from content: they flip the meaning of a key point. */
export const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'neither',
  'nor',
  'without',
  'cannot',
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'dont',
  'doesnt',
  'didnt',
  'cant',
  'wont',
  'wouldnt',
  'shouldnt',
  'couldnt',
  'hasnt',
  'havent',
  'hadnt',
]);

/**
 * Generic words of rubric and task language ("the response describes...", "you need to know") that
 * carry no subject content, so they must not count as evidence.
 */
const GENERIC = new Set(
  `response responses student students answer answers describe describes described description
  explain explains explained explanation include includes included including provide provides
  provided information need needs needed know knows knowing use used uses using make makes made
  give gives given state states stated list listed name named identify identified support supports
  supported example examples e.g possible correct acceptable other others point points score
  scores mark marks key element elements piece pieces detail details text article story passage
  question questions please sentence sentences following shown show shows accurately accurate
  relevant valid reasonable additional one two three four five six seven eight nine ten first
  second third fourth fifth`.split(/\s+/),
);

const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan['’]?t\b/g, 'can not'],
  [/\bwon['’]?t\b/g, 'will not'],
  [/\b(is|are|was|were|do|does|did|has|have|had|would|should|could|must|need)n['’]t\b/g, '$1 not'],
  [/\b(is|are|was|were|do|does|did|has|have|had|would|should|could)nt\b/g, '$1 not'],
  [/['’](s|re|ve|ll|d|m)\b/g, ''],
];

/** One unit ("m", "kg", "Ω", "°C", "cm3" or "cm³" once script digits are folded). */
const UNIT_ATOM = String.raw`(?:°\s?[CF]|%|Ω|mol|kPa|Pa|kHz|Hz|kJ|kW|mA|mm|cm|km|kg|mg|ml|mL|ms|[mgsLNJWVACK])[23²³]?`;
/** A unit: one, or a few joined by "/" or "·" ("m/s2", "g/cm3", "N/kg"), or "kg m/s", "N m". */
const UNIT = String.raw`(?:kg\s?m\s?\/\s?s|N\s?m(?![\w/])|${UNIT_ATOM}(?:\s?[/·]\s?${UNIT_ATOM}){0,2})`;

/**
 * A number with its unit ("0.5 A", "15 m/s", "20 °C", "2.7 g/cm3"); the unit is case-sensitive
 * ("mA", "MA"). Units written as words are read as their symbols first (`foldUnits`).
 */
const QUANTITY_RE = new RegExp(
  String.raw`(?<![\w.]|\d[ \u2009\u202f])(\d{1,3}(?:[ \u2009\u202f]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(${UNIT})(?![\w/²³])`,
  'g',
);

/** SI units a pupil writes as words, with their symbols ("ohms": Ω, "metres": m). */
const UNIT_NAMES: Record<string, string> = {
  metre: 'm',
  meter: 'm',
  second: 's',
  gram: 'g',
  newton: 'N',
  joule: 'J',
  watt: 'W',
  volt: 'V',
  amp: 'A',
  ampere: 'A',
  ohm: 'Ω',
  coulomb: 'C',
  pascal: 'Pa',
  hertz: 'Hz',
  litre: 'L',
  liter: 'L',
  kelvin: 'K',
  mole: 'mol',
};
const UNIT_PREFIXES: Record<string, string> = { kilo: 'k', milli: 'm', centi: 'c' };
const UNIT_NAME = String.raw`(kilo|milli|centi)?(${Object.keys(UNIT_NAMES).join('|')})(?:e?s)?\b`;
/** A unit's name after a number ("12 ohms", "3 kilojoules"). */
const UNIT_NAME_RE = new RegExp(String.raw`(\d)\s?${UNIT_NAME}`, 'gi');
/** A unit's name or symbol after "per" or "/" that follows a unit ("m per s", "metres per second"). */
const PER_UNIT_RE = new RegExp(
  String.raw`(\d\s?${UNIT})\s?(?:\/|\bper\b)\s?(?:${UNIT_NAME}|(${UNIT_ATOM})(?![\w/]))`,
  'gi',
);
/** "20 degrees Celsius", "20 degrees C". */
const CELSIUS_RE = /(\d)\s?degrees?\s?(?:celsius|centigrade|c)\b/gi;

function unitSymbol(prefix: string | undefined, name: string): string {
  const symbol = UNIT_NAMES[name.toLowerCase()] ?? name;
  return `${prefix ? (UNIT_PREFIXES[prefix.toLowerCase()] ?? '') : ''}${symbol}`;
}

/**
 * Units written as words read as their symbols, so a pupil's "12 ohms", "360 metres", "2.7 g per
 * cm3" or "20 degrees Celsius" meets a rubric's "12 Ω", "360 m", "2.7 g/cm³" and "20 °C".
 */
export function foldUnits(text: string): string {
  if (!/\d/.test(text)) return text;
  return text
    .replace(CELSIUS_RE, '$1 °C')
    .replace(
      UNIT_NAME_RE,
      (_all, digit: string, prefix: string | undefined, name: string) =>
        `${digit} ${unitSymbol(prefix, name)}`,
    )
    .replace(
      PER_UNIT_RE,
      (_all, first: string, prefix: string | undefined, name: string | undefined, atom?: string) =>
        `${first}/${name ? unitSymbol(prefix, name) : (atom ?? '')}`,
    );
}

/**
 * An amount of money: "£2.30", "$4", "€1.50" or "230p". Read in pence or cents, so "£2.30" and
 * "230p" are one amount.
 */
const MONEY_RE = /(?<![\w.])(?:([£$€])\s?(\d+(?:\.\d{1,2})?)(?!\d|\.\d)|(\d+)\s?p(?![\w]))/g;

function moneyOf(
  symbol: string | undefined,
  amount: string | undefined,
  pence: string | undefined,
): { value: string; unit: string } {
  if (pence !== undefined) return { value: String(Number(pence)), unit: 'p' };
  return {
    value: String(Math.round(Number(amount ?? '0') * 100)),
    unit: symbol === '£' ? 'p' : 'c',
  };
}

/** A minus sign between spaced numbers ("500 - 270"; not a range such as "2-3"). */
const SUBTRACTION_RE = /(\d[p%]?)\s+[-−–]\s+(?=[£$€]?\d)/g;

/**
 * Two numbers multiplied or divided ("6 / 12", "300 m / 20 s", "4 × 2"): the substitution of a
 * calculation, in its order (`expr_6_over_12` is not `expr_12_over_6`).
 */
const EXPRESSION_RE =
  /(?<![\w.])(\d+(?:\.\d+)?)(?:\s?[a-zA-ZΩ°]{1,3}(?:\/[a-z]{1,2})?)?\s*([×x*/÷·])\s*(\d+(?:\.\d+)?)(?![\d.])(?:\s?[a-zA-ZΩ°]{1,3}(?:\/[a-z]{1,2})?(?![\w/]))?/g;

function expressionToken(a: string, op: string, b: string): string {
  return `expr_${a}_${op === '/' || op === '÷' ? 'over' : 'times'}_${b}`;
}

/** The token of a number with its unit: "0.5", "A" -> `qty_0.5_a`; "15", "m/s" -> `qty_15_mpers`. */
function quantityToken(raw: string, unit: string): string {
  const value = raw.replace(/[ \u2009\u202f]/g, '');
  const u = unit
    .replace(/\s+/g, '')
    .replace('°', 'deg')
    .replace('%', 'pc')
    .replace(/Ω/g, 'ohm')
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .replace(/·/g, '')
    .replace(/\//g, 'per')
    .toLowerCase();
  return `qty_${value}_${u}`;
}

/** The results with units a text gives ("0.5 A"): as written, their number, and their token. */
export function quantitiesOf(raw: string): { written: string; value: string; token: string }[] {
  const text = foldUnits(raw);
  const found = [...text.matchAll(QUANTITY_RE)].map((m) => {
    const number = m[1] ?? '';
    const value = number.replace(/[ \u2009\u202f]/g, '');
    const unit = m[2] ?? '';
    return {
      at: m.index,
      written: `${number} ${unit.replace(/\s+/g, '')}`,
      value,
      token: quantityToken(value, unit),
    };
  });
  // Money ("£2.30", "230p"), in pence or cents.
  for (const m of text.matchAll(MONEY_RE)) {
    const { value, unit } = moneyOf(m[1], m[2], m[3]);
    found.push({
      at: m.index,
      written: m[0].replace(/\s+/g, ''),
      value,
      token: quantityToken(value, unit),
    });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(({ written, value, token }) => ({ written, value, token }));
}

/** An unknown, with a coefficient or not, at an equals sign: "x =", "3x =", "y=". */
const UNKNOWN_RE = /(?<![\w.^])(\d*(?:\.\d+)?[a-zA-Z])\s*=(?!=)/g;
/** One step of a chain after "=": up to the next "=", or where the statement ends. */
const STEP_RE = /^\s*(.*?)\s*(?:(=)(?!=)|[,;)\n]|\s(?=[A-Za-z]{2,})|\.(?!\d)|$)/s;
const NUMBER_ONLY_RE = /^[-−]?\d+(?:\.\d+)?$/;

/**
 * What an unknown is worked out to be: "x = 5", and each number a chain of working reaches
 * ("3x = 20 - 5 = 15" gives 3x = 15; "x = 15/3 = 5" gives x = 5). The token names both
 * (`eq_3x_15`), so "x = 5" meets a rubric's "to get x = 5" and "5" alone does not.
 */
export function assignmentsOf(text: string): { written: string; value: string; token: string }[] {
  return stepsOf(text).map(({ written, value, token }) => ({ written, value, token }));
}

/** `assignmentsOf` with where each number ends in the text. */
function stepsOf(text: string): { end: number; written: string; value: string; token: string }[] {
  const out: { end: number; written: string; value: string; token: string }[] = [];
  for (const m of text.matchAll(UNKNOWN_RE)) {
    const unknown = (m[1] ?? '').toLowerCase();
    let offset = m.index + m[0].length;
    for (let step = 0; step < 8; step++) {
      const s = STEP_RE.exec(text.slice(offset));
      if (!s) break;
      const raw = s[1] ?? '';
      const part = raw.trim();
      if (NUMBER_ONLY_RE.test(part)) {
        const value = String(Number(part.replace('−', '-')));
        out.push({
          end: offset + s[0].indexOf(raw) + raw.length,
          written: `${unknown} = ${value}`,
          value,
          token: `eq_${unknown}_${value.replace('-', 'm')}`,
        });
      }
      if (s[2] !== '=' || s[0].length === 0) break;
      offset += s[0].length;
    }
  }
  return out;
}

/** The text with each step's token after its number ("x = 5 eq_x_5"). */
function withSteps(text: string): string {
  const steps = stepsOf(text).sort((a, b) => b.end - a.end);
  let out = text;
  for (const step of steps) out = `${out.slice(0, step.end)} ${step.token} ${out.slice(step.end)}`;
  return out;
}

/**
 * The results a text gives: quantities with units and money (`quantitiesOf`) and what unknowns are
 * worked out to be (`assignmentsOf`), in the order written.
 */
export function resultsOf(text: string): { written: string; value: string; token: string }[] {
  const folded = foldScriptDigits(text);
  const quantities = quantitiesOf(text);
  const steps = [...assignmentsOf(folded), ...workedOutOf(folded)];
  if (steps.length === 0) return quantities;
  // A quantity written as "P = 24 W" is the quantity; the unknown's step adds nothing to it.
  const out = [...quantities];
  for (const s of steps) if (!out.some((q) => q.value === s.value)) out.push(s);
  return out;
}

/** "0.15 × 80 = 12": a number worked out from numbers, with no unit and no unknown. */
const WORKED_OUT_RE =
  /(?<![\w.])\d+(?:\.\d+)?%?\s*(?:[-+×x*/÷·]\s*\d+(?:\.\d+)?%?\s*)+=\s*([-−]?\d+(?:\.\d+)?)(?![\d.]|\s?[a-zA-Z%°£$€Ω/²³])/g;

/** The results of plain arithmetic a text writes ("= 12"): the number is its own token. */
function workedOutOf(text: string): { written: string; value: string; token: string }[] {
  return [...text.matchAll(WORKED_OUT_RE)].map((m) => {
    const value = String(Number((m[1] ?? '').replace('−', '-')));
    return { written: value, value, token: value };
  });
}

/**
 * A relation between one-letter quantities written as an equation: "V = I × R", "I = V / R",
 * "V = IR", "F = m x a". Every arrangement of one law names the same letters.
 */
const LAW_RE =
  /(?<![\w.])([A-Za-zρλ])\s*=\s*([A-Za-zρλ])\s*(?:[×x*/÷·]\s*)?([A-Za-zρλ])(?!\w|\.\w)/g;

/** A Greek symbol's name in a law's token (`law_mrhov` for "ρ = m / V"). */
const GREEK_LETTERS: Readonly<Record<string, string>> = { ρ: 'rho', λ: 'lambda' };

/**
 * The usual symbol of a quantity named in words, so an equation in words ("speed = distance / time")
 * gets the token of the same equation in symbols ("v = d / t").
 */
const QUANTITY_SYMBOLS: Readonly<Record<string, string>> = {
  speed: 'v',
  velocity: 'v',
  distance: 'd',
  time: 't',
  current: 'i',
  voltage: 'v',
  'potential difference': 'v',
  resistance: 'r',
  power: 'p',
  energy: 'e',
  'work done': 'w',
  work: 'w',
  mass: 'm',
  density: 'rho',
  volume: 'v',
  force: 'f',
  acceleration: 'a',
  charge: 'q',
  weight: 'w',
  height: 'h',
  pressure: 'p',
  area: 'a',
  momentum: 'p',
  frequency: 'f',
  wavelength: 'lambda',
};

const QUANTITY_NAME = `(${Object.keys(QUANTITY_SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;

/** "speed = distance / time", "voltage = current × resistance": an equation of named quantities. */
const WORD_LAW_RE = new RegExp(
  String.raw`\b${QUANTITY_NAME}\s*=\s*${QUANTITY_NAME}\s*(?:[×x*/÷·]|times|multiplied by|divided by|over)?\s*${QUANTITY_NAME}\b`,
  'gi',
);

/**
 * The equations in words of a text by their token, each with its quantities' names: "Uses speed =
 * distance / time" gives `law_dtv` → "speed distance time" (read where working is read).
 */
export function lawWordsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [, a = '', b = '', c = ''] of foldScriptDigits(text).matchAll(WORD_LAW_RE)) {
    const names = [a, b, c].map((name) => name.toLowerCase().replace(/\s+/g, ' '));
    const token = lawToken(names.map((name) => QUANTITY_SYMBOLS[name] ?? name));
    if (token) out.set(token, names.join(' '));
  }
  return out;
}

/** The token of an equation of three quantities (`law_dtv`), or none when two are the same. */
function lawToken(symbols: string[]): string | undefined {
  if (new Set(symbols).size < 3) return undefined;
  return `law_${[...symbols].sort().join('')}`;
}

/** One species of a chemical equation: an optional coefficient, a formula, an optional state. */
const SPECIES = String.raw`(?:\d+\s*)?(?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+(?:\s*\((?:s|l|g|aq)\))?`;
const SIDE = String.raw`${SPECIES}(?:\s*\+\s*${SPECIES})*`;
/** "2H2 + O2 → 2H2O", "CaCO3 -> CaO + CO2", "N2 + 3H2 ⇌ 2NH3" (a formula needs capitals). */
const CHEMICAL_EQUATION_RE = new RegExp(
  String.raw`(?<![\w(])(${SIDE})\s*(?:→|⟶|⇌|⇄|-+>|=)\s*(${SIDE})(?![\w(])`,
  'g',
);

/**
 * A chemical equation as one token that holds every species with its coefficient, each side in a
 * fixed order and the coefficients divided by their common factor (`chem_2h2_o2_to_2h2o`), so that
 * only the same balanced equation meets it: an unbalanced or wrong one ("H2 + O2 → H2O2") shares
 * none of its letters and numbers. Undefined for what is not chemistry ("A + B = C": no formula
 * has a number or a two-letter element).
 */
function chemicalToken(left: string, right: string): string | undefined {
  const read = (side: string) =>
    side.split(/\s*\+\s*/).map((species) => {
      const bare = species.replace(/\s*\((?:s|l|g|aq)\)$/, '').replace(/\s+/g, '');
      const m = /^(\d*)(.+)$/.exec(bare);
      return { count: Number(m?.[1] || 1), formula: m?.[2] ?? bare };
    });
  const sides = [read(left), read(right)];
  const all = sides.flat();
  if (!all.some((x) => /\d|[A-Z][a-z]/.test(x.formula))) return undefined;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const factor = all.reduce((g, x) => gcd(g, x.count), 0) || 1;
  const write = (side: typeof all) =>
    side
      .map((x) => `${x.count / factor === 1 ? '' : x.count / factor}${x.formula.toLowerCase()}`)
      .sort()
      .join('_');
  return `chem_${write(sides[0] ?? [])}_to_${write(sides[1] ?? [])}`;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * Subscript and superscript digits as plain digits ("H₂O" as "H2O", "cm³" as "cm3"): a phone's
 * keyboard or a copied formula writes them, and the rubric's "H2O" must meet them.
 */
export function foldScriptDigits(text: string): string {
  if (!/[₀-₉⁰-⁹¹²³]/.test(text)) return text;
  return text
    .replace(/[₀-₉]/g, (d) => String(d.charCodeAt(0) - 0x2080))
    .replace(/[⁰¹²³⁴-⁹]/g, (d) => String(SUPERSCRIPT_DIGITS.indexOf(d)));
}

/** The chemical equations a text writes ("2H2 + O2 → 2H2O"), as written and as their token. */
export function chemicalEquationsOf(text: string): { written: string; token: string }[] {
  const normal = foldScriptDigits(text);
  return [...normal.matchAll(CHEMICAL_EQUATION_RE)].flatMap((m) => {
    const token = chemicalToken(m[1] ?? '', m[2] ?? '');
    return token ? [{ written: m[0].trim(), token }] : [];
  });
}

/**
 * Working in numbers and symbols, read as words: a chemical equation becomes one token (see
 * `chemicalToken`); after each quantity a token that holds the number
 * and its unit (`qty_0.5_a`), after each equation of one-letter quantities one that names its
 * letters (`law_irv` for "V = I × R" and "I = V / R" alike). A rubric's "gives 0.5 A" then meets
 * the answer's "0.5 A", and not its bare "0.5"; its "I = V / R" meets the answer's "V = IR".
 */
function markWorking(raw: string, quantities: boolean): string {
  const folded = quantities ? foldUnits(foldScriptDigits(raw)) : foldScriptDigits(raw);
  if (!/\d|=|→|>|⇌/.test(folded)) return folded;
  const text = quantities && folded.includes('=') ? withSteps(folded) : folded;
  return (
    text
      .replace(CHEMICAL_EQUATION_RE, (all, left: string, right: string) => {
        const token = chemicalToken(left, right);
        return token ? ` ${token} ` : all;
      })
      .replace(
        quantities ? EXPRESSION_RE : NOTHING_RE,
        (all, a: string, op: string, b: string) => `${all} ${expressionToken(a, op, b)} `,
      )
      // "500 - 270" is a subtraction, as a rubric's "subtracts it from 500p" says.
      .replace(quantities ? SUBTRACTION_RE : NOTHING_RE, '$1 subtract ')
      .replace(
        quantities ? MONEY_RE : NOTHING_RE,
        (all, symbol?: string, amount?: string, pence?: string) => {
          const { value, unit } = moneyOf(symbol, amount, pence);
          return `${all} ${value} ${quantityToken(value, unit)} `;
        },
      )
      .replace(
        quantities ? QUANTITY_RE : NOTHING_RE,
        (all, value: string, unit: string) => `${all} ${quantityToken(value, unit)} `,
      )
      .replace(LAW_RE, (all, a: string, b: string, c: string) => {
        const token = lawToken([a, b, c].map((l) => GREEK_LETTERS[l] ?? l.toLowerCase()));
        return token ? `${all} ${token} ` : all;
      })
      .replace(quantities ? WORD_LAW_RE : NOTHING_RE, (all, a: string, b: string, c: string) => {
        const token = lawToken(
          [a, b, c].map(
            (name) => QUANTITY_SYMBOLS[name.toLowerCase().replace(/\s+/g, ' ')] ?? name,
          ),
        );
        return token ? `${all} ${token} ` : all;
      })
  );
}

const NOTHING_RE = /(?!)/g;

/** How text is read: `quantities` adds the number-with-unit tokens (see `markWorking`). */
export type TReading = { quantities?: boolean };

/**
 * Lower-cases and removes transcription markers (`^p` paragraph, `(DEG)` degree sign, `::`).
 * Quantities are read only where a teacher's rubric names results with their units: on the public
 * data sets, whose reference answers quote values ("100 ms") that tutors mark without their units,
 * they cost agreement (SAF QWK 0.400 -> 0.360).
 */
export function normaliseText(text: string, reading: TReading = {}): string {
  let t = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  t = markWorking(t, reading.quantities === true)
    .replace(/\^p/gi, '\n')
    .replace(/\(deg\)/gi, ' degrees ')
    .replace(/°/g, ' degrees ')
    .toLowerCase()
    .replace(/[‘’`´]/g, "'");
  for (const [re, to] of CONTRACTIONS) t = t.replace(re, to);
  for (const [re, to] of PHRASES) t = t.replace(re, to);
  return t;
}

const TOKEN_RE = /(?:qty|law|chem|expr|eq)_[a-z0-9._]+|[a-z]+(?:-[a-z]+)*|\d+(?:[.,]\d+)?/g;

/** Splits normalised text into word and number tokens (hyphenated words split into parts). */
export function tokenise(normalised: string): string[] {
  const out: string[] = [];
  for (const m of normalised.matchAll(TOKEN_RE)) {
    const tok = m[0];
    if (tok.includes('-')) out.push(...tok.split('-').filter((p) => p.length > 0));
    else out.push(tok);
  }
  return out;
}

const stemCache = new Map<string, string>();

/** Stem -> canonical stem, so inflections the map does not list still meet ("absorbency"). */
const STEM_SYNONYMS = new Map<string, string>();
for (const [variant, canonical] of SYNONYMS) {
  const from = stemmer(variant);
  if (!STEM_SYNONYMS.has(from)) STEM_SYNONYMS.set(from, stemmer(canonical));
}

/** Canonical stem of one lower-case word: lemma/synonym map first, then Porter. */
export function stemWord(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  let stem = word;
  if (!/^\d/.test(word) && !word.includes('_')) {
    stem = stemmer(SYNONYMS.get(word) ?? word);
    stem = STEM_SYNONYMS.get(stem) ?? stem;
  }
  if (stemCache.size > 200_000) stemCache.clear();
  stemCache.set(word, stem);
  return stem;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

export function isGeneric(word: string): boolean {
  return GENERIC.has(word);
}

export type TToken = {
  /** The word as written (lower case). */
  word: string;
  stem: string;
  /** Position in the full token list, for negation scope and bigrams. */
  index: number;
  isContent: boolean;
  isNegation: boolean;
};

/** Tokenises, stems and marks content words (not stopwords, not generic, not one letter). */
export function analyse(text: string, reading: TReading = {}): TToken[] {
  return analyseNormalised(normaliseText(text, reading));
}

/** `analyse` for text that has already been through `normaliseText`. */
export function analyseNormalised(normalised: string): TToken[] {
  return tokenise(normalised).map((word, index) => {
    const isNegation = NEGATIONS.has(word);
    const isContent =
      !isNegation &&
      !STOPWORDS.has(word) &&
      !GENERIC.has(word) &&
      (word.length > 1 || /\d/.test(word));
    return { word, stem: isNegation ? 'not' : stemWord(word), index, isContent, isNegation };
  });
}

/** Distinct content stems of a text. */
export function contentStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of analyse(text)) if (t.isContent) out.add(t.stem);
  return out;
}

/**
 * Where a normalised text breaks into clauses: sentence punctuation, commas and line breaks, but
 * never the point or comma inside a number ("0.5", "60,000"), which is part of the number. A
 * decimal result read as a full stop split "I = 6 / 12 = 0.5" into two pieces (the demo's answer
 * was then "unsure: no sentence").
 */
export const CLAUSE_BREAK = String.raw`[;:!?\n]|[.,](?!\d)|(?<!\d)[.,]`;

/** `CLAUSE_BREAK` and any of `extra` (a regular expression's alternatives), run together. */
export function clauseBreaks(extra = ''): RegExp {
  return new RegExp(`(?:${CLAUSE_BREAK}${extra ? `|${extra}` : ''})+`);
}

/** Splits text into sentences / clauses on sentence punctuation and line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\^p/gi, '\n')
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export const NUMBER_RE = /\d+(?:\.\d+)?/g;

/** The numbers a text prints (data values), without lone zeros. */
export function numbersOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(NUMBER_RE)) if (m[0].length > 1 || Number(m[0]) > 0) out.add(m[0]);
  return out;
}

/** An operator between two terms of working ("600 m / 40 s", "m × v", "25 - 5"). */
const OPERATOR_RE = /[×x*/÷·+−–-]/;
/** Words a side of working may hold at most ("distance / time", "spring constant × extension"). */
const WORKING_SIDE_WORDS = 4;

/**
 * The text without its working: in a chain of equals signs that reaches numbers ("speed = distance /
 * time = 600 m / 40 s = 15 m/s"), each side of four words or fewer (names of quantities, symbols,
 * units, numbers and operators) is taken out; a longer side is a sentence and stays. So what is
 * left is what the student wrote in sentences, and units or symbols are never read as a list of
 * words. A chain with no number in it ("conductor = insulator = metal") is not working.
 */
export function withoutWorking(text: string): string {
  return text
    .split(/(?<=[.;!?\n])(?!\d)/)
    .map((statement) => {
      const sides = statement.split(/=(?!=)/);
      if (sides.length < 2) return statement;
      const numbered = sides.filter((side) => /\d/.test(side)).length;
      const worked = sides.some((side) => /\d/.test(side) && OPERATOR_RE.test(side));
      if (numbered < 2 && !worked) return statement;
      return sides
        .map((side) => {
          const words = side.match(/\p{L}+/gu) ?? [];
          return words.length <= WORKING_SIDE_WORDS ? ' ' : side;
        })
        .join(' ');
    })
    .join(' ');
}
