import { describe, expect, it } from 'vitest';
import { applyListView, isFlagged, matchesSearch } from './submission-list';
import { buildSubmission } from './test-data';

const flaggedAnswer = {
  ...buildSubmission(1).submissions[0]!,
  contentModeration: { isInappropriate: true, reason: 'Offensive language' },
};

const LIST = [
  buildSubmission(3, { student: { _id: 's-b', name: 'bob Jones' }, totalScore: 9 }),
  buildSubmission(1, {
    student: { _id: 's-c', name: 'Carla Diaz' },
    classId: { _id: 'c-2', name: 'Chemistry' },
    totalScore: 2,
    submissions: [flaggedAnswer],
  }),
  buildSubmission(5, { status: 'pending', totalScore: null }),
  buildSubmission(2, {
    student: null,
    classId: null,
    class: 'Biology (old)',
    totalScore: 10,
    isFlagged: true,
  }),
  buildSubmission(4, { student: { _id: 's-d', name: 'Dan Brown' }, totalScore: 4 }),
];

const ids = (list: { _id: string }[]) => list.map((s) => s._id.slice(-2));
const view = (patch: Partial<Parameters<typeof applyListView>[1]> = {}) => ({
  search: '',
  filter: 'all' as const,
  sort: 'recent' as const,
  ...patch,
});

describe('submission list', () => {
  it('sorts by most recent and oldest first', () => {
    expect(ids(applyListView(LIST, view()))).toEqual(['05', '04', '03', '02', '01']);
    expect(ids(applyListView(LIST, view({ sort: 'oldest' })))).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
    ]);
  });

  it('sorts by student name and class name, ignoring case (unknown names sort as "Unknown …")', () => {
    // Alice Smith (05), bob Jones (03), Carla Diaz (01), Dan Brown (04), Unknown Student (02).
    expect(ids(applyListView(LIST, view({ sort: 'student' })))).toEqual([
      '05',
      '03',
      '01',
      '04',
      '02',
    ]);
    // Biology (old) (02), Chemistry (01), then Physics 10A newest first (05, 04, 03).
    expect(ids(applyListView(LIST, view({ sort: 'class' })))).toEqual([
      '02',
      '01',
      '05',
      '04',
      '03',
    ]);
  });

  it('sorts by score, highest first, with submissions not yet marked last', () => {
    expect(ids(applyListView(LIST, view({ sort: 'score' })))).toEqual([
      '02',
      '03',
      '04',
      '01',
      '05',
    ]);
  });

  it('filters flagged and unflagged (flagged = the flag or any inappropriate answer)', () => {
    expect(isFlagged(LIST[1]!)).toBe(true);
    expect(isFlagged(LIST[3]!)).toBe(true);
    expect(isFlagged(LIST[0]!)).toBe(false);
    expect(ids(applyListView(LIST, view({ filter: 'flagged' })))).toEqual(['02', '01']);
    expect(ids(applyListView(LIST, view({ filter: 'unflagged' })))).toEqual(['05', '04', '03']);
  });

  it('searches student names, class names and question texts, ignoring case and spaces', () => {
    expect(ids(applyListView(LIST, view({ search: '  BOB ' })))).toEqual(['03']);
    expect(ids(applyListView(LIST, view({ search: 'chem' })))).toEqual(['01']);
    expect(ids(applyListView(LIST, view({ search: 'biology' })))).toEqual(['02']);
    expect(ids(applyListView(LIST, view({ search: 'photosynthesis' })))).toHaveLength(5);
    expect(ids(applyListView(LIST, view({ search: 'nobody' })))).toEqual([]);
    expect(matchesSearch(LIST[0]!, '')).toBe(true);
  });

  it('combines search, filter and sort without changing the given list', () => {
    const before = ids(LIST);
    expect(
      ids(applyListView(LIST, { search: 'physics', filter: 'unflagged', sort: 'score' })),
    ).toEqual(['03', '04', '05']);
    expect(ids(LIST)).toEqual(before);
  });
});
