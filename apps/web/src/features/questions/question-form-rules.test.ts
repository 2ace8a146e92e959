import { describe, expect, it } from 'vitest';
import {
  RANGE_OVERLAP_MESSAGE,
  highRangeMessage,
  lowRangeMessage,
} from '@stem/contract/mark-ranges';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import {
  EMPTY_QUESTION_FORM,
  applyMarksInput,
  applyRangeInput,
  canOfferSave,
  generationProblem,
  marksError,
  questionToFormValues,
  rangeErrors,
  saveProblem,
  toQuestionRequest,
  type TQuestionFormValues,
} from './question-form-rules';

const filled = (patch: Partial<TQuestionFormValues> = {}): TQuestionFormValues => ({
  holdFeedback: false,
  question: 'Explain why the sky is blue.',
  marks: '10',
  lowMarkRange: '0-3',
  highMarkRange: '6-10',
  lowRubric: 'Mentions colour only.',
  highRubric: 'Explains Rayleigh scattering.',
  ...patch,
});

describe('question form: marks', () => {
  it('auto-fills both ranges from the marks (spec 02 §5)', () => {
    const at = (marks: string) => applyMarksInput(EMPTY_QUESTION_FORM, marks);
    expect(at('1')).toMatchObject({ marks: '1', lowMarkRange: '0-0', highMarkRange: '1-1' });
    expect(at('2')).toMatchObject({ marks: '2', lowMarkRange: '0-1', highMarkRange: '2-2' });
    expect(at('10')).toMatchObject({ marks: '10', lowMarkRange: '0-3', highMarkRange: '6-10' });
    expect(at('7')).toMatchObject({ marks: '7', lowMarkRange: '0-2', highMarkRange: '5-7' });
  });

  it('keeps digits only', () => {
    expect(applyMarksInput(EMPTY_QUESTION_FORM, '1a0.5-').marks).toBe('105');
    expect(applyMarksInput(EMPTY_QUESTION_FORM, 'abc').marks).toBe('');
  });

  it('leaves the ranges alone when marks is cleared or zero', () => {
    const typed = filled({ lowMarkRange: '0-4', highMarkRange: '7-10' });
    expect(applyMarksInput(typed, '')).toMatchObject({
      lowMarkRange: '0-4',
      highMarkRange: '7-10',
    });
    expect(applyMarksInput(typed, '0')).toMatchObject({
      lowMarkRange: '0-4',
      highMarkRange: '7-10',
    });
  });

  it('names a marks value the server would refuse', () => {
    expect(marksError('')).toBeNull();
    expect(marksError('5')).toBeNull();
    expect(marksError('0')).toBe('Marks must be at least 1');
    expect(marksError('101')).toBe('Marks must be at most 100');
  });
});

describe('question form: ranges', () => {
  it('keeps digits and hyphens only', () => {
    expect(applyRangeInput('0 - 3a')).toBe('0-3');
    expect(applyRangeInput('x6–10')).toBe('610');
  });

  it('gives the spec messages live, the overlap on the high range', () => {
    expect(rangeErrors(filled())).toEqual({ lowMarkRange: null, highMarkRange: null });
    expect(rangeErrors(filled({ lowMarkRange: '0-10' })).lowMarkRange).toBe(lowRangeMessage(10));
    expect(rangeErrors(filled({ lowMarkRange: '3' })).lowMarkRange).toBe(lowRangeMessage(10));
    expect(rangeErrors(filled({ highMarkRange: '0-10' })).highMarkRange).toBe(highRangeMessage(10));
    expect(rangeErrors(filled({ highMarkRange: '6-11' })).highMarkRange).toBe(highRangeMessage(10));
    expect(rangeErrors(filled({ lowMarkRange: '0-6', highMarkRange: '6-10' }))).toEqual({
      lowMarkRange: null,
      highMarkRange: RANGE_OVERLAP_MESSAGE,
    });
  });

  it('says nothing about ranges while marks is missing or an untyped range is empty', () => {
    expect(rangeErrors(filled({ marks: '', lowMarkRange: '9-1' }))).toEqual({
      lowMarkRange: null,
      highMarkRange: null,
    });
    expect(rangeErrors(filled({ lowMarkRange: '' })).lowMarkRange).toBeNull();
  });
});

describe('question form: generating a rubric', () => {
  it('needs question, marks and both ranges', () => {
    for (const patch of [
      { question: '  ' },
      { marks: '' },
      { lowMarkRange: '' },
      { highMarkRange: '' },
    ]) {
      expect(generationProblem(filled(patch))).toBe(MESSAGES.questions.generateMissing);
    }
    expect(generationProblem(filled())).toBeNull();
  });

  it('refuses invalid or overlapping ranges with the spec wording', () => {
    expect(generationProblem(filled({ lowMarkRange: '0-10' }))).toMatch(/^Invalid low mark range/);
    expect(generationProblem(filled({ highMarkRange: '6-12' }))).toMatch(
      /^Invalid high mark range/,
    );
    expect(generationProblem(filled({ lowMarkRange: '0-7' }))).toBe(RANGE_OVERLAP_MESSAGE);
  });
});

describe('question form: saving', () => {
  it('offers Save only once a rubric exists', () => {
    const blank = filled({ lowRubric: '', highRubric: '' });
    expect(canOfferSave(blank, 'none')).toBe(false);
    expect(canOfferSave(filled(), 'none')).toBe(false);
    expect(canOfferSave(blank, 'manual')).toBe(false);
    expect(canOfferSave(filled({ highRubric: '' }), 'manual')).toBe(true);
    expect(canOfferSave(filled(), 'ai')).toBe(true);
  });

  it('needs both rubric texts', () => {
    expect(saveProblem(filled({ lowRubric: ' ' }))).toBe(MESSAGES.questions.rubricsRequired);
    expect(saveProblem(filled({ highRubric: '' }))).toBe(MESSAGES.questions.rubricsRequired);
    expect(saveProblem(filled())).toBeNull();
  });

  it('needs the question, valid marks and valid ranges first', () => {
    expect(saveProblem(filled({ question: ' ' }))).toBe('Question is required');
    expect(saveProblem(filled({ marks: '' }))).toBe('Marks must be at least 1');
    expect(saveProblem(filled({ lowMarkRange: '0-10' }))).toBe(lowRangeMessage(10));
    expect(saveProblem(filled({ lowMarkRange: '0-6' }))).toBe(RANGE_OVERLAP_MESSAGE);
  });

  it('joins the sections into the product rubric, which the edit form splits again', () => {
    const request = toQuestionRequest(filled({ question: '  Why?  ' }));
    expect(request).toEqual({
      question: 'Why?',
      marks: 10,
      lowMarkRange: '0-3',
      highMarkRange: '6-10',
      rubric:
        'Low Mark Range (0-3):\nMentions colour only.\n\nHigh Mark Range (6-10):\nExplains Rayleigh scattering.',
      holdFeedback: false,
    });
    const saved: TQuestion = {
      ...request,
      holdFeedback: false,
      _id: 'q1',
      id: 'q1',
      teacherId: 't1',
      classIds: [],
      createdAt: '2025-03-11T15:45:00.000Z',
      updatedAt: '2025-03-11T15:45:00.000Z',
    };
    expect(questionToFormValues(saved)).toEqual(filled({ question: 'Why?' }));
  });
});
