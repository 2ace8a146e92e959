import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPLETE_ANSWER, PARTIAL_ANSWER, PLANT_QUESTION } from '../test-support/plant-question';
import {
  reviewAllowance,
  runLoopProtocol,
  screenReviewOrder,
  type TLoopQuestion,
} from './teacher-loop';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../..');
const folder = mkdtempSync(path.join(os.tmpdir(), 'mark-loop-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PLANT_ANSWERS = [
  COMPLETE_ANSWER,
  PARTIAL_ANSWER,
  'NSR',
  'cuticle stomata transpiration spines roots cacti waxy evaporation surface area',
  'Deep roots collect more water from the soil.',
  'Cacti store water in their fleshy stems.',
  PARTIAL_ANSWER,
  'Plants have spines instead of leaves, so less surface area for evaporation.',
  'They drink a lot of water.',
  'Sunken stomata reduce transpiration and a waxy cuticle stops evaporation.',
  'I like plants.',
];

const CIRCUIT = {
  question: 'A 12 V battery drives a current through a 6 ohm resistor. Calculate the current.',
  marks: 2,
  lowMarkRange: '0-1',
  highMarkRange: '2-2',
  rubric:
    'Low Mark Range (0-1): Uses I = V / R but gives a wrong value or no unit. High Mark Range (2-2): I = V / R = 12 / 6 = 2 A.',
};
const CIRCUIT_ANSWERS = ['I = V/R = 12/6 = 2 A', '2', 'I = 6/12 = 0.5 A', '72 A', 'I = 12/6 = 2 A'];

/** Two questions (11 and 5 answers) and the human mark the harness gives each answer. */
function classOf(): { questions: TLoopQuestion[]; human: Map<string, number> } {
  const human = new Map<string, number>();
  const plants = PLANT_ANSWERS.map((answer, i) => {
    human.set(`p${i}`, i % 4);
    return { id: `p${i}`, ...PLANT_QUESTION, answer };
  });
  const circuit = CIRCUIT_ANSWERS.map((answer, i) => {
    human.set(`c${i}`, i % 3);
    return { id: `c${i}`, ...CIRCUIT, answer };
  });
  return {
    questions: [
      { key: 'plants', answers: plants },
      { key: 'circuit', answers: circuit },
    ],
    human,
  };
}

type TTranscript = {
  reviews: string[];
  finals: Map<string, number[]>;
  lines: Record<string, unknown>[];
};

/**
 * A simulated teacher over the protocol's streams: answers each `{"review":id}` with `reply(id)`
 * (a line, or null to close the input), and records every line the marker writes.
 */
async function teacherOver(
  fromMarker: Readable,
  toMarker: Writable,
  reply: (id: string, n: number) => string | null,
): Promise<TTranscript> {
  const t: TTranscript = { reviews: [], finals: new Map(), lines: [] };
  for await (const line of createInterface({ input: fromMarker, crlfDelay: Infinity })) {
    const json = JSON.parse(line) as Record<string, unknown>;
    t.lines.push(json);
    if (typeof json.review === 'string') {
      t.reviews.push(json.review);
      const answer = reply(json.review, t.reviews.length);
      if (answer === null) toMarker.end();
      else toMarker.write(`${answer}\n`);
    } else if (typeof json.id === 'string' && typeof json.score === 'number') {
      t.finals.set(json.id, [...(t.finals.get(json.id) ?? []), json.score]);
    }
    if (json.done === true) break;
  }
  return t;
}

async function loopOver(
  budget: number,
  reply: (id: string, n: number) => string | null,
): Promise<{ t: TTranscript; logs: string[]; questions: TLoopQuestion[] }> {
  const { questions } = classOf();
  const toMarker = new PassThrough();
  const fromMarker = new PassThrough();
  const logs: string[] = [];
  const transcript = teacherOver(fromMarker, toMarker, reply);
  await runLoopProtocol(
    questions,
    { input: toMarker, output: fromMarker, log: (m) => logs.push(m) },
    { budget },
  );
  fromMarker.end();
  return { t: await transcript, logs, questions };
}

function expectEveryAnswerOnceThenDone(t: TTranscript, questions: TLoopQuestion[]): void {
  const ids = questions.flatMap((q) => q.answers.map((a) => a.id));
  expect([...t.finals.keys()].sort()).toEqual([...ids].sort());
  for (const scores of t.finals.values()) expect(scores).toHaveLength(1);
  expect(t.lines.at(-1)).toEqual({ done: true });
  expect(t.lines.filter((l) => l.done === true)).toHaveLength(1);
}

describe('the teacher loop protocol', () => {
  it('asks at most ceil(budget × answers) per question and gives the teacher the last word', async () => {
    const { human } = classOf();
    const { t, questions } = await loopOver(0.3, (id) =>
      JSON.stringify({ id, score: human.get(id) }),
    );
    expect(reviewAllowance(0.3, 11)).toBe(4);
    expect(reviewAllowance(0.3, 5)).toBe(2);
    expect(reviewAllowance(0.1, 30)).toBe(3);
    expect(reviewAllowance(0, 30)).toBe(0);
    const plants = t.reviews.filter((id) => id.startsWith('p'));
    const circuit = t.reviews.filter((id) => id.startsWith('c'));
    expect(plants).toHaveLength(4);
    expect(circuit).toHaveLength(2);
    expect(new Set(t.reviews).size).toBe(t.reviews.length);
    // The plant question's reviews all come before any of its final marks, and the teacher's marks stand.
    const firstFinal = t.lines.findIndex((l) => typeof l.score === 'number');
    const lastPlantReview = t.lines.findLastIndex(
      (l) => typeof l.review === 'string' && l.review.startsWith('p'),
    );
    expect(lastPlantReview).toBeLessThan(firstFinal);
    for (const id of t.reviews) expect(t.finals.get(id)).toEqual([human.get(id)]);
    // Every final mark is a whole mark within the question's marks.
    for (const [id, [score]] of t.finals) {
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeLessThanOrEqual(id.startsWith('p') ? 3 : 2);
    }
    expectEveryAnswerOnceThenDone(t, questions);
  });

  it('asks nothing at budget 0', async () => {
    const { t, questions } = await loopOver(0, () => {
      throw new Error('asked');
    });
    expect(t.reviews).toEqual([]);
    expectEveryAnswerOnceThenDone(t, questions);
  });

  it('stops asking for a question after a refusal, and goes on with the next', async () => {
    const { t, logs, questions } = await loopOver(0.5, (id) =>
      id.startsWith('p')
        ? JSON.stringify({ id, refused: 'over budget' })
        : JSON.stringify({ id, score: 1 }),
    );
    expect(t.reviews.filter((id) => id.startsWith('p'))).toHaveLength(1);
    expect(t.reviews.filter((id) => id.startsWith('c'))).toHaveLength(3);
    expect(logs.some((l) => l.includes('refused'))).toBe(true);
    expectEveryAnswerOnceThenDone(t, questions);
  });

  it('takes no mark from a bad reply, and marks everything when the teacher leaves', async () => {
    const bad = await loopOver(0.2, (id, n) =>
      n === 1 ? JSON.stringify({ id: 'someone-else', score: 3 }) : JSON.stringify({ id, score: 9 }),
    );
    expect(bad.logs.some((l) => l.includes('no mark taken'))).toBe(true);
    expect(bad.logs.some((l) => l.includes('not in 0..'))).toBe(true);
    expectEveryAnswerOnceThenDone(bad.t, bad.questions);
    for (const scores of bad.t.finals.values()) expect(scores[0]).toBeLessThanOrEqual(3);

    const gone = await loopOver(0.3, () => null);
    expect(gone.t.reviews).toHaveLength(1);
    expectEveryAnswerOnceThenDone(gone.t, gone.questions);
  });

  it('runs as `npm run mark -- --loop` over stdin and stdout, logs on stderr', async () => {
    const { questions, human } = classOf();
    const file = path.join(folder, 'class.jsonl');
    writeFileSync(
      file,
      questions
        .flatMap((q) =>
          q.answers.map((a) => JSON.stringify({ ...a, dataset: 'test', questionId: q.key })),
        )
        .join('\n'),
    );
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, '../cli/mark.ts'),
        '--loop',
        '--in',
        file,
        '--budget',
        '0.2',
      ],
      { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const t = await teacherOver(child.stdout, child.stdin, (id) =>
      JSON.stringify({ id, score: human.get(id) }),
    );
    child.stdin.end();
    expect(await exited).toBe(0);
    // ceil(0.2 × 11) = 3 and ceil(0.2 × 5) = 1.
    expect(t.reviews.filter((id) => id.startsWith('p'))).toHaveLength(3);
    expect(t.reviews.filter((id) => id.startsWith('c'))).toHaveLength(1);
    expectEveryAnswerOnceThenDone(t, questions);
    expect(stderr).toContain('Loop: 16 answers in 2 questions, 4 marked by the teacher');
  }, 60_000);
});

describe('the marking screen’s order (screenReviewOrder)', () => {
  const { question, marks, lowMarkRange, highMarkRange, rubric } = PLANT_QUESTION;
  const q = { question, marks, lowMarkRange, highMarkRange, rubric, referenceAnswer: '' };

  it('lists every answer still to review once, the reviewed ones never', () => {
    const answers = [
      { id: 'a', answer: COMPLETE_ANSWER, teacherScore: 3 },
      { id: 'b', answer: PARTIAL_ANSWER },
      { id: 'c', answer: PARTIAL_ANSWER },
      { id: 'd', answer: 'cuticle stomata roots spines waxy' },
      { id: 'e', answer: 'I do not know.' },
    ];
    const order = screenReviewOrder(q, answers);
    expect([...order].sort()).toEqual(['b', 'c', 'd', 'e']);
    expect(new Set(order).size).toBe(order.length);
    // The least sure (credit for words without a sentence) comes before a plain copy of another.
    expect(order.indexOf('d')).toBeLessThan(order.indexOf('c'));
  });

  it('proposes the few first as the start of the same order: no copy, no reviewed answer', () => {
    const answers = [
      { id: 'a', answer: COMPLETE_ANSWER, teacherScore: 3 },
      { id: 'b', answer: PARTIAL_ANSWER },
      { id: 'c', answer: PARTIAL_ANSWER },
      { id: 'f', answer: PARTIAL_ANSWER },
      { id: 'd', answer: 'cuticle stomata roots spines waxy' },
      { id: 'e', answer: 'I do not know.' },
    ];
    const order = screenReviewOrder(q, answers);
    const few = screenReviewOrder(q, answers, { limit: 2 });
    expect(few).toEqual(order.slice(0, 2));
    // The biggest group (three copies) gives its first answer; the least sure comes next.
    expect(few[0]).toBe('b');
    const all = screenReviewOrder(q, answers, { limit: 10 });
    // One of the copies only, never the reviewed answer.
    expect([...all].sort()).toEqual(['b', 'd', 'e']);
  });

  it('is empty when everything is reviewed', () => {
    expect(screenReviewOrder(q, [{ id: 'a', answer: COMPLETE_ANSWER, teacherScore: 3 }])).toEqual(
      [],
    );
  });
});
