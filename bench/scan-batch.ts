import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, CLASS_PATHS, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import { SCAN_PATHS, type TScanBatchDetails } from '@stem/contract/scans';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/auth.passwords';
import { defaultPermissionsFor } from '../apps/server/src/modules/auth/auth.policy';
import { generateSchoolCode } from '../apps/server/src/modules/auth/auth.school-code';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';
import { insertSchools, insertUsers } from '../apps/server/src/modules/demo/demo.queries';
import {
  fillSheets,
  renderSheets,
  scanLook,
  scannedPdf,
  type TScanLook,
} from '../apps/server/test/sheets/scan-fixtures';

/**
 * `npm run bench:scan`: a class of 30 students answers 3 questions on printed answer sheets, a few
 * answer boxes left blank; the 90 scanned pages (some turned, skewed, noisy, some upside down,
 * shuffled) are uploaded as one PDF, and the clock runs from the upload to the last answer marked.
 * Offline engines (tesseract.js, the offline marker), the embedded database and in-process queue.
 * Prints seconds per page and how many of the blank boxes were reported blank (upright and upside
 * down), and whether anything else was.
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30);
const QUESTIONS = [
  'Explain how photosynthesis makes glucose in a leaf.',
  'Describe osmosis in a root hair cell.',
  'Why do enzymes stop working at high temperatures?',
];
const ANSWERS = [
  'Light energy is absorbed by chlorophyll and turns carbon dioxide and water into glucose and oxygen',
  'Water moves from a dilute solution into the root hair cell across a partially permeable membrane',
  'High temperatures change the shape of the active site so the substrate no longer fits',
];
const FIRST = [
  'Amara',
  'Ben',
  'Chloe',
  'Dmitri',
  'Esme',
  'Farah',
  'George',
  'Hana',
  'Ivan',
  'Jade',
];
const LAST = ['Okafor', 'Carter', 'Dubois'];

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-bench-scan-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const { db } = database;
    const [school] = await insertSchools(db, [
      {
        code: generateSchoolCode(),
        name: 'Bench School',
        plan: 'classroom',
        schoolType: 'classroom',
      },
    ]);
    if (!school) throw new Error('no school');
    const passwordHash = await hashPassword('bench-password-123');
    const user = (role: 'teacher' | 'student', name: string, i: number) => ({
      schoolId: school.id,
      name,
      email: `${role}.${i}.${Date.now()}@bench.example`,
      passwordHash,
      role,
      active: true,
      permissions: defaultPermissionsFor(role, 'classroom'),
    });
    const [teacher] = await insertUsers(db, [user('teacher', 'Bench Teacher', 0)]);
    if (!teacher) throw new Error('no teacher');
    const names = Array.from(
      { length: STUDENTS },
      (_, i) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    );
    const students = await insertUsers(
      db,
      names.map((n, i) => user('student', n, i + 1)),
    );
    const { token } = await openSession(db, config.jwtSecret, {
      id: teacher.id,
      role: 'teacher',
      schoolId: school.id,
    });
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const response = await app.inject({
        method,
        url: `${API_BASE}${url}`,
        headers,
        payload: payload as object,
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
      return response;
    };
    const cls = (
      await call('POST', CLASS_PATHS.create, {
        name: 'Bench Biology',
        students: students.map((s) => s.id),
      })
    ).json<{ data: { id: string } }>().data;
    const questionIds: string[] = [];
    for (const question of QUESTIONS) {
      const q = (
        await call('POST', QUESTION_PATHS.create, {
          question,
          marks: 3,
          lowMarkRange: '0-1',
          highMarkRange: '2-3',
          rubric: `Low Mark Range (0-1):\nVague.\n\nHigh Mark Range (2-3):\n${ANSWERS[QUESTIONS.indexOf(question)]}`,
        })
      ).json<{ data: { id: string } }>().data;
      await call('POST', QUESTION_PATHS.addToClass, { questionId: q.id, classId: cls.id });
      questionIds.push(q.id);
    }

    process.stdout.write(`making ${STUDENTS * QUESTIONS.length} scanned pages...\n`);
    const sheets = (await call('GET', fillPath(SCAN_PATHS.answerSheets, { classId: cls.id })))
      .rawPayload;
    // A few boxes left blank, among them upside-down and noisy pages (the looks below cycle by 6).
    const isBlank = (i: number) => i % 11 === 4;
    const filled = await fillSheets(
      sheets,
      Array.from({ length: STUDENTS * QUESTIONS.length }, (_, i) => ({
        answer: isBlank(i) ? '' : (ANSWERS[i % 3] ?? ''),
      })),
    );
    const pages = await renderSheets(filled, STUDENTS * QUESTIONS.length);
    const looks: TScanLook[] = [
      {},
      { rotate: 1.5 },
      { noisy: true },
      { rotate: -2 },
      { rotate: 180 },
      {},
    ];
    const order = pages.map((_, i) => i).sort((a, b) => ((a * 37) % 97) - ((b * 37) % 97));
    const scans: Buffer[] = [];
    for (const i of order)
      scans.push(await scanLook(pages[i] ?? Buffer.alloc(0), looks[i % looks.length] ?? {}));
    const pdf = await scannedPdf(scans);
    process.stdout.write(`stack: ${scans.length} pages, ${(pdf.length / 1048576).toFixed(1)} MB\n`);

    const boundary = '----bench-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="classId"\r\n\r\n${cls.id}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="stack.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = performance.now();
    const upload = await app.inject({
      method: 'POST',
      url: `${API_BASE}${SCAN_PATHS.batches}`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (upload.statusCode !== 202) throw new Error(`upload: ${upload.body}`);
    const acceptedMs = performance.now() - started;
    const batchId = upload.json<{ data: { batchId: string } }>().data.batchId;
    let batch: TScanBatchDetails;
    let readMs = 0;
    for (;;) {
      const reply = await call('GET', fillPath(SCAN_PATHS.batch, { id: batchId }));
      batch = reply.json<{ data: TScanBatchDetails }>().data;
      if (batch.status === 'done' && readMs === 0) readMs = performance.now() - started;
      if (batch.status === 'failed') throw new Error(`batch failed: ${batch.failureReason}`);
      if (batch.status === 'done' && batch.marked + batch.markingFailed >= batch.assigned) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const totalMs = performance.now() - started;
    const perPage = totalMs / 1000 / batch.totalPages;
    // Sheets come per student in class-list order, each student's questions together: page i is
    // that list's student i / 3, question i % 3.
    const listed = (await call('GET', fillPath(CLASS_PATHS.students, { classId: cls.id }))).json<{
      data: { students: { _id: string }[] };
    }>().data.students;
    const studentOf = new Map(listed.map((s, i) => [s._id, i]));
    const pageIndex = (p: TScanBatchDetails['pages'][number]) =>
      (studentOf.get(p.student?.id ?? '') ?? -99) * QUESTIONS.length +
      questionIds.indexOf(p.questionId ?? '');
    const blanks = Array.from({ length: STUDENTS * QUESTIONS.length }, (_, i) => i).filter(isBlank);
    const reported = new Set(batch.pages.filter((p) => p.status === 'blank').map(pageIndex));
    const upsideDown = blanks.filter((i) => looks[i % looks.length]?.rotate === 180);
    process.stdout.write(
      [
        `pages ${batch.totalPages}: assigned ${batch.assigned}, needing the teacher ${batch.needsTeacher}, repeats ${batch.duplicates}, blank ${batch.blank}, marked ${batch.marked}, marking failed ${batch.markingFailed}`,
        `blank boxes reported blank: ${blanks.filter((i) => reported.has(i)).length} of ${blanks.length} (upside down: ${upsideDown.filter((i) => reported.has(i)).length} of ${upsideDown.length}); written boxes reported blank: ${[...reported].filter((i) => !isBlank(i)).length}`,
        `upload accepted in ${(acceptedMs / 1000).toFixed(2)} s; all read in ${(readMs / 1000).toFixed(1)} s; all marked in ${(totalMs / 1000).toFixed(1)} s`,
        `seconds per page: ${perPage.toFixed(2)} (target: ${STUDENTS * QUESTIONS.length} pages under 120 s)`,
        '',
      ].join('\n'),
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
