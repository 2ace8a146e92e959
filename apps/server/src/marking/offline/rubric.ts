import { DRAFTED_HIGH_OPENING } from '../language/offline-rubric';
import { NUMBER_WORDS } from '../../lib/number-words';
import { quantitiesOf, splitSentences } from './text';

/**
 * Reads a two-band rubric (the product's "Low Mark Range (a-b): ... High Mark Range (c-d): ..." text,
 * with an optional "Middle marks (k):" line) into what the marker needs: the band texts, per-score
 * descriptions, the key points a full answer should contain, and how many of them each score needs
 * when the rubric says so ("Score 3: three key elements").
 */

export type TBand = 'low' | 'middle' | 'high';

export type TKeyPoint = {
  text: string;
  /** Heading the point was listed under ("Conclusions:", "Key elements:"), when any. */
  group: string;
  source: 'rubric' | 'reference' | 'band' | 'question';
};

export type TScoreLine = { score: number; text: string; band: TBand };

export type TParsedRubric = {
  low: string;
  middle: string;
  high: string;
  scoreLines: TScoreLine[];
  keyPoints: TKeyPoint[];
  /** score -> number of key points that score requires, when the rubric or question states it. */
  requiredCounts: Map<number, number>;
  /** Number of points the question or rubric asks for in a full answer ("list three ..."). */
  fullCount: number | undefined;
  /** The key points are alternatives ("possible correct responses"): a full answer needs only some. */
  isAlternatives: boolean;
  /**
   * A teacher's plain two-band rubric: Low and High Mark Range prose only (no "Score N:" lines, no
   * listed points, no reference answer). Its key points are the high band's clauses.
   */
  isTeacherStyle: boolean;
  /** The ranges the section headings state ("Low Mark Range (0-1)"), when they do. */
  lowRange: TRange | undefined;
  highRange: TRange | undefined;
};

export type TRange = { start: number; end: number };

const RANGE_RE = /\(\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?\)/;

function rangeOf(heading: string): TRange | undefined {
  const m = RANGE_RE.exec(heading);
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = Number(m[2] ?? m[1]);
  return end >= start ? { start, end } : undefined;
}

/** "Explains that", "A full answer should state how": the teacher's lead-in, not content. */
const TEACHER_LEAD_RE =
  /^(?:(?:a |the )?(?:full|complete|good|top|high)[- ](?:mark )?(?:answers?|responses?)\s+|answers?\s+(?:that|which)\s+|the (?:answer|response|student)\s+|students?\s+)?(?:should |must |will |can |clearly |correctly |fully )*(?:explains?|states?|describes?|shows?|identif(?:y|ies)|mentions?|gives?|names?|includes?|calculates?|recognis(?:es?)|recogniz(?:es?)|notes?|outlines?|concludes?)?\s*(?:that|how|why)?\s+/i;

/**
 * Key points of a teacher's high band: its sentences split on commas, semicolons, "and", "then",
 * "until" (never inside brackets), so "gravity acts downwards, decelerating it until its velocity is
 * zero at the top, then accelerating it downwards" gives four points.
 */
export function teacherPoints(high: string): string[] {
  const out: string[] = [];
  for (const sentence of high.split(/(?<=[.!?])\s+|\n+/)) {
    const text = sentence.replace(TEACHER_LEAD_RE, '').trim();
    // Split outside brackets only: "gravity (weight, mass)" stays one clause.
    let depth = 0;
    let masked = '';
    for (const ch of text) {
      if (ch === '(') depth++;
      if (ch === ')') depth = Math.max(0, depth - 1);
      masked += depth > 0 && (ch === ',' || ch === ';') ? '\uE000' : ch;
    }
    // Odd entries are the separators, kept to tell "X and Y" from two clauses.
    const pieces = masked.split(
      /\s*([,;:]|\.(?=\s|$)|\band\b|\bthen\b|\buntil\b|\bwhile\b|\bso that\b)\s*/i,
    );
    const clauses: string[] = [];
    for (let i = 0; i < pieces.length; i += 2) {
      const part = (pieces[i] ?? '').trim();
      const joiner = i > 0 ? (pieces[i - 1] ?? '').toLowerCase() : '';
      const previous = clauses.at(-1);
      if (joiner === 'and' && previous !== undefined && joinsPhrase(previous, part)) {
        clauses[clauses.length - 1] = `${previous} and ${part}`;
        continue;
      }
      // "deposition then seals off the old loop": "then" inside one clause, after its subject.
      if (
        joiner === 'then' &&
        previous !== undefined &&
        previous.split(/\s+/).length <= 2 &&
        !AUXILIARY_RE.test(previous) &&
        (pieces[i - 2] ?? '') !== 'then' &&
        /^[a-z]+s\b/i.test(part)
      ) {
        clauses[clauses.length - 1] = `${previous} then ${part}`;
        continue;
      }
      // "Mass is the amount of matter and does not change": the second clause keeps its subject;
      // "light energy is absorbed by chlorophyll and used to make glucose": its subject and "is".
      const subject =
        joiner === 'and' && previous !== undefined && AUXILIARY_START_RE.test(part)
          ? subjectOf(previous)
          : '';
      const passive =
        joiner === 'and' && previous !== undefined && !subject ? PASSIVE_RE.exec(previous) : null;
      const passiveSubject = passive && previous !== undefined ? subjectOf(previous) : '';
      if (passiveSubject && PARTICIPLE_START_RE.test(part)) {
        clauses.push(`${passiveSubject} ${passive?.[1] ?? 'is'} ${part}`);
        continue;
      }
      clauses.push(subject ? `${subject} ${part}` : part);
    }
    for (const part of clauses) {
      // A trailing pronoun is the clause's object ("needed to overcome them"): it stays.
      // "..., so it changes direction": the consequence is the point, "so" its link.
      const clause = cleanPoint(
        part
          .replace(/\uE000/g, ',')
          .replace(TEACHER_LEAD_RE, '')
          .replace(/^(?:and )?(?:so|therefore|thus|hence)\s+(?=\S+\s+\S)/i, ''),
      );
      // "...; animal cells do not": a rider on the points before it, not a point of its own.
      if (RIDER_RE.test(clause)) continue;
      // A value is a point however short: "7" (the pH), "x = 4", "2.5 W".
      if (
        /[a-z0-9]{2}/i.test(clause) ||
        /^[-−]?\d+(?:\.\d+)?$|=\s*[-−]?\d/.test(clause) ||
        quantitiesOf(clause).length > 0
      ) {
        out.push(clause);
      }
    }
  }
  return out;
}

const RIDER_RE =
  /^(?:[a-z]+ ){1,3}(?:do|does|did|can|could|will|would|is|are|was|were|has|have|had)(?: not|n't)$/i;

/** A passive clause's auxiliary ("is absorbed", "are carried"). */
const PASSIVE_RE = /\b(is|are|was|were)\s+[a-z]+(?:ed|en)\b/i;
/** A part that opens with a past participle ("used to make glucose", "carried away"). */
const PARTICIPLE_START_RE =
  /^(?:[a-z]+ed|made|taken|given|held|kept|sent|built|found|brought|carried)\b/i;

const AUXILIARIES =
  'is|are|was|were|be|been|has|have|had|does|do|did|can|could|will|would|should|may|might|must';
const AUXILIARY_START_RE = new RegExp(`^(?:${AUXILIARIES})\\b`, 'i');
const AUXILIARY_RE = new RegExp(`\\b(?:${AUXILIARIES})\\b`, 'i');

/** The words before a clause's first auxiliary ("Mass" of "Mass is the amount of matter"), or ''. */
function subjectOf(clause: string): string {
  const m = AUXILIARY_RE.exec(clause);
  if (!m || m.index === 0) return '';
  const subject = clause.slice(0, m.index).trim();
  return subject.split(/\s+/).length <= 4 ? subject : '';
}

/**
 * True when "and" joins two parts of one phrase rather than two points: "between the sodium and
 * chloride ions", "both heat and sound", or a bare word or two ("as heat and sound").
 */
function joinsPhrase(previous: string, part: string): boolean {
  if (/\b(?:between|both)\b(?!.*\band\b)/i.test(previous)) return true;
  return part.split(/\s+/).length <= 2 && !AUXILIARY_RE.test(part);
}

/** Rubrics also count with the article: "a key element", "an example". */
const COUNT_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1, ...NUMBER_WORDS };

const COUNT_NOUNS =
  'elements?|pieces?|ways?|process(?:es)?|steps?|reasons?|examples?|points?|items?|differences?|' +
  'objectives?|challenges?|advantages?|disadvantages?|factors?|facts?|features?|properties|property|' +
  'parts?|ideas?|details?|causes?|effects?|types?|methods?|improvements?|characteristics?|functions?|' +
  'benefits?|uses?|phases?|stages?|components?|responses?|arguments?|similarities|similarity|' +
  'changes?|traits?|things?|services?|classes|layers?'; // "classes" for "3 service classes"

const COUNT_RE = new RegExp(
  `\\b(?:at least |exactly |any |only )?(\\d+|one|two|three|four|five|six|seven|eight|nine|ten)` +
    `(?:\\s+or\\s+(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten))?` +
    `(?:\\s+(?:additional|different|distinct|key|major|correct|valid|relevant|main|more|separate|important|` +
    `possible|acceptable|of\\s+the|[a-z]+(?:al|ic|ive|ing)))*\\s+(?:${COUNT_NOUNS})\\b`,
  'i',
);

/** The number of items a sentence asks for ("three key elements" -> 3, "one or two" -> 1). */

/** The list a line offers to choose from: "… from A, B (C), D and E; …" -> A, B (C), D, E. */
const CHOICES_RE =
  /\b(?:from|such as|for example|e\.g\.|including|any of|one of|two of|three of)[:\s]+((?:[^,;.:]+,\s*){2,}[^,;.:]+?\s(?:and|or)\s[^,;.:]+)/i;

export function choicesOf(line: string): string[] {
  const list = CHOICES_RE.exec(line)?.[1];
  if (!list) return [];
  return list
    .split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+(?![^(]*\))/i)
    .map((item) => item.replace(/^(?:an?|the)\s+/i, '').trim())
    .filter((item) => item !== '' && item.split(/\s+/).length <= 6);
}

export function parseCount(text: string): number | undefined {
  const m = COUNT_RE.exec(text);
  if (!m) return undefined;
  const raw = (m[1] ?? '').toLowerCase();
  const n = COUNT_WORDS[raw] ?? Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 && n <= 20 ? n : undefined;
}

const SECTION_RE = /^\s*(low|high)\s+mark\s+range\b[^:\n]*:?\s*(.*)$/i;
const MIDDLE_RE = /^\s*middle\s+marks?\b[^:\n]*:\s*(.*)$/i;
const SCORE_RE =
  /^\s*(?:score(?:\s+point)?s?\s*(\d+)|(\d+)\s*(?:marks?|points?)|a\s+(\d+)-point\s+response)\s*[:.\-–)]?\s*(.*)$/i;
const BULLET_RE = /^\s*(?:[-*•●○▪◦–]|\(?\d{1,2}[.)](?!\d)|\(?[ivx]{1,4}\)|\(?[a-h]\))\s*(.+)$/;
const OTHER_RE =
  /^(?:other (?:acceptable|reasonable|valid|correct)|see the following|one of the following|the answer may be|any other)/i;
const ALTERNATIVES_RE =
  /possible (?:correct )?(?:responses?|answers?|challenges|differences)|examples?|sample response|any (?:of|one)|one of the following|key elements|acceptable/i;

function cleanPoint(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Parses rubric text, reference answer and question into bands, score lines and key points. */
export function parseRubric(rubric: string, referenceAnswer = '', question = ''): TParsedRubric {
  const bands: Record<TBand, string[]> = { low: [], middle: [], high: [] };
  const scoreLines: TScoreLine[] = [];
  const keyPoints: TKeyPoint[] = [];
  let band: TBand | undefined;
  let group = '';
  let sawHeadingAlternatives = false;
  let lowRange: TRange | undefined;
  let highRange: TRange | undefined;
  const lines = rubric.slice(0, 20_000).split(/\r?\n/);
  for (const line of lines) {
    const section = SECTION_RE.exec(line);
    if (section) {
      band = (section[1] ?? 'high').toLowerCase() as TBand;
      if (band === 'low') lowRange ??= rangeOf(line);
      else highRange ??= rangeOf(line);
      group = '';
      if (section[2]) bands[band].push(section[2]);
      continue;
    }
    const middle = MIDDLE_RE.exec(line);
    if (middle) {
      bands.middle.push(middle[1] ?? '');
      const k = /\((\d+)\)/.exec(line);
      if (k) scoreLines.push({ score: Number(k[1]), text: middle[1] ?? '', band: 'middle' });
      band = 'middle';
      continue;
    }
    const current: TBand = band ?? 'high';
    if (line.trim() === '') continue;
    bands[current].push(line.trim());
    const score = SCORE_RE.exec(line);
    if (score) {
      const value = Number(score[1] ?? score[2] ?? score[3]);
      scoreLines.push({ score: value, text: score[4] ?? '', band: current });
      group = '';
      continue;
    }
    const bullet = BULLET_RE.exec(line);
    const body = cleanPoint(bullet?.[1] ?? line);
    if (/:\s*$/.test(body) && body.length < 90) {
      // A heading such as "Key elements:" or "- Possible Challenges:".
      group = body.replace(/:\s*$/, '').trim();
      if (ALTERNATIVES_RE.test(group)) sawHeadingAlternatives = true;
      continue;
    }
    if (!bullet || current === 'low') continue;
    if (OTHER_RE.test(body)) continue;
    // "two correct factors from temperature, concentration, … and a catalyst", for "State two
    // factors": each listed item is a point of its own, any of them as good as another.
    const listed = question !== '' && parseCount(question) !== undefined ? choicesOf(body) : [];
    if (listed.length >= 3) {
      for (const item of listed) keyPoints.push({ text: item, group: body, source: 'rubric' });
      sawHeadingAlternatives = true;
      continue;
    }
    keyPoints.push({ text: body, group, source: 'rubric' });
  }

  if (keyPoints.length === 0 && referenceAnswer.trim() !== '') {
    for (const s of splitSentences(referenceAnswer)) {
      if (s.length > 3) keyPoints.push({ text: cleanPoint(s), group: '', source: 'reference' });
    }
  }
  const plainBands =
    keyPoints.length === 0 &&
    scoreLines.length === 0 &&
    highRange !== undefined &&
    bands.high.join(' ').trim() !== '';
  // A rubric the offline writer drafted (and the teacher may have added to) is a teacher's too: its
  // points are marked on the teacher's bands, never by the rule fitted to the public data sets.
  const isTeacherStyle =
    plainBands || bands.high.some((line) => line.trim() === DRAFTED_HIGH_OPENING);
  if (plainBands) {
    for (const c of teacherPoints(bands.high.join('\n'))) {
      keyPoints.push({ text: c, group: '', source: 'band' });
    }
  }
  if (keyPoints.length === 0) {
    // No listed points: the high band's own clauses ("chooses a color AND uses results ...") are
    // what a full answer needs.
    const highText = scoreLines
      .filter((l) => l.band === 'high')
      .map((l) => l.text)
      .join(' ');
    const text = highText || bands.high.join(' ');
    for (const clause of text.split(/\s*(?:--and--|;|\.\s|, and\b|\band:|\bas well as\b)\s*/i)) {
      const c = cleanPoint(clause);
      if (c.split(' ').length >= 3) keyPoints.push({ text: c, group: '', source: 'band' });
    }
  }

  const requiredCounts = new Map<number, number>();
  for (const l of scoreLines) {
    if (l.score === 0) continue;
    const n = parseCount(l.text);
    if (n !== undefined) requiredCounts.set(l.score, n);
  }
  // Only trust stated counts when they rise with the score.
  const ordered = [...requiredCounts.entries()].sort((a, b) => a[0] - b[0]);
  const monotone = ordered.every((e, i) => i === 0 || e[1] > (ordered[i - 1]?.[1] ?? 0));
  if (!monotone || ordered.length < 2) requiredCounts.clear();

  const questionCount = parseCount(question);
  const maxRequired = ordered.at(-1)?.[1];
  const fullCount = requiredCounts.size > 0 ? maxRequired : questionCount;
  const isAlternatives =
    sawHeadingAlternatives ||
    (fullCount !== undefined && fullCount < keyPoints.length) ||
    /possible|for example|such as/i.test(bands.high.join(' '));

  return {
    low: bands.low.join('\n'),
    middle: bands.middle.join('\n'),
    high: bands.high.join('\n'),
    scoreLines,
    keyPoints: keyPoints.slice(0, 60),
    requiredCounts,
    fullCount,
    isAlternatives,
    isTeacherStyle,
    lowRange,
    highRange,
  };
}
