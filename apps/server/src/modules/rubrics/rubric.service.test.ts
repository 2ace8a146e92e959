import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { generateRubric, parseRubricSections } from './rubric.service';

const QUESTION = 'Explain how the structure of the lungs helps gas exchange.';

async function refusal(input: Parameters<typeof generateRubric>[0]): Promise<AppError> {
  const error = await generateRubric(input).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('generateRubric offline', () => {
  it('writes both sections and the combined product text', async () => {
    const result = await generateRubric({
      question: `  ${QUESTION}  `,
      marks: 5,
      lowMarkRange: '0-1',
      highMarkRange: '3-5',
    });
    expect(result.engine).toBe('offline-rubric-v2');
    expect(result.rubric).toBe(
      `Low Mark Range (0-1):\n${result.lowMarkRangeRubric}\n\nHigh Mark Range (3-5):\n${result.highMarkRangeRubric}`,
    );
    expect(parseRubricSections(result.rubric)).toEqual({
      low: result.lowMarkRangeRubric,
      high: result.highMarkRangeRubric,
    });
    expect(result.highMarkRangeRubric).toMatch(/lungs/);
    expect(result.highMarkRangeRubric).toMatch(/gas exchange/);
    expect(result.lowMarkRangeRubric).toMatch(/^2 marks \(between the two ranges\)/m);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const base = { question: QUESTION, marks: 4, lowMarkRange: '0-1', highMarkRange: '3-4' };
    const cases: [Partial<typeof base>, string][] = [
      [{ question: '   ' }, 'question'],
      [{ question: 'x'.repeat(20_001) }, 'question'],
      [{ marks: 0 }, 'marks'],
      [{ marks: 2.5 }, 'marks'],
      [{ lowMarkRange: '0-5' }, 'lowMarkRange'],
      [{ lowMarkRange: 'one-two' }, 'lowMarkRange'],
      [{ highMarkRange: '3-9' }, 'highMarkRange'],
      [{ highMarkRange: '0-4', lowMarkRange: '0-0' }, 'highMarkRange'],
      [{ lowMarkRange: '0-3' }, 'lowMarkRange'],
    ];
    for (const [change, field] of cases) {
      const error = await refusal({ ...base, ...change });
      expect(error.status, JSON.stringify(change)).toBe(400);
      expect(error.field, JSON.stringify(change)).toBe(field);
    }
  });
});
