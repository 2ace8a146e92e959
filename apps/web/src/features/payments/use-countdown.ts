import { useEffect, useState } from 'react';

/** Counts down once a second from `seconds`, then calls `onDone` (spec 01 §9: payment redirects, 15 s). */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onDone]);
  return left;
}
