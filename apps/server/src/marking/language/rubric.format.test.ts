import { describe, expect, it } from 'vitest';
import {
  hasMarkingData,
  loadPublicQuestions,
  MARKING_DATA_DIR,
} from '../../../test/ai/marking-data';
import { combineRubric, parseMarkRange, parseRubricSections } from './rubric.format';

describe('parseMarkRange', () => {
  it('reads "start-end" ranges', () => {
    expect(parseMarkRange('0-1')).toEqual({ start: 0, end: 1 });
    expect(parseMarkRange(' 3 - 4 ')).toEqual({ start: 3, end: 4 });
    expect(parseMarkRange('0-0')).toEqual({ start: 0, end: 0 });
  });

  it('refuses anything else', () => {
    for (const bad of ['', '3', '4-3', 'a-b', '1-2-3', '-1-2', '1.5-2']) {
      expect(parseMarkRange(bad)).toBeNull();
    }
  });
});

describe('combineRubric', () => {
  it('writes the product format', () => {
    expect(combineRubric(' weak \n', 'strong', { start: 0, end: 1 }, '3-4')).toBe(
      'Low Mark Range (0-1):\nweak\n\nHigh Mark Range (3-4):\nstrong',
    );
  });

  it('does not double a header the writer repeated', () => {
    expect(
      combineRubric('Low Mark Range (0-1):\nweak', '**High mark range:** strong', '0-1', '3-4'),
    ).toBe('Low Mark Range (0-1):\nweak\n\nHigh Mark Range (3-4):\nstrong');
  });
});

describe('parseRubricSections', () => {
  it('reads both sections of the product format', () => {
    const rubric = combineRubric('Misses the key points.', 'Names all 3 classes.', '0-1', '3-4');
    expect(parseRubricSections(rubric)).toEqual({
      low: 'Misses the key points.',
      high: 'Names all 3 classes.',
    });
  });

  it('is tolerant of case, missing ranges, colons, markdown and order', () => {
    expect(
      parseRubricSections('HIGH MARK RANGE\nAll of it.\n\n## low mark range 0 - 2:\nLittle of it.'),
    ).toEqual({ low: 'Little of it.', high: 'All of it.' });
    expect(parseRubricSections('Low Mark Range: vague\nHigh Mark Range (2-2): precise')).toEqual({
      low: 'vague',
      high: 'precise',
    });
  });

  it('leaves a "Middle marks" line out of the low section', () => {
    const rubric =
      'Low Mark Range (0-0):\nScore 0: Other.\n\nMiddle marks (1): One key element.\n\nHigh Mark Range (2-3):\nScore 3: Three.';
    expect(parseRubricSections(rubric)).toEqual({
      low: 'Score 0: Other.',
      high: 'Score 3: Three.',
    });
  });

  it('reports a missing or blank section as null', () => {
    expect(parseRubricSections('High Mark Range (3-4):\nAll.')).toEqual({
      low: null,
      high: 'All.',
    });
    expect(parseRubricSections('Low Mark Range (0-1):\n   \nHigh Mark Range (3-4):\nAll.')).toEqual(
      {
        low: null,
        high: 'All.',
      },
    );
    expect(parseRubricSections('Just some text about marks.')).toEqual({ low: null, high: null });
  });

  it('does not take prose that starts with the words for a header', () => {
    expect(
      parseRubricSections(
        'Low Mark Range (0-1):\nLow mark range answers are vague.\nHigh Mark Range (2-2):\nok',
      ),
    ).toEqual({ low: 'Low mark range answers are vague.', high: 'ok' });
  });

  it.skipIf(!hasMarkingData)(
    `reads every rubric of the public marking data (${MARKING_DATA_DIR})`,
    () => {
      const questions = loadPublicQuestions();
      expect(questions).toHaveLength(28);
      for (const record of questions) {
        const sections = parseRubricSections(record.rubric);
        expect(sections.low, record.questionId).toBeTruthy();
        expect(sections.high, record.questionId).toBeTruthy();
        expect(sections.low).not.toMatch(/middle marks/i);
      }
    },
  );
});
