import {
  buttonOwnsEnter,
  sharedHandlerFor,
  useScreenKeys,
  type TSharedKeys,
} from './use-screen-keys';

/** What each key of the answer groups view does (issue 27); the view decides for the group. */
export type TGroupKeys = TSharedKeys & {
  toggle: () => void;
  split: () => void;
  hasTyped: () => boolean;
};

/**
 * The handler a key calls in the groups view, or null: the marking screen's keys where they mean the
 * same (`sharedHandlerFor`), E shows a group's answers and S splits it into exact matches.
 */
export function groupHandlerFor(key: string, keys: TGroupKeys): (() => void) | null {
  switch (key) {
    case 'e':
    case 'E':
      return keys.toggle;
    case 's':
    case 'S':
      return keys.split;
    default:
      return sharedHandlerFor(key, keys);
  }
}

/** The groups view's keys on the whole window while `enabled`; text fields keep their keys. */
export function useGroupKeys(keys: TGroupKeys, enabled: boolean): void {
  useScreenKeys(
    (event) => (buttonOwnsEnter(event, keys.hasTyped) ? null : groupHandlerFor(event.key, keys)),
    enabled,
  );
}
