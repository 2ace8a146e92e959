import { useEffect, useRef } from 'react';

const NON_TEXT_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range']);

/** Whether a key press belongs to a text field (the screen's keys then do nothing). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable;
}

/** Whether a key press is made in a confirmation on the page ("Delete …?"): it is the confirmation's. */
export function inConfirmation(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="alertdialog"]') !== null;
}

/** Enter on a focused button is the button's, unless a mark was typed (Enter then saves it). */
export function buttonOwnsEnter(event: KeyboardEvent, hasTyped: () => boolean): boolean {
  return event.key === 'Enter' && event.target instanceof HTMLButtonElement && !hasTyped();
}

/** The keys both views of the marking screen share, and what they do there. */
export type TSharedKeys = {
  next: () => void;
  previous: () => void;
  accept: () => void;
  /** A digit typed towards a mark (Enter gives it). */
  digit: (digit: string) => void;
  backspace: () => void;
  enter: () => void;
  escape: () => void;
  help: () => void;
};

/**
 * The handler of a key both views share (J/K and the arrows move, A accepts, digits then Enter
 * mark, Backspace and Esc correct, ? lists the keys), or null.
 */
export function sharedHandlerFor(key: string, keys: TSharedKeys): (() => void) | null {
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
 * A screen's keys on the whole window while `enabled` (off while a dialog is open): `resolve` gives
 * the handler of a key press, or null to leave it to the browser. Keys typed into a text field or a
 * confirmation on the page, or with Ctrl, Alt or Meta, are always the browser's.
 */
export function useScreenKeys(
  resolve: (event: KeyboardEvent) => (() => void) | null,
  enabled: boolean,
): void {
  const latest = useRef(resolve);
  latest.current = resolve;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (typingIn(event.target) || inConfirmation(event.target)) return;
      const handler = latest.current(event);
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
