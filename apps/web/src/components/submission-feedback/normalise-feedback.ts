/** One feedback item as the pages show it (spec 02 §3: aiComment, suggestion, markRange). */
export type TFeedbackItem = { aiComment: string; suggestion: string; markRange: string };

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

function fromValue(value: unknown): TFeedbackItem | null {
  if (typeof value === 'string') {
    return value.trim() ? { aiComment: value.trim(), suggestion: '', markRange: '' } : null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const item = {
    aiComment: text(record.aiComment) || text(record.comment) || text(record.feedback),
    suggestion: text(record.suggestion) || text(record.suggestions),
    markRange: text(record.markRange),
  };
  return item.aiComment || item.suggestion ? item : null;
}

/**
 * Feedback may come as a list of items, one object or a plain string (spec 02 §3). Whatever the
 * shape, the pages get a list of items with text; empty or unreadable feedback gives an empty list
 * (and the page says "No feedback provided yet").
 */
export function normaliseFeedback(feedback: unknown): TFeedbackItem[] {
  const values = Array.isArray(feedback) ? feedback : [feedback];
  return values.map(fromValue).filter((item): item is TFeedbackItem => item !== null);
}
