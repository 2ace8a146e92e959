import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type TPublicQuestion = {
  questionId: string;
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
};

/**
 * The public human-marked data (`../shared/data/marking/*.jsonl` next to the repository, or
 * MARKING_DATA_DIR). It is not in the repository (licences, 35 MB), so tests that read it say
 * where they looked when it is missing.
 */
export const MARKING_DATA_DIR =
  process.env.MARKING_DATA_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/marking');

export const hasMarkingData = existsSync(path.join(MARKING_DATA_DIR, 'saf-en-train.jsonl'));

/** One record per question (the first answer's copy of it), in file order. */
export function loadPublicQuestions(): TPublicQuestion[] {
  const byId = new Map<string, TPublicQuestion>();
  for (const file of ['asap-sas-train.jsonl', 'saf-en-train.jsonl']) {
    const text = readFileSync(path.join(MARKING_DATA_DIR, file), 'utf8');
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const record = JSON.parse(line) as TPublicQuestion & { dataset: string };
      const id = `${record.dataset}-${record.questionId}`;
      if (!byId.has(id)) byId.set(id, { ...record, questionId: id });
    }
  }
  return [...byId.values()];
}
