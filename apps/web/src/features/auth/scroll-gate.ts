import { LEGAL_SCROLL_GATE_PX, LEGAL_SCROLL_GATE_RATIO } from '@stem/contract/limits';

export interface TScrollPosition {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * Whether a legal document counts as read (spec 01 §2): about 20% scrolled or past 300 px.
 * A document that fits without scrolling has nothing left to read, so it counts as read.
 */
export function isScrollGateOpen({
  scrollTop,
  scrollHeight,
  clientHeight,
}: TScrollPosition): boolean {
  if (scrollTop >= LEGAL_SCROLL_GATE_PX) return true;
  const scrollable = scrollHeight - clientHeight;
  if (scrollable <= 0) return true;
  return scrollTop / scrollable >= LEGAL_SCROLL_GATE_RATIO;
}
