import { parseMarkRange } from '@stem/contract/mark-ranges';
import { MARK_DOUBTS } from '@stem/contract/marking';
import { describe, expect, it } from 'vitest';
import { quadraticWeightedKappa } from '../metrics';
import {
  FALSE_KINDS,
  GAMING_QUESTIONS,
  isGaming,
  TOLD_CORRECT_RE,
  inputOfCase,
  type TGamingQuestion,
} from '../test-support/gaming-cases';
import { markOffline } from './offline-marker';
import { readsAsList, writtenAsSentences } from './gaming';
import { pointCreditOf } from './teacher';
import { isDerivation, wordRelation } from './word-relations';
import { markConfidence } from '../confidence';

/**
 * Answers that game the marker (issue 27) on the handwritten teacher-style set: the share reaching
 * the high band without a doubt, on the tuning and the held-out questions, and the honest answers'
 * agreement with the teacher, each no worse than measured when the doubts were added (`bench:gaming`).
 */

type TCase = Pick<
  TGamingQuestion,
  'question' | 'marks' | 'lowMarkRange' | 'highMarkRange' | 'low' | 'high'
>;

function mark(q: TCase, answer: string) {
  return markOffline(inputOfCase(q, answer), { learned: false });
}

function figures(part: TGamingQuestion['part'], written?: string) {
  let gaming = 0;
  let through = 0;
  const predicted: number[] = [];
  const teacher: number[] = [];
  for (const q of GAMING_QUESTIONS.filter((x) => x.part === part && x.written === written)) {
    const high = parseMarkRange(q.highMarkRange)?.start ?? q.marks;
    for (const a of q.answers) {
      const r = mark(q, a.text);
      if (isGaming(a)) {
        gaming++;
        // Flagged as the product flags it: shown to the teacher in Needs review (or moderated).
        const shown = markConfidence(inputOfCase(q, a.text), r).needsReview;
        if (r.score >= high && !shown && !r.contentModeration.isInappropriate) through++;
      } else {
        predicted.push(r.score);
        teacher.push(a.mark);
      }
    }
  }
  return { through: through / gaming, qwk: quadraticWeightedKappa(predicted, teacher, 4) };
}

describe('a method said in a sentence, then worked to a decimal result', () => {
  it("is a sentence and working, not a list of the rubric's words (the demo's partial answer)", () => {
    // Was 0 of 3, 'unsure: no sentence': the point of "0.5" was read as a full stop.
    const q: TCase = {
      question:
        'A 6 V battery is connected across a 12 Ω resistor. Calculate the current and show your working.',
      marks: 3,
      lowMarkRange: '0-0',
      highMarkRange: '2-3',
      low: 'No correct equation and no correct value.',
      high: 'Uses V = I × R rearranged to I = V / R, substitutes 6 / 12 and gives 0.5 A with the unit.',
    };
    const r = mark(q, 'The current is found with I = V / R. I = 6 / 12 = 0.5');
    expect(r.doubts).toEqual([]);
    expect(r.score).toBe(2);
  });
});

describe('gaming answers on teacher-style questions', () => {
  it('reach the high band unflagged far less often, and honest answers are marked as before', () => {
    // Before the doubts: tuning 59.6 % through, honest QWK 0.872; held-out 60.9 %, 0.899. With
    // them, counted as the teacher sees them (Needs review): tuning 5.8 %, held-out 10.9 %. With
    // swapped parts and the negation's clause (7 December 2026): 1.9 % and 7.8 %. With words
    // exchanged for another of their kind or their opposite (`offline@9`): 1.9 % and 6.3 %. With a
    // high mark doubted where a word is exchanged for one that is no paraphrase (7 December 2026,
    // session 22): 1.9 % and 3.1 %.
    const tuning = figures('tuning');
    expect(tuning.through).toBeLessThanOrEqual(0.02);
    expect(tuning.qwk).toBeGreaterThanOrEqual(0.871);
    const heldOut = figures('held-out');
    expect(heldOut.through).toBeLessThanOrEqual(0.032);
    // 0.899 until `offline@18` (0.892: one honest answer's mark moved).
    expect(heldOut.qwk).toBeGreaterThanOrEqual(0.892);
  });

  it('do the same on the second batch, written before the changes it measures', () => {
    // Before the changes of 7 December 2026: tuning 4.5 % through, held-out 19.0 %; after: 0 % and
    // 14.3 %; with exchanged words (`offline@9`) 0 % and 4.8 %. The honest answers' marks did not
    // change (QWK 0.802, 0.804).
    const tuning = figures('tuning', '2026-12-07');
    expect(tuning.through).toBe(0);
    expect(tuning.qwk).toBeGreaterThanOrEqual(0.801);
    const heldOut = figures('held-out', '2026-12-07');
    expect(heldOut.through).toBeLessThanOrEqual(0.048);
    expect(heldOut.qwk).toBeGreaterThanOrEqual(0.803);
  });

  it('do the same on the fourth batch, opposites said in the pupil’s own words', () => {
    // Written before the change it measures (`offline@9`, 7 December 2026): tuning 45.0 % -> 15.0 %
    // through, held-out 43.8 % -> 31.3 %; the honest answers' marks did not change. With a high mark
    // doubted where a word is exchanged for one that is no paraphrase (session 22): 5.0 % and 12.5 %.
    const tuning = figures('tuning', '2026-12-07-c');
    expect(tuning.through).toBeLessThanOrEqual(0.05);
    expect(tuning.qwk).toBeGreaterThanOrEqual(0.85);
    const heldOut = figures('held-out', '2026-12-07-c');
    expect(heldOut.through).toBeLessThanOrEqual(0.125);
    expect(heldOut.qwk).toBeGreaterThanOrEqual(0.843);
  });

  it('do the same on the fifth batch, salads in the pupil’s own words and honest lists', () => {
    // Written before the change it measures (session 23): salads with words of their own, commas
    // and a few function words; through before any change: tuning 0 of 21, held-out 2 of 24 (two
    // opposites). With derivations read as the rubric's word (`offline@15`) the same.
    const tuning = figures('tuning', '2026-12-07-f');
    expect(tuning.through).toBe(0);
    expect(tuning.qwk).toBeGreaterThanOrEqual(0.86);
    const heldOut = figures('held-out', '2026-12-07-f');
    expect(heldOut.through).toBeLessThanOrEqual(2 / 24);
    expect(heldOut.qwk).toBeGreaterThanOrEqual(0.678);
  });

  it('do the same on the sixth batch, opposites of many kinds', () => {
    // Written before the change it measures (`offline@15`, session 23): through before, tuning 3 of
    // 12 and held-out 4 of 12; with turned directions read (`turnedPoints`) 2 and 3.
    const tuning = figures('tuning', '2026-12-07-g');
    expect(tuning.through).toBeLessThanOrEqual(2 / 12);
    expect(tuning.qwk).toBeGreaterThanOrEqual(0.5);
    const heldOut = figures('held-out', '2026-12-07-g');
    expect(heldOut.through).toBeLessThanOrEqual(3 / 12);
    expect(heldOut.qwk).toBeGreaterThanOrEqual(0.652);
  });

  it('do the same on the seventh batch, clauses carried on with words of their own', () => {
    // Written before the change it was to measure (session 24; the change was not kept: marking
    // README, "no exchange at a clause's edge"): through, tuning and held-out 1 of 8 each; honest
    // answers' QWK 0.957 and 0.739.
    const tuning = figures('tuning', '2026-12-07-h');
    expect(tuning.through).toBeLessThanOrEqual(1 / 8);
    expect(tuning.qwk).toBeGreaterThanOrEqual(0.957);
    const heldOut = figures('held-out', '2026-12-07-h');
    expect(heldOut.through).toBeLessThanOrEqual(1 / 8);
    expect(heldOut.qwk).toBeGreaterThanOrEqual(0.739);
  });

  it('do the same on the eighth batch, a key point negated in a clause of its own', () => {
    // Written before the change it measures (`offline@17`, session 24): through before, tuning 4 of
    // 8 and held-out 6 of 8; with a negation of the word a point turns on read as denying it, 2
    // and 5. Honest answers' QWK 0.887 and 0.724, unchanged.
    const tuning = figures('tuning', '2026-12-07-i');
    expect(tuning.through).toBeLessThanOrEqual(2 / 8);
    expect(tuning.qwk).toBeGreaterThanOrEqual(0.886);
    const heldOut = figures('held-out', '2026-12-07-i');
    expect(heldOut.through).toBeLessThanOrEqual(5 / 8);
    expect(heldOut.qwk).toBeGreaterThanOrEqual(0.723);
  });

  it('do the same on the ninth batch, one of a word said twice turned round', () => {
    // Written before the change it measures (`offline@18`, session 25): through before, tuning 6 of
    // 8 and held-out 5 of 8; with the rubric clause's words matched by position, 1 and 0. Honest
    // answers sent to review 1 of 16 on each half, unchanged.
    const tuning = figures('tuning', '2026-12-08-a');
    expect(tuning.through).toBeLessThanOrEqual(1 / 8);
    const heldOut = figures('held-out', '2026-12-08-a');
    expect(heldOut.through).toBeLessThanOrEqual(0);
  });

  it('do the same on the tenth and eleventh batches, a negative point said without its negation', () => {
    // Written before the change it measures (`offline@20`, session 25): through before, tenth
    // batch tuning 2 of 8 and held out 3 of 8, eleventh 4 and 4; with a negative point said
    // without its negation doubted, 0 and 0, 2 and 3. Honest answers' marks unchanged.
    expect(figures('tuning', '2026-12-08-b').through).toBe(0);
    expect(figures('held-out', '2026-12-08-b').through).toBe(0);
    expect(figures('tuning', '2026-12-08-c').through).toBeLessThanOrEqual(2 / 8);
    expect(figures('held-out', '2026-12-08-c').through).toBeLessThanOrEqual(3 / 8);
  });

  const PLANT = {
    question: 'Name the gas a plant takes in for photosynthesis, and the gas it gives out.',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    low: 'Names only one gas.',
    high: 'The plant takes in carbon dioxide (CO2) and gives out oxygen.',
  };

  it('doubts a negated key point and a word salad, and caps them at the low band', () => {
    for (const answer of [
      'The plant does not take in carbon dioxide (CO2).',
      'plant carbon dioxide CO2 oxygen takes gives gas photosynthesis',
    ]) {
      const r = mark(PLANT, answer);
      expect(r.score, answer).toBeLessThanOrEqual(1);
      expect(r.doubts.length, answer).toBeGreaterThan(0);
    }
    const right = mark(PLANT, 'It takes in carbon dioxide and gives out oxygen.');
    expect(right.score).toBe(2);
    expect(right.doubts).toEqual([]);
  });

  it('gives a negated key point no mark credit, whatever else the answer says', () => {
    // The negation governs the rest of its clause, not three words ("do not take in carbon
    // dioxide"), and a contradicted point on a teacher's rubric keeps no credit.
    for (const [negated, rest] of [
      ['Plants do not take in carbon dioxide (CO2); they take in oxygen.', 'They take in oxygen.'],
      ['The plant never takes in carbon dioxide, it gives out oxygen.', 'It gives out oxygen.'],
      ['The plant does not take in any carbon dioxide.', 'The plant is green.'],
    ] as const) {
      const r = mark(PLANT, negated);
      const point = r.evidence.points[0];
      expect(point?.contradicted, negated).toBe(true);
      expect(point && pointCreditOf(point), negated).toBe(0);
      expect(r.score, negated).toBe(mark(PLANT, rest).score);
    }
    // A negation in another clause leaves the point made.
    const right = mark(PLANT, 'It takes in carbon dioxide, it does not take in oxygen.');
    expect(right.evidence.points[0]?.contradicted).toBe(false);
  });

  it('takes no credit for a key point whose parts are swapped, and leaves the right order alone', () => {
    // The rubric's own words with two of its parts exchanged (evidence.ts `transposedPoints`).
    const swapped = mark(PLANT, 'The plant takes in oxygen and gives out carbon dioxide (CO2).');
    expect(swapped.score).toBe(0);
    expect(swapped.evidence.points.every((p) => p.reversed && p.contradicted)).toBe(true);
    const THUNDER = {
      question: 'During a storm we see the lightning before we hear the thunder. Explain why.',
      marks: 2,
      lowMarkRange: '0-1',
      highMarkRange: '2-2',
      low: 'Says only that the lightning comes first.',
      high: 'Light travels much faster than sound, so the light reaches us before the sound.',
    };
    const backwards = mark(THUNDER, 'Sound travels much faster than light.');
    expect(backwards.score).toBeLessThanOrEqual(1);
    expect(backwards.evidence.points[0]?.reversed).toBe(true);
    // Said the other way round with the opposite word, or negated, it is right: no swap.
    for (const answer of [
      'Sound travels much slower than light, so the light reaches us before the sound.',
      'Light travels much faster than sound, so the light reaches us before the sound.',
    ]) {
      const r = mark(THUNDER, answer);
      expect(
        r.evidence.points.some((p) => p.reversed),
        answer,
      ).toBe(false);
      expect(r.score, answer).toBe(2);
    }
    expect(
      mark(THUNDER, 'Sound does not travel faster than light.').evidence.points[0]?.reversed,
    ).toBe(false);
    // Parts joined by "and" alone are a list, in any order.
    const right = mark(PLANT, 'Oxygen is given out and carbon dioxide is taken in.');
    expect(right.evidence.points.some((p) => p.reversed)).toBe(false);
  });

  it('takes no credit for a key point whose direction is turned, and leaves a paraphrase alone', () => {
    // evidence.ts `turnedPoints`: a thing the point moves something from, said as where it goes.
    const LEAF = {
      question: 'What does a leaf need from the air for photosynthesis?',
      marks: 2,
      lowMarkRange: '0-0',
      highMarkRange: '2-2',
      low: 'Answers that say only that it needs air.',
      high: 'The leaf takes in carbon dioxide from the air, through the stomata.',
    };
    const turned = mark(
      LEAF,
      'The leaf gives out carbon dioxide into the air through the stomata.',
    );
    expect(turned.evidence.points.some((p) => p.reversed && p.contradicted)).toBe(true);
    for (const answer of [
      'It absorbs carbon dioxide from the air through its stomata.',
      'Carbon dioxide goes into the leaf from the air, through the stomata.',
      // Both ways, of two things: the point's way is said.
      'Oxygen goes out into the air and carbon dioxide comes in from the air.',
      // A place named by its order only ("from an area of high concentration") is no thing.
      'Carbon dioxide diffuses from an area of high concentration in the air to an area of low concentration in the leaf.',
    ]) {
      expect(
        mark(LEAF, answer).evidence.points.some((p) => p.reversed),
        answer,
      ).toBe(false);
    }
  });

  it('takes no credit for a key point whose word is exchanged for another of its kind or its opposite', () => {
    // A clause that lines up with the rubric's but for a word WordNet puts beside the rubric's
    // (another gas) or against it (an antonym): evidence.ts `substitutedPoints`.
    const ZINC = {
      question: 'Zinc reacts with sulfuric acid. Name the products and a test for the gas.',
      marks: 3,
      lowMarkRange: '0-1',
      highMarkRange: '2-3',
      low: 'Says only that it bubbles.',
      high: 'It produces zinc sulfate and hydrogen; the hydrogen burns with a squeaky pop.',
    };
    for (const answer of [
      'It produces zinc sulfate and oxygen; the oxygen burns with a squeaky pop.',
      'It produces zinc sulfate and nitrogen, and the nitrogen burns with a squeaky pop.',
    ]) {
      const r = mark(ZINC, answer);
      expect(
        r.evidence.points.some((p) => p.reversed && p.contradicted),
        answer,
      ).toBe(true);
      const seen = markConfidence(inputOfCase(ZINC, answer), r);
      expect(r.score < 2 || seen.needsReview, answer).toBe(true);
    }
    // Said with other words for the same things ("makes", "gas"), or with a right negation.
    for (const answer of [
      'It makes zinc sulfate and hydrogen gas; the hydrogen burns with a squeaky pop.',
      'Zinc sulfate and hydrogen are made. It is not oxygen: the hydrogen burns with a squeaky pop.',
    ]) {
      const r = mark(ZINC, answer);
      expect(
        r.evidence.points.some((p) => p.reversed),
        answer,
      ).toBe(false);
      expect(r.score, answer).toBe(3);
    }
    const FOIL = {
      question: 'Explain why pans have a steel base and a plastic handle.',
      marks: 2,
      lowMarkRange: '0-0',
      highMarkRange: '2-2',
      low: 'Says steel is strong.',
      high: 'Steel is a good thermal conductor, and the plastic handle is an insulator.',
    };
    // An antonym in the rubric's place, though the band uses both words elsewhere.
    const backwards = mark(
      FOIL,
      'Steel is a good thermal insulator, and the plastic handle is an insulator.',
    );
    expect(backwards.evidence.points.some((p) => p.reversed)).toBe(true);
    expect(
      mark(
        FOIL,
        'Steel conducts heat well, and the plastic handle is an insulator.',
      ).evidence.points.some((p) => p.reversed),
    ).toBe(false);
  });

  it('reads words against each other in WordNet', () => {
    expect(wordRelation('hydrogen', 'carbon dioxide')).toBe('sibling');
    expect(wordRelation('insulator', 'conductor')).toBe('opposite');
    expect(wordRelation('colder', 'hotter')).toBe('opposite');
    expect(wordRelation('clear', 'milky')).toBe('opposite');
    expect(wordRelation('cloudy', 'milky')).toBe('same');
    expect(wordRelation('makes', 'produces')).toBe('same');
    expect(wordRelation('quicker', 'faster')).toBe('same');
    expect(wordRelation('xqzt', 'water')).toBe('none');
    // Derivations the stemmer does not join, only with a shared root (not a synset's other words).
    expect(isDerivation('density', 'dense')).toBe(true);
    expect(isDerivation('carrier', 'carry')).toBe(true);
    expect(isDerivation('conclusion', 'end')).toBe(false);
    expect(isDerivation('control', 'contain')).toBe(false);
  });

  it('doubts a value that is not the rubric’s, and a copy of the rubric without capping it', () => {
    const OHM = {
      question: 'A 6 V cell drives a current through a 3 Ω resistor. Calculate the current.',
      marks: 3,
      lowMarkRange: '0-1',
      highMarkRange: '2-3',
      low: 'No correct working.',
      high: 'Uses I = V / R = 6 / 3 and gives 2 A.',
    };
    const swapped = mark(OHM, 'I = V / R = 3 / 6 = 0.5 A');
    expect(swapped.score).toBeLessThanOrEqual(1);
    expect(swapped.doubts).toContain(MARK_DOUBTS.contradictsRubric);
    expect(mark(OHM, 'I = V / R = 6 / 3 = 2 A').doubts).toEqual([]);
    const copy = mark(OHM, OHM.high);
    expect(copy.doubts).toEqual([MARK_DOUBTS.copiesRubric]);
    // Not capped, but the teacher is asked to look, with the reason.
    const seen = markConfidence(inputOfCase(OHM, OHM.high), copy);
    expect(seen).toMatchObject({ needsReview: true, reason: MARK_DOUBTS.copiesRubric });
  });

  it('reads lists of any words as lists, and a named few or sentences as not', () => {
    expect(readsAsList('catalyst speeds reaction used up pathway lower activation energy')).toBe(
      true,
    );
    expect(
      readsAsList('mutation, resistance, survival of the fittest, reproduce, genes, antibiotic'),
    ).toBe(true);
    expect(readsAsList('Calcium chloride, water and carbon dioxide.')).toBe(false);
    expect(writtenAsSentences('Mass stays the same. Gravity is stronger on Earth.')).toBe(true);
    expect(writtenAsSentences('wood insulator hand the conductor and energy is good rate')).toBe(
      false,
    );
    expect(writtenAsSentences('Ice. Water.')).toBe(false);
    expect(readsAsList('It fizzes, gets warm, and the solid disappears, so a gas is made.')).toBe(
      false,
    );
  });

  it('never praises the wording of a word list or a copy of the rubric, and still praises an honest answer’s', () => {
    // `bench:gaming`, 7 December 2026: such feedback on 31.4 % (tuning) and 36.2 % (held out) of
    // the lists and copies before, 0 % and 3.4 % after; honest answers' praise unchanged. With the
    // fifth batch's salads in the pupil's own words and comma lists (session 23): 8.1 % and 5.7 %
    // before, 0 % and 2.9 % with any list read so (`readsAsList`), not only the rubric's words.
    const praise = /\bYou (?:put it well|make a start) in\b/;
    const lists = new Set(['salad', 'shuffled', 'question-copy', 'rubric-copy']);
    let praisedGaming = 0;
    let praisedHonest = 0;
    for (const q of GAMING_QUESTIONS.filter((x) => x.part === 'tuning')) {
      for (const a of q.answers) {
        const r = mark(q, a.text);
        const praises = praise.test(r.aiComment ?? '');
        const noWording =
          r.doubts.includes(MARK_DOUBTS.noSentence) || r.doubts.includes(MARK_DOUBTS.copiesRubric);
        if (isGaming(a) && (noWording || lists.has(a.kind)) && praises) praisedGaming += 1;
        if (!isGaming(a) && praises) praisedHonest += 1;
      }
    }
    expect(praisedGaming).toBe(0);
    expect(praisedHonest).toBeGreaterThanOrEqual(24);
  });

  it('never tells a list of words that it points out a statement, and asks it for sentences', () => {
    // `bench:gaming`, session 24: "It correctly points out that …" (or says, states, explains) on
    // 50.0 % of the tuning half's salads and shuffled rubrics and 68.4 % held out before; 2.9 %
    // (1/34, a rubric phrase read as a name) and 13.2 % after. No honest answer is told it lists
    // words.
    const claim = /\bIt (?:correctly )?(?:points out|says that|states|explains|describes)\b/;
    let claimed = 0;
    let honestListed = 0;
    for (const q of GAMING_QUESTIONS.filter((x) => x.part === 'tuning')) {
      for (const a of q.answers) {
        const r = mark(q, a.text);
        if ((a.kind === 'salad' || a.kind === 'shuffled') && claim.test(r.aiComment ?? '')) {
          claimed += 1;
        }
        if (!isGaming(a) && /\bIt lists\b/.test(r.aiComment ?? '')) honestListed += 1;
      }
    }
    expect(claimed).toBeLessThanOrEqual(1);
    expect(honestListed).toBe(0);

    const spoon = GAMING_QUESTIONS.find((q) => q.id === 'spoon');
    if (!spoon) throw new Error('the spoon case is missing');
    const salad = mark(
      spoon,
      'metal conductor wood insulator energy transferred hand rate cools thermal',
    );
    expect(salad.aiComment).toContain(
      'It lists words that belong in a full answer, but does not say in a sentence that energy is transferred',
    );
    expect(salad.suggestion).toMatch(
      /^To improve, write in sentences of your own, not a list of words, and say that /,
    );
    // Said in sentences, the same points are credited as made.
    const said = mark(
      spoon,
      'Metal is a good thermal conductor and wood is an insulator, so energy is transferred from the hand to the metal at a higher rate.',
    );
    expect(said.aiComment).toContain('It correctly');
    expect(said.aiComment).not.toContain('It lists');
  });

  it('reads a negation of the word a point turns on as denying the point, and no other negation', () => {
    // `offline@17`: "which is not more concentrated" governs three of the point's eight words, under
    // the half a negation needed; it governs "more", the word the point turns on.
    const root = GAMING_QUESTIONS.find((q) => q.id === 'root-osmosis');
    if (!root) throw new Error('the root-osmosis case is missing');
    const denied = mark(
      root,
      'Water moves by osmosis into the cell sap, which is not more concentrated than the soil water, across a partially permeable membrane.',
    );
    expect(denied.evidence.points.some((p) => p.contradicted)).toBe(true);
    expect(denied.score).toBeLessThan(2);
    // A clause that negates something else is no denial.
    const honest = mark(
      root,
      'By osmosis: water goes from the dilute soil water into the more concentrated cell sap through a partially permeable membrane, which does not let the sugars out.',
    );
    expect(honest.evidence.points.some((p) => p.contradicted)).toBe(false);
    expect(honest.score).toBe(2);
  });

  it('reads one of a word the rubric says twice turned round, the other kept', () => {
    // `offline@18`: the rubric's clause says "more" twice; "less often ... more quickly" keeps the
    // second and turns the first round. Matched by word, the kept "more" cleared the turned one.
    const tea = GAMING_QUESTIONS.find((q) => q.id === 'sugar-tea');
    if (!tea) throw new Error('the sugar-tea case is missing');
    const lessOften =
      'The particles move faster in hot tea, so they collide with the sugar less often and break it up more quickly.';
    const turned = mark(tea, lessOften);
    expect(turned.evidence.points.some((p) => p.contradicted)).toBe(true);
    // Under full marks, or before the teacher (it was 2/2, released).
    const shown = markConfidence(inputOfCase(tea, lessOften), turned).needsReview;
    expect(turned.score < 2 || shown).toBe(true);
    // The rubric's words said twice, in its order, are no contradiction.
    const kept = mark(
      tea,
      'In hot tea the particles move faster, so they collide with the sugar more often and it dissolves more quickly every time.',
    );
    expect(kept.evidence.points.some((p) => p.contradicted)).toBe(false);
    expect(kept.score).toBe(2);
  });

  it('tell fewer answers that say something false that they are correct', () => {
    // `offline@19` (session 25): negated, turned and swapped answers told "Your response is
    // correct", tuning 10 of 100 -> 9, held out 25 of 101 -> 23; honest full marks told so
    // unchanged (46 of 68, 42 of 65).
    const toldRight = (part: TGamingQuestion['part']) => {
      let n = 0;
      // The batches written by then (a later batch has its own figures).
      const then = GAMING_QUESTIONS.filter(
        (x) => x.part === part && (x.written ?? '') <= '2026-12-08-a',
      );
      for (const q of then) {
        for (const a of q.answers) {
          if (!isGaming(a) || !FALSE_KINDS.includes(a.kind)) continue;
          if (TOLD_CORRECT_RE.test(mark(q, a.text).aiComment)) n++;
        }
      }
      return n;
    };
    expect(toldRight('tuning')).toBeLessThanOrEqual(9);
    expect(toldRight('held-out')).toBeLessThanOrEqual(23);
  });

  it('doubts a negative point said without its negation, and leaves its honest wordings alone', () => {
    // `offline@20`: "it conducts heat to your hand" for the rubric's "it does not conduct heat to
    // your hand" holds every word of the point with no negation: doubted, its mark left as it is.
    const pan = GAMING_QUESTIONS.find((q) => q.id === 'pan-handle');
    if (!pan) throw new Error('the pan-handle case is missing');
    const doubted = (text: string) => {
      const r = mark(pan, text);
      return {
        exchanged: r.evidence.points.some((p) => p.exchanged),
        score: r.score,
        needsReview: markConfidence(inputOfCase(pan, text), r).needsReview,
      };
    };
    expect(
      doubted(
        'Plastic is an insulator, so it conducts heat to your hand, and you do not get burnt.',
      ),
    ).toEqual({ exchanged: true, score: 2, needsReview: true });
    for (const honest of [
      'Plastic is an insulator, so it does not conduct heat to your hand, and you do not get burnt.',
      'Plastic is a poor conductor, so heat does not travel through it to your hand and you will not burn yourself.',
      'Plastic is a thermal insulator, which stops the heat reaching your hand, so it is safe to hold without burning.',
    ]) {
      expect(doubted(honest).exchanged, honest).toBe(false);
    }
  });

  it('gives no full mark to an answer with a key point turned round, and does not call it correct', () => {
    // `offline@19`: the other points made the full mark; a teacher gives none to an answer that
    // says the ball gains energy at each bounce.
    const ball = GAMING_QUESTIONS.find((q) => q.id === 'ball-height');
    if (!ball) throw new Error('the ball-height case is missing');
    const more = mark(
      ball,
      'Some energy is transferred to the surroundings as heat and sound at each bounce, so the ball has more energy and bounces to a lower height.',
    );
    expect(more.evidence.points.some((p) => p.contradicted)).toBe(true);
    expect(more.score).toBe(1);
    expect(more.aiComment).not.toContain('Your response is correct');
    expect(more.aiComment).toContain('the wrong way round: the ball has less energy');
    // The same answer said the right way keeps its full mark.
    const less = mark(
      ball,
      'Some energy is transferred to the surroundings as heat and sound at each bounce, so the ball has less energy and bounces to a lower height.',
    );
    expect(less.score).toBe(2);
    // And a teacher who marked this very text full keeps their mark.
    const marked = markOffline(
      {
        ...inputOfCase(
          ball,
          'Some energy is transferred to the surroundings as heat and sound at each bounce, so the ball has more energy and bounces to a lower height.',
        ),
        examples: [
          {
            answer:
              'Some energy is transferred to the surroundings as heat and sound at each bounce, so the ball has more energy and bounces to a lower height.',
            score: 2,
          },
        ],
      },
      { learned: false },
    );
    expect(marked.score).toBe(2);
  });

  it('still credits the names of a list that answers a question asking for names', () => {
    const names = mark(
      {
        question: 'Name three gases found in the air.',
        marks: 3,
        lowMarkRange: '0-1',
        highMarkRange: '2-3',
        low: 'Names one gas.',
        high: 'Names nitrogen, oxygen and argon.',
      },
      'nitrogen, oxygen, argon, carbon dioxide, water vapour',
    );
    expect(names.aiComment).toContain('It correctly names');
    expect(names.aiComment).not.toContain('It lists');
  });
});
