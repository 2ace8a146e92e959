import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { TClassAnswer } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import type { TRubricItem, TRubricItems, TSavedComment } from '@stem/contract/rubric-items';
import { describeError } from '../../../lib/http';
import {
  rubricItemsKey,
  showApplied,
  useApplyItems,
  useRefresh,
  useRubricItems,
  useSavedComments,
} from '../api/rubric-items';
import { useScreenKeys } from '../use-screen-keys';

const R = MESSAGES.rubricItems;

/** Where the screen's mark box and comment box are, for the M and C keys. */
export const MARK_INPUT_SELECTOR = '[data-testid="class-marking-mark-input"]';
export const COMMENT_INPUT_SELECTOR = '[data-testid="class-marking-comment-input"]';

function focus(selector: string): void {
  const field = document.querySelector<HTMLElement>(selector);
  field?.focus();
}

/** The saved comment a Shift+digit key names (Shift+1 is the first), from the key's code. */
export function savedCommentIndex(event: Pick<KeyboardEvent, 'shiftKey' | 'code'>): number {
  if (!event.shiftKey) return -1;
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  return match ? Number(match[1]) - 1 : -1;
}

export type TRubricMarking = ReturnType<typeof useRubricMarking>;

/**
 * The marking screen's rubric items, saved comments and comment box for the open answer (issue 27):
 * number keys toggle the item with that number when the question has items (`digit` says whether it
 * took the key; without items the page types a mark as before), I applies the items the marker
 * suggests for the answer (`suggestion`), M focuses the mark box, C the
 * comment box, Shift+1-9 puts a saved comment in the comment box. Keys are off while `enabled` is
 * false (a dialog is open), and keys typed in a text field are the field's.
 */
export function useRubricMarking(options: {
  classId: string;
  questionId: string;
  answer: TClassAnswer | null;
  /** The student's name as shown (or their anonymous name). */
  name: string;
  setStatus: (status: string) => void;
  enabled: boolean;
}) {
  const { answer, name, setStatus } = options;
  const scope = { classId: options.classId, questionId: options.questionId };
  const itemsQuery = useRubricItems(scope);
  const commentsQuery = useSavedComments(scope);
  const apply = useApplyItems(scope);
  const items: TRubricItem[] = itemsQuery.data?.items ?? [];
  const comments: TSavedComment[] = commentsQuery.data ?? [];
  const appliedIds = answer
    ? (itemsQuery.data?.applied.find((a) => a.answerId === answer._id)?.itemIds ?? [])
    : [];
  // The marker's suggestion for the open answer, while the teacher has given it no items.
  const suggestion =
    answer && appliedIds.length === 0 && !answer.reviewedAt
      ? (itemsQuery.data?.suggested?.find((s) => s.answerId === answer._id) ?? null)
      : null;

  // The comment being written for the open answer (the answer's saved comment until edited).
  const [draft, setDraft] = useState<{ answerId: string; text: string } | null>(null);
  const comment =
    answer && draft?.answerId === answer._id ? draft.text : (answer?.teacherFeedback ?? '');
  const setComment = (text: string) => {
    if (answer) setDraft({ answerId: answer._id, text });
  };

  const markable = answer !== null && answer.status === 'marked' && answer.score !== null;
  // Changes of the items applied are sent one after another, each from the set shown (which
  // already holds the changes still on their way), so quick keys never overtake each other.
  const queryClient = useQueryClient();
  const refresh = useRefresh(scope);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const inFlight = useRef(0);
  /** Sends the items applied to the open answer, after any change still on its way. */
  const send = (change: (current: readonly string[]) => readonly string[]) => {
    if (!answer || !markable) {
      setStatus(R.noAnswerToApply);
      return;
    }
    const shown = queryClient.getQueryData<TRubricItems>(rubricItemsKey(scope));
    const current = shown?.applied.find((a) => a.answerId === answer._id)?.itemIds ?? [];
    const next = change(current);
    const itemIds = items.filter((i) => next.includes(i._id)).map((i) => i._id);
    showApplied(queryClient, scope, answer._id, itemIds);
    inFlight.current += 1;
    chain.current = chain.current.then(async () => {
      try {
        const saved = await apply.mutateAsync({ answer, itemIds });
        setStatus(R.itemToggled(name, saved.score, saved.marks));
      } catch (error) {
        setStatus(`${R.failed} ${describeError(error)}`);
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) await refresh();
      }
    });
  };
  const toggle = (itemId: string) =>
    send((current) =>
      current.includes(itemId) ? current.filter((id) => id !== itemId) : [...current, itemId],
    );
  /** I: the marker's suggested items, applied at once. */
  const applySuggested = () => {
    if (!suggestion) {
      setStatus(R.nothingSuggested);
      return;
    }
    send(() => suggestion.itemIds);
  };

  /** A digit key: toggles item 1-9 when the question has items (true), else leaves it (false). */
  const digit = (key: string): boolean => {
    if (items.length === 0) return false;
    const item = items[Number(key) - 1];
    if (item) toggle(item._id);
    return true;
  };

  const insertComment = (index: number) => {
    const saved = comments[index];
    if (!saved || !answer) return;
    setComment(saved.text);
    setStatus(R.commentInserted);
    focus(COMMENT_INPUT_SELECTOR);
  };

  useScreenKeys((event) => {
    const index = savedCommentIndex(event);
    if (index >= 0) return () => insertComment(index);
    if ((event.key === 'i' || event.key === 'I') && items.length > 0) return applySuggested;
    if (event.key === 'm' || event.key === 'M') return () => focus(MARK_INPUT_SELECTOR);
    if (event.key === 'c' || event.key === 'C') return () => focus(COMMENT_INPUT_SELECTOR);
    return null;
  }, options.enabled);

  return {
    scope,
    items,
    canEdit: itemsQuery.data?.canEdit ?? false,
    appliedIds,
    suggestion,
    applySuggested,
    toggle,
    digit,
    markable,
    comments,
    comment,
    setComment,
    insertComment,
  };
}
