import { describe, expect, it } from 'vitest';
import { PLANT_QUESTION } from '../test-support/plant-question';
import { parseCount, parseRubric } from './rubric';

describe('marking rubric parser', () => {
  it('reads bands, score lines, key points and the counts each score needs', () => {
    const r = parseRubric(PLANT_QUESTION.rubric, '', PLANT_QUESTION.question);
    expect(r.low).toContain('no correct way');
    expect(r.middle).toContain('one way');
    expect(r.high).toContain('three ways');
    expect(r.scoreLines.map((l) => [l.score, l.band])).toEqual([
      [0, 'low'],
      [1, 'middle'],
      [3, 'high'],
      [2, 'high'],
    ]);
    expect(r.keyPoints).toHaveLength(5);
    expect(r.keyPoints[0]).toMatchObject({
      text: 'A thick waxy cuticle on the leaves stops water evaporating.',
      group: 'Key elements',
      source: 'rubric',
    });
    expect([...r.requiredCounts.entries()].sort()).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(r.fullCount).toBe(3);
    expect(r.isAlternatives).toBe(true);
  });

  it('reads counts written as words or digits', () => {
    expect(parseCount('The response describes three key elements.')).toBe(3);
    expect(parseCount('One or two key elements.')).toBe(1);
    expect(parseCount('State at least 4 of the differences')).toBe(4);
    expect(parseCount('Describe two ways the student could improve')).toBe(2);
    expect(parseCount('The response is accurate.')).toBeUndefined();
  });

  it('takes key points from the reference answer when the rubric lists none', () => {
    const r = parseRubric(
      'Low Mark Range (0-1):\nWrong or missing.\n\nHigh Mark Range (3-4):\nMatches the reference answer.',
      'The diameter decreases by a factor of 10. The minimum frame size stays the same.',
    );
    expect(r.keyPoints.map((k) => [k.text, k.source])).toEqual([
      ['The diameter decreases by a factor of 10.', 'reference'],
      ['The minimum frame size stays the same.', 'reference'],
    ]);
  });

  it('falls back to the high band clauses, and survives empty or unsectioned text', () => {
    const band = parseRubric(
      'Low Mark Range (0-1):\nScore 1: a trait without support.\n\nHigh Mark Range (2-2):\nScore 2: The student identifies a character trait --AND-- supports it with a detail from the story.',
    );
    expect(band.keyPoints.map((k) => k.source)).toEqual(['band', 'band']);
    expect(band.keyPoints[1]?.text).toContain('supports it with a detail');

    const empty = parseRubric('');
    expect(empty.keyPoints).toEqual([]);
    expect(empty.requiredCounts.size).toBe(0);

    const loose = parseRubric('- photosynthesis makes glucose\n- it needs light');
    expect(loose.keyPoints.map((k) => k.text)).toEqual([
      'photosynthesis makes glucose',
      'it needs light',
    ]);
  });

  it('ignores counts that do not rise with the score', () => {
    const r = parseRubric(
      'Low Mark Range (0-0):\nScore 0: nothing.\n\nHigh Mark Range (2-3):\nScore 3: two ways.\nScore 2: two ways or three examples.\n- a\n- b',
    );
    expect(r.requiredCounts.size).toBe(0);
  });
});
