import { useEffect, useRef } from 'react';
import { typingIn } from './use-marking-keys';

/** What each key of the answer groups view does (issue 27); the view decides for the group. */
export type TGroupKeys = {
  next: () => void;
  previous: () => void;
  accept: () => void;
  /** A digit typed towards the group's mark (Enter gives it to the group). */
  digit: (digit: string) => void;
  backspace: () => void;
  enter: () => void;
  escape: () => void;
  toggle: () => void;
  split: () => void;
  help: () => void;
  hasTyped: () => boolean;
};

/**
 * The handler a key calls in the groups view, or null: the marking screen's keys where they mean the
 * same (J/K and the arrows move, A accepts, digits then Enter mark, Esc clears, ? lists the keys),
 * E shows a group's answers and S splits it into exact matches.
 */
export function groupHandlerFor(key: string, keys: TGroupKeys): (() => void) | null {
  if (/^[0-9]$/.test(key)) return () => keys.digit(key);
  switch (key) {
    case 'j':
    case 'J':
    case 'ArrowDown':
    case 'ArrowRight':
      return keys.next;
    case 'k':
    case 'K':
    case 'ArrowUp':
    case 'ArrowLeft':
      return keys.previous;
    case 'a':
    case 'A':
      return keys.accept;
    case 'e':
    case 'E':
      return keys.toggle;
    case 's':
    case 'S':
      return keys.split;
    case '?':
      return keys.help;
    case 'Enter':
      return keys.enter;
    case 'Backspace':
      return keys.backspace;
    case 'Escape':
      return keys.escape;
    default:
      return null;
  }
}

/** The groups view's keys on the whole window while `enabled`; text fields keep their keys. */
export function useGroupKeys(keys: TGroupKeys, enabled: boolean): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const onButton = event.target instanceof HTMLButtonElement;
      if (event.key === 'Enter' && onButton && !latest.current.hasTyped()) return;
      const handler = groupHandlerFor(event.key, latest.current);
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
