import type { TSchoolUsage } from '@stem/contract/school';
import { MESSAGES } from '@stem/contract/messages';

/** One bar per student while a legend can name them all; past that, one bar for the class. */
export const MAX_STUDENT_SERIES = 8;

const COLOURS = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
];

export type TUsageChartModel = {
  /** No submission in any of the weeks: the chart would be bare axes. */
  isEmpty: boolean;
  caption: string;
  withLegend: boolean;
  series: { name: string; color: string }[];
  data: Record<string, string | number>[];
};

/** "3 Nov" from "2026-11-03". */
export function weekLabel(weekStart: string): string {
  return new Date(`${weekStart}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/**
 * What the Student Usage chart draws. A stack of one colour per student is readable only while the
 * legend can name each colour: with more students than colours the colours repeat and the legend
 * is gone, so the chart shows the submissions of all students together.
 */
export function usageChartModel(usage: Pick<TSchoolUsage, 'weeks' | 'students'>): TUsageChartModel {
  const names = usage.students.map((s) => s.name);
  const totals = usage.weeks.map((w) =>
    Object.values(w.perStudent).reduce((sum, count) => sum + count, 0),
  );
  const isEmpty = totals.every((total) => total === 0);
  if (names.length > MAX_STUDENT_SERIES) {
    const name = MESSAGES.settings.allStudents;
    return {
      isEmpty,
      caption: MESSAGES.settings.submissionsPerWeekAll,
      withLegend: false,
      series: [{ name, color: 'blue.6' }],
      data: usage.weeks.map((w, i) => ({ week: weekLabel(w.weekStart), [name]: totals[i] ?? 0 })),
    };
  }
  return {
    isEmpty,
    caption: MESSAGES.settings.submissionsPerWeek,
    withLegend: names.length > 0,
    series: names.map((name, i) => ({ name, color: COLOURS[i % COLOURS.length] ?? 'blue.6' })),
    data: usage.weeks.map((w) => ({
      week: weekLabel(w.weekStart),
      ...Object.fromEntries(names.map((n) => [n, w.perStudent[n] ?? 0])),
    })),
  };
}
