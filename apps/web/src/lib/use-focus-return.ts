import { useCallback, useEffect, useRef, useState } from 'react';

/** Finds an element to focus, once the page has been drawn again. */
export type TFocusTarget = () => HTMLElement | null | undefined;

/** Whether the keyboard's focus has nowhere to be: on the page itself, or on an element now gone. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Puts the keyboard's focus back when an inline form closes (Cancel, or Save done): without it the
 * focus fell to the page with the form, and a keyboard user had to start again from the top. Call
 * the function it returns with the places to try, best first: the control that opened the form
 * (drawn again once the form is gone), then a fallback such as the list's heading. After the next
 * render the first one in the page takes the focus, unless the user has put it somewhere meanwhile.
 */
export function useFocusReturn(): (...targets: TFocusTarget[]) => void {
  const pending = useRef<TFocusTarget[] | null>(null);
  const [, setRequests] = useState(0);
  useEffect(() => {
    const targets = pending.current;
    if (!targets) return;
    pending.current = null;
    if (!focusLost()) return;
    for (const find of targets) {
      const element = find();
      if (element?.isConnected) {
        element.focus();
        return;
      }
    }
  });
  return useCallback((...targets: TFocusTarget[]) => {
    pending.current = targets;
    setRequests((n) => n + 1);
  }, []);
}
