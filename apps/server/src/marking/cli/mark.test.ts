import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPLETE_ANSWER, PARTIAL_ANSWER, PLANT_QUESTION } from '../test-support/plant-question';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../..');
const folder = mkdtempSync(path.join(os.tmpdir(), 'mark-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run mark', () => {
  it('marks a JSONL file line by line, holding out the examples', async () => {
    const input = path.join(folder, 'in.jsonl');
    const output = path.join(folder, 'out.jsonl');
    const answers = [COMPLETE_ANSWER, PARTIAL_ANSWER, 'NSR', PARTIAL_ANSWER, COMPLETE_ANSWER];
    writeFileSync(
      input,
      answers
        .map((answer, i) =>
          JSON.stringify({
            id: `plants-1-${i}`,
            dataset: 'plants',
            questionId: '1',
            ...PLANT_QUESTION,
            referenceAnswer: '',
            answer,
            humanScore: i % 4,
          }),
        )
        .join('\n'),
    );
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'mark.ts'),
        '--in',
        input,
        '--out',
        output,
        '--examples',
        '2',
      ],
      { cwd: repoRoot, env: { ...process.env, AI_PROVIDER: 'offline' } },
    );
    expect(stdout).toContain('Marked 3 answers with offline@20 (2 examples per question');
    const rows = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ dataset: 'plants', engine: 'offline@20' });
      expect(Number.isInteger(row.predictedScore)).toBe(true);
      expect(typeof row.predictedRaw).toBe('number');
      expect(typeof row.aiComment).toBe('string');
      expect(typeof row.suggestion).toBe('string');
      expect(typeof row.markRange).toBe('string');
      expect(row.contentModeration).toMatchObject({ isInappropriate: false });
      // How sure the marker is, and whether the mark waits for the teacher (issue 27).
      expect(row.confidence).toBeGreaterThanOrEqual(0);
      expect(row.confidence).toBeLessThanOrEqual(1);
      expect(typeof row.needsReview).toBe('boolean');
      if (row.needsReview) expect(String(row.confidenceReason)).toMatch(/^unsure: /);
    }
  });

  it('refuses a bad option with a clear message', async () => {
    await expect(
      run(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(here, 'mark.ts'),
          '--in',
          'x',
          '--out',
          'y',
          '--limit',
          'many',
        ],
        {
          cwd: repoRoot,
        },
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('--limit must be a whole number') });
  });
});
