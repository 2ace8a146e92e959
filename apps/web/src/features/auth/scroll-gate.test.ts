import { describe, expect, it } from 'vitest';
import { isScrollGateOpen } from './scroll-gate';

// A long document: 5,500 px of text in a 500 px window, so 5,000 px can be scrolled.
const position = (scrollTop: number) => ({ scrollTop, scrollHeight: 5500, clientHeight: 500 });
// A shorter one, where 20% comes before 300 px: 1,000 px can be scrolled.
const shortPosition = (scrollTop: number) => ({ scrollTop, scrollHeight: 1500, clientHeight: 500 });

describe('isScrollGateOpen', () => {
  it('stays closed before any scrolling', () => {
    expect(isScrollGateOpen(position(0))).toBe(false);
    expect(isScrollGateOpen(shortPosition(0))).toBe(false);
  });

  it('opens at 20% scrolled', () => {
    expect(isScrollGateOpen(shortPosition(199))).toBe(false);
    expect(isScrollGateOpen(shortPosition(200))).toBe(true);
  });

  it('opens past 300 px even when that is under 20%', () => {
    expect(isScrollGateOpen(position(299))).toBe(false);
    expect(isScrollGateOpen(position(301))).toBe(true);
  });

  it('is open when the document fits without scrolling', () => {
    expect(isScrollGateOpen({ scrollTop: 0, scrollHeight: 400, clientHeight: 500 })).toBe(true);
  });
});
