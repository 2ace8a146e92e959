import { useState } from 'react';

/**
 * The order and choice of some of a class's questions (a test's questions, a booklet's): the
 * class's order until the teacher moves one; questions added since go last. `chosenInOrder` is what
 * is printed or saved; `numberOf` the number a chosen question gets (1, 2, ...; 0 when not chosen).
 */
export function useQuestionOrder<T extends { _id: string }>(
  questions: readonly T[],
  initial: { chosen?: readonly string[]; order?: readonly string[] } = {},
) {
  const [chosen, setChosen] = useState<string[]>(() => [
    ...(initial.chosen ?? questions.map((q) => q._id)),
  ]);
  const [order, setOrder] = useState<string[]>(() => [
    ...(initial.order ?? questions.map((q) => q._id)),
  ]);
  const byId = new Map(questions.map((q) => [q._id, q]));
  const ordering = [
    ...order.flatMap((id) => byId.get(id) ?? []),
    ...questions.filter((q) => !order.includes(q._id)),
  ];
  const chosenInOrder = ordering.filter((q) => chosen.includes(q._id)).map((q) => q._id);
  const numberOf = (id: string) => chosenInOrder.indexOf(id) + 1;
  const move = (index: number, by: -1 | 1) => {
    const ids = ordering.map((q) => q._id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    setOrder(ids);
  };
  const reset = (next: { chosen: readonly string[]; order: readonly string[] }) => {
    setChosen([...next.chosen]);
    setOrder([...next.order]);
  };
  return { ordering, chosen, setChosen, chosenInOrder, numberOf, move, reset };
}

export type TQuestionOrder<T extends { _id: string }> = ReturnType<typeof useQuestionOrder<T>>;
