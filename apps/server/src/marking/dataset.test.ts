import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExamples, pickExampleIds, readRecords } from './dataset';

const folder = mkdtempSync(path.join(os.tmpdir(), 'marking-data-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function record(id: string, questionId: string, answer: string, humanScore: number) {
  return JSON.stringify({
    id,
    dataset: 'demo',
    questionId,
    question: `Question ${questionId}?`,
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    rubric: 'Low Mark Range (0-1):\nWeak.\n\nHigh Mark Range (2-2):\nStrong.',
    referenceAnswer: '',
    answer,
    humanScore,
    humanScores: [humanScore],
  });
}

describe('marking data files', () => {
  it('streams records and names the line of a bad one', async () => {
    const good = path.join(folder, 'good.jsonl');
    writeFileSync(good, `${record('a', '1', 'x', 1)}\n\n${record('b', '1', 'y', 2)}\n`);
    const ids: string[] = [];
    for await (const r of readRecords(good)) ids.push(r.id);
    expect(ids).toEqual(['a', 'b']);

    const bad = path.join(folder, 'bad.jsonl');
    writeFileSync(bad, `${record('a', '1', 'x', 1)}\n{"id":"b","marks":0}\n`);
    await expect(async () => {
      for await (const _ of readRecords(bad)) void _;
    }).rejects.toThrow(/bad\.jsonl:2: /);
  });

  it('picks the same examples per question on every run, and different ones for another seed', () => {
    const byQuestion = new Map([
      ['demo/1', Array.from({ length: 30 }, (_, i) => `q1-${i}`)],
      ['demo/2', Array.from({ length: 5 }, (_, i) => `q2-${i}`)],
    ]);
    const first = pickExampleIds(byQuestion, 10, 1);
    expect(first).toEqual(pickExampleIds(byQuestion, 10, 1));
    expect([...first].filter((id) => id.startsWith('q1-'))).toHaveLength(10);
    expect([...first].filter((id) => id.startsWith('q2-'))).toHaveLength(5);
    expect(pickExampleIds(byQuestion, 10, 2)).not.toEqual(first);
    expect(pickExampleIds(byQuestion, 0, 1).size).toBe(0);
  });

  it('loads the picked examples with their human scores', async () => {
    const file = path.join(folder, 'examples.jsonl');
    const lines = Array.from({ length: 12 }, (_, i) =>
      record(`r${i}`, i < 6 ? '1' : '2', `answer ${i}`, i % 3),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { exampleIds, examples } = await loadExamples(file, 2);
    expect(exampleIds.size).toBe(4);
    expect(examples.get('demo/1')).toHaveLength(2);
    expect(examples.get('demo/2')).toHaveLength(2);
    for (const e of [...(examples.get('demo/1') ?? []), ...(examples.get('demo/2') ?? [])]) {
      const i = Number(/^answer (\d+)$/.exec(e.answer)?.[1]);
      // Each example keeps its own record's human score, and sits under its own question.
      expect(e.score).toBe(i % 3);
      expect(examples.get(i < 6 ? 'demo/1' : 'demo/2')).toContain(e);
    }
  });
});
