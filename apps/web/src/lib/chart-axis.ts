import { useMatches } from '@mantine/core';

/**
 * How many dates fit under a chart, by screen width: a date such as "28 Sept" takes about 45 px
 * with the gap it needs, and a phone's chart is about 300 px wide.
 */
const MAX_LABELS = { base: 4, sm: 6, lg: 8 } as const;

/** Label one tick in `step` so that at most `maxLabels` of `count` ticks carry one. */
export function labelStep(count: number, maxLabels: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));
}

/**
 * Whether the tick at `index` of `count` carries its label: every `step`-th tick counted back
 * from the last, so the latest week is always named.
 */
export function isLabelledTick(index: number, count: number, step: number): boolean {
  return (count - 1 - index) % step === 0;
}

/**
 * X-axis settings for a chart of `count` weeks (or other dated points): every tick is drawn and
 * only every few carry their date, evenly, ending on the latest, so the dates never crowd or
 * overlap (recharts' own thinning left pairs such as "26 Oct 2 Nov" touching on a phone).
 * `widest` caps the labels on a wide screen for a chart that sits in a narrow card or popup.
 */
export function useSparseDateAxis(count: number, widest: number = MAX_LABELS.lg) {
  const maxLabels = useMatches({
    base: Math.min(MAX_LABELS.base, widest),
    sm: Math.min(MAX_LABELS.sm, widest),
    lg: Math.min(MAX_LABELS.lg, widest),
  });
  const step = labelStep(count, maxLabels);
  return {
    interval: 0 as const,
    tickFormatter: (label: string, index: number) =>
      isLabelledTick(index, count, step) ? label : '',
    // The latest week's date is centred on the last point: room for half of it inside the chart.
    padding: { left: 8, right: 24 },
  };
}
