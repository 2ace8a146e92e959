import { useEffect, useRef } from 'react';

/** What each key of the marking screen does; the page decides what that means for the answer. */
export type TMarkingKeys = {
  next: () => void;
  previous: () => void;
  nextToReview: () => void;
  accept: () => void;
  /** A digit typed towards a mark (Enter saves it). */
  digit: (digit: string) => void;
  backspace: () => void;
  enter: () => void;
  escape: () => void;
  openOriginal: () => void;
  help: () => void;
  /** Whether a mark has been typed (Enter on a focused button then saves it, not the button). */
  hasTyped: () => boolean;
};

const NON_TEXT_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range']);

/** Whether a key press belongs to a text field (the screen's keys then do nothing). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable;
}

/** The handler a key calls, or null when the screen leaves that key alone. */
export function handlerFor(key: string, keys: TMarkingKeys): (() => void) | null {
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
    case 'n':
    case 'N':
      return keys.nextToReview;
    case 'a':
    case 'A':
      return keys.accept;
    case 'p':
    case 'P':
    case 'o':
    case 'O':
      return keys.openOriginal;
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

/**
 * The marking screen's keys (issue 27), on the whole window while `enabled` (off while a dialog is
 * open). Keys typed into a text field, or with Ctrl, Alt or Meta, are the browser's.
 */
export function useMarkingKeys(keys: TMarkingKeys, enabled: boolean): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      // Enter on a focused button is the button's, unless a mark was typed.
      const onButton = event.target instanceof HTMLButtonElement;
      if (event.key === 'Enter' && onButton && !latest.current.hasTyped()) return;
      const handler = handlerFor(event.key, latest.current);
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
