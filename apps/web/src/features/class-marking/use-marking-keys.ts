import {
  buttonOwnsEnter,
  sharedHandlerFor,
  useScreenKeys,
  type TSharedKeys,
} from './use-screen-keys';

/** What each key of the marking screen does; the page decides what that means for the answer. */
export type TMarkingKeys = TSharedKeys & {
  nextToReview: () => void;
  openOriginal: () => void;
  /** Whether a mark has been typed (Enter on a focused button then saves it, not the button). */
  hasTyped: () => boolean;
};

/** The handler a key calls, or null when the screen leaves that key alone. */
export function handlerFor(key: string, keys: TMarkingKeys): (() => void) | null {
  switch (key) {
    case 'n':
    case 'N':
      return keys.nextToReview;
    case 'p':
    case 'P':
    case 'o':
    case 'O':
      return keys.openOriginal;
    default:
      return sharedHandlerFor(key, keys);
  }
}

/** The marking screen's keys (issue 27), one answer at a time, while `enabled`. */
export function useMarkingKeys(keys: TMarkingKeys, enabled: boolean): void {
  useScreenKeys(
    (event) => (buttonOwnsEnter(event, keys.hasTyped) ? null : handlerFor(event.key, keys)),
    enabled,
  );
}
