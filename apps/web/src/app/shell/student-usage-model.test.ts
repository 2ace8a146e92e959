import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { MAX_STUDENT_SERIES, usageChartModel } from './student-usage-model';

const weeks = (perStudent: Record<string, number>[]) =>
  perStudent.map((counts, i) => ({
    weekStart: `2026-11-${String(2 + 7 * i).padStart(2, '0')}`,
    perStudent: counts,
  }));
const students = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: `Student ${i + 1}` }));

describe('usageChartModel (Settings, Student Usage)', () => {
  it('says there is nothing to draw when no student submitted anything', () => {
    expect(usageChartModel({ weeks: weeks([{}, {}]), students: [] }).isEmpty).toBe(true);
    expect(
      usageChartModel({ weeks: weeks([{ 'Student 1': 0 }]), students: students(1) }).isEmpty,
    ).toBe(true);
    expect(
      usageChartModel({ weeks: weeks([{ 'Student 1': 2 }]), students: students(1) }).isEmpty,
    ).toBe(false);
  });

  it('stacks one named colour per student while the legend can name them', () => {
    const model = usageChartModel({
      weeks: weeks([{ 'Student 1': 2, 'Student 2': 1 }]),
      students: students(2),
    });
    expect(model.caption).toBe(MESSAGES.settings.submissionsPerWeek);
    expect(model.withLegend).toBe(true);
    expect(model.series.map((s) => s.name)).toEqual(['Student 1', 'Student 2']);
    expect(model.data).toEqual([{ week: '2 Nov', 'Student 1': 2, 'Student 2': 1 }]);
  });

  it('draws all students together once colours would repeat without a legend', () => {
    const many = students(MAX_STUDENT_SERIES + 20);
    const model = usageChartModel({
      weeks: weeks([{ 'Student 1': 2, 'Student 12': 3 }, { 'Student 28': 1 }]),
      students: many,
    });
    expect(model.caption).toBe(MESSAGES.settings.submissionsPerWeekAll);
    expect(model.withLegend).toBe(false);
    expect(model.series).toEqual([{ name: MESSAGES.settings.allStudents, color: 'blue.6' }]);
    expect(model.data).toEqual([
      { week: '2 Nov', [MESSAGES.settings.allStudents]: 5 },
      { week: '9 Nov', [MESSAGES.settings.allStudents]: 1 },
    ]);
  });
});
