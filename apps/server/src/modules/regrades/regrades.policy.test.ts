import { describe, expect, it } from 'vitest';
import { regradeDeadline, regradeRefusal, type TRegradeSubject } from './regrades.policy';

const day = 24 * 60 * 60 * 1000;
const marked = new Date('2026-03-01T10:00:00Z');
const subject: TRegradeSubject = {
  status: 'marked',
  score: 2,
  feedbackHeld: false,
  markedAt: marked,
  reviewedAt: null,
  releasedAt: null,
  teacherDeadline: null,
};

describe('re-mark rules', () => {
  it('is open 14 days after the mark reached the student, unless the teacher set a deadline', () => {
    expect(regradeDeadline(subject)?.toISOString()).toBe('2026-03-15T10:00:00.000Z');
    const released = new Date(marked.getTime() + 3 * day);
    expect(regradeDeadline({ ...subject, releasedAt: released })?.getTime()).toBe(
      released.getTime() + 14 * day,
    );
    const set = new Date('2026-03-05T00:00:00Z');
    expect(regradeDeadline({ ...subject, teacherDeadline: set })).toEqual(set);
  });

  it('refuses a hidden or missing mark, a second request and a late one', () => {
    const soon = new Date(marked.getTime() + day);
    expect(regradeRefusal(subject, false, soon)).toBeNull();
    expect(regradeRefusal({ ...subject, feedbackHeld: true }, false, soon)).toBe('not-visible');
    expect(regradeRefusal({ ...subject, status: 'pending', score: null }, false, soon)).toBe(
      'not-visible',
    );
    expect(regradeRefusal(subject, true, soon)).toBe('already');
    expect(regradeRefusal(subject, false, new Date(marked.getTime() + 15 * day))).toBe('closed');
  });
});
