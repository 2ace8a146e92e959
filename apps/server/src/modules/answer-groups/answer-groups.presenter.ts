import {
  GROUP_PREVIEW_CHARS,
  type TAnswerGroup,
  type TAnswerGroups,
} from '@stem/contract/answer-groups';
import type { TClassAnswer } from '@stem/contract/class-marking';
import { exactKeyOf } from '../../marking/loop/answer-groups';
import { suggestedScore } from './answer-groups.edits';

/** A marked answer of the class, with its student. */
export type TGroupMember = {
  student: { _id: string; name: string };
  answer: TClassAnswer;
  /** The mark now (never null for a member). */
  score: number;
};

function presentGroup(group: {
  id: string;
  edited: boolean;
  members: readonly TGroupMember[];
}): TAnswerGroup {
  const reviewed = group.members.filter((m) => m.answer.reviewedAt !== null);
  const scores = new Set(reviewed.map((m) => m.score));
  const allReviewed = reviewed.length === group.members.length && group.members.length > 0;
  return {
    _id: group.id,
    size: group.members.length,
    texts: new Set(group.members.map((m) => exactKeyOf(m.answer.answer))).size,
    suggestedScore: suggestedScore(group.members.map((m) => m.answer.aiScore ?? m.score)),
    reviewed: reviewed.length,
    markedAs: allReviewed && scores.size === 1 ? (reviewed[0]?.score ?? null) : null,
    edited: group.edited,
    answers: group.members.map((m) => ({
      _id: m.answer._id,
      submissionId: m.answer.submissionId,
      student: m.student,
      preview: m.answer.answer.slice(0, GROUP_PREVIEW_CHARS),
      truncated: m.answer.answer.length > GROUP_PREVIEW_CHARS,
      score: m.score,
      aiScore: m.answer.aiScore,
      reviewed: m.answer.reviewedAt !== null,
      overridden: m.answer.overridden,
    })),
  };
}

/** The groups reply: largest first (the order `applyGroupEdits` gives). */
export function presentGroups(input: {
  cls: { _id: string; name: string };
  question: { _id: string; question: string; marks: number };
  groups: readonly { id: string; edited: boolean; members: readonly TGroupMember[] }[];
  edited: boolean;
  anonymous: boolean;
}): TAnswerGroups {
  const groups = input.groups.map(presentGroup);
  return {
    class: input.cls,
    question: input.question,
    groups,
    counts: {
      marked: groups.reduce((n, g) => n + g.size, 0),
      reviewed: groups.reduce((n, g) => n + g.reviewed, 0),
    },
    edited: input.edited,
    anonymous: input.anonymous,
  };
}
