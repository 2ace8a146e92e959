import { useState } from 'react';

/**
 * True from the first time `opened` is true: a dialog whose code is loaded on demand is mounted
 * when first opened and stays mounted, so it can animate closed and open again at once.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [seen, setSeen] = useState(opened);
  if (opened && !seen) setSeen(true);
  return seen || opened;
}
