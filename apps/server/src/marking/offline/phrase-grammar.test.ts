import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { questionKeyOf, readRecords, type TMarkingRecord } from '../dataset';
import { markOffline } from './offline-marker';
import {
  headOf,
  isClause,
  objectText,
  participleClause,
  phraseOf,
  subjectOfClause,
  thatNonClauses,
  unfinishedSentences,
} from './phrase-grammar';

/**
 * "that + X" only when X is a clause: rubric labels from the public marking data (ASAP-SAS and SAF,
 * quoted as the engine cuts them) sorted into clauses, names, needs and fragments, and every sentence
 * the engine writes from them checked by simple rules.
 */

/** Labels the engine cut from real rubrics, with the form each must take. */
const REAL_LABELS: readonly [label: string, object: string | undefined][] = [
  // ASAP set 10 (rubric table cells) and set 1 (the procedure's missing information).
  ['the black lid made the jar warmest', 'that the black lid made the jar warmest'],
  ['the white lid only went up to 42º C', 'that the white lid only went up to 42º C'],
  ['how much vinegar was used in each container', 'how much vinegar was used in each container'],
  ['what drying method to use', 'what drying method to use'],
  // ASAP set 5 (protein synthesis key elements).
  ['mRNA exits nucleus via nuclear pore', 'that mRNA exits nucleus via nuclear pore'],
  [
    'tRNA carrying the complementary anticodon recognizes the complementary codon of the mRNA',
    'that tRNA carrying the complementary anticodon recognizes the complementary codon of the mRNA',
  ],
  [
    'a new corresponding amino acid is added to the tRNA',
    'that a new corresponding amino acid is added to the tRNA',
  ],
  // ASAP set 7: a noun phrase that happens to contain a name that is also a verb form.
  ['one character trait of Rose', 'one character trait of Rose'],
  // ASAP set 3: a finite verb inside a wh-clause does not make the whole a clause.
  [
    'possible consideration of how, why or for whom the text was written',
    'possible consideration of how, why or for whom the text was written',
  ],
  // SAF 6.1 (objectives of IPv6): purposes, and a preposition that is not one.
  ['to support billions of end-systems', 'the need to support billions of end-systems'],
  ['to reduce routing tables', 'the need to reduce routing tables'],
  ['to the blocking probability', undefined],
  ['to coexistence with existing protocols', undefined],
  ['flow label, traffic class', 'flow label, traffic class'],
  // SAF 6.3 (DHCP): a verb phrase without a subject, and a label cut after its verb.
  ['allows for manual and automatic IP address assignment', undefined],
  ['may provide additional configuration information', undefined],
  ['uses of DHCP are', undefined],
  ['DHCP has largely replaced RARP', 'that DHCP has largely replaced RARP'],
  // SAF 8.1 and 12.2: reasons and conditions.
  [
    'since it is not possible to know the number of participating nodes beforehand',
    'that it is not possible to know the number of participating nodes beforehand',
  ],
  ['since we have a buffer size of 10', 'that we have a buffer size of 10'],
  [
    'when a bridge receives a frame with source address Q on LAN L',
    'what happens when a bridge receives a frame with source address Q on LAN L',
  ],
  // SAF 10.2: an opening phrase before the clause.
  [
    'in the slow start phase, cwnd is incremented by one every time a segment is acknowledged',
    'that in the slow start phase, cwnd is incremented by one every time a segment is acknowledged',
  ],
  [
    'nodes can leave or join the network anywhere at any time',
    'that nodes can leave or join the network anywhere at any time',
  ],
  [
    'real internet traffic often comes in bursts',
    'that real internet traffic often comes in bursts',
  ],
  ['unconfirmed connectionless', 'unconfirmed connectionless'],
  // The user's report: a teacher's rubric sentence cut at its commas.
  ['into the more concentrated cell sap', undefined],
  ['across the partially permeable membrane', undefined],
  [
    'water moves by osmosis from the dilute soil water',
    'that water moves by osmosis from the dilute soil water',
  ],
  ['measure the mass of each sample', 'the need to measure the mass of each sample'],
];

describe('phrase grammar', () => {
  it.each(REAL_LABELS)('%s', (label, object) => {
    expect(objectText(phraseOf(label))).toBe(object);
  });

  it('reads an instruction its word lists lack as one, by the tagger', () => {
    expect(objectText(phraseOf('Bubble the gas through limewater'))).toBe(
      'the need to bubble the gas through limewater',
    );
    expect(objectText(phraseOf('Dissolve the salt in water'))).toBe(
      'the need to dissolve the salt in water',
    );
    // A name that starts like a verb stays a name.
    expect(objectText(phraseOf('Water the plants need'))).not.toMatch(/^the need to/);
  });

  it('puts "that" only before a clause', () => {
    for (const [label] of REAL_LABELS) {
      const object = objectText(phraseOf(label));
      if (object?.startsWith('that '))
        expect(isClause(object.slice(5)) || /,/.test(object)).toBe(true);
    }
  });

  it('finds the subject and verb a fragment of the same sentence continues', () => {
    expect(headOf('water moves by osmosis from the dilute soil water')).toBe('water moves');
    expect(headOf('a new corresponding amino acid is added to the tRNA')).toBe(
      'a new corresponding amino acid is added',
    );
    expect(headOf('osmosis is the diffusion of water')).toBeUndefined();
  });

  it('flags "that" + a non-clause and hanging sentences, and passes grammatical feedback', () => {
    expect(
      thatNonClauses(
        'It does not mention that into the more concentrated cell sap or that across the membrane, which a full answer needs.',
      ),
    ).toEqual(['that into the more concentrated cell sap', 'that across the membrane']);
    expect(
      thatNonClauses('To improve, say in a sentence of your own that into the cell sap.'),
    ).toEqual(['that into the cell sap']);
    expect(
      thatNonClauses(
        'It does not mention that water moves into the more concentrated cell sap, which a full answer needs. The header of TCP is longer than that of UDP.',
      ),
    ).toEqual([]);
    expect(unfinishedSentences('It correctly names the need to.')).toHaveLength(1);
    expect(unfinishedSentences('It does not say how the cells are.')).toHaveLength(1);
    expect(
      unfinishedSentences('It does not say why that is. It is what the question asks for.'),
    ).toEqual([]);
    expect(unfinishedSentences('your response is correct')).toHaveLength(1);
    expect(
      unfinishedSentences(
        'Your response is correct. You put it well in "water moves in". Keep it up.',
      ),
    ).toEqual([]);
  });
});

/** The teacher's rubric the user reported it with (e2e/review.spec.ts uses the same). */
const OSMOSIS = {
  question: 'Explain how water enters a plant root hair cell.',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric:
    'Low Mark Range (0-1):\nSays water goes in without naming osmosis.\n\n' +
    'High Mark Range (3-4):\nWater moves by osmosis from the dilute soil water, across the partially permeable membrane, into the more concentrated cell sap.',
};

function grammarFaults(r: { aiComment: string; suggestion: string }): string[] {
  const text = `${r.aiComment} ${r.suggestion}`;
  return [...thatNonClauses(text), ...unfinishedSentences(text)];
}

describe('feedback sentences are grammatical', () => {
  it('names the missing part of a rubric sentence as a clause, never "that into …"', () => {
    const answers = [
      'Water moves into the root hair cell by osmosis.',
      'By osmosis across the membrane.',
      'Water goes in through the root.',
      'Water moves by osmosis from the dilute soil water across the partially permeable membrane into the more concentrated cell sap.',
      'The sun makes it warm.',
      '',
    ];
    for (const answer of answers) {
      const r = markOffline({ ...OSMOSIS, answer });
      const text = `${r.aiComment} ${r.suggestion}`;
      expect(text).not.toMatch(/\bthat (?:into|across|from)\b/);
      expect(text).not.toMatch(/\b(?:explains|names|mention|show|cover|with) (?:into|across)\b/);
      expect(grammarFaults(r), text).toEqual([]);
    }
    const partial = markOffline({ ...OSMOSIS, answer: answers[0] ?? '' });
    expect(`${partial.aiComment} ${partial.suggestion}`).toContain(
      'that water moves into the more concentrated cell sap',
    );
  });

  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const dataDir = path.resolve(
    process.env.MARKING_DATA_DIR ?? path.join(repoRoot, '../shared/data/marking'),
  );
  const files = ['asap-sas-train.jsonl', 'saf-en-train.jsonl'].map((f) => path.join(dataDir, f));
  const hasData = files.every((f) => existsSync(f));

  it.skipIf(!hasData)(
    'every sentence written for real answers of every public set passes the checks',
    async () => {
      const PER_QUESTION = 25;
      let checked = 0;
      for (const file of files) {
        const seen = new Map<string, number>();
        for await (const r of readRecords(file)) {
          const record = r as TMarkingRecord;
          const key = questionKeyOf(record);
          const n = seen.get(key) ?? 0;
          if (n >= PER_QUESTION) continue;
          seen.set(key, n + 1);
          const marked = markOffline({ ...record, examples: undefined });
          expect(
            grammarFaults(marked),
            `${record.id}: ${marked.aiComment} ${marked.suggestion}`,
          ).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    },
    120_000,
  );
});

describe('participles and conditions', () => {
  it('says a participle of the subject of its main clause, in agreement', () => {
    expect(participleClause('gaining kinetic energy', 'the water')).toBe(
      'the water gains kinetic energy',
    );
    expect(participleClause('carrying charge', 'the ions')).toBe('the ions carry charge');
    expect(participleClause('leaving an oxbow lake', 'deposition')).toBe(
      'deposition leaves an oxbow lake',
    );
    expect(participleClause('running fast', 'it')).toBe('it runs fast');
    expect(participleClause('singing', 'she')).toBe('she sings');
    expect(participleClause('being hot', 'it')).toBeUndefined();
    expect(subjectOfClause('deposition then seals off the old loop')).toBeUndefined();
    expect(subjectOfClause('gravity acts downwards on the ball')).toBe('gravity');
    expect(subjectOfClause('the water flows down through pipes')).toBe('the water');
  });

  it('reads a condition followed by its clause as a clause', () => {
    expect(phraseOf('when molten the ions are free to move')).toEqual({
      kind: 'clause',
      text: 'when molten the ions are free to move',
    });
    expect(phraseOf('if it melts, the ions move').kind).toBe('clause');
    expect(phraseOf('when a bridge receives a frame')).toEqual({
      kind: 'name',
      text: 'what happens when a bridge receives a frame',
    });
  });
});
