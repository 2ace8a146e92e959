/**
 * Hostile uploads against the built server (issue 26): does the API keep answering while it is sent
 * files that cost far more to draw than to send?
 *
 *   npm run bench:hostile -- [--pdfs N] [--prints N] [--root DIR] [--port P] [--give-up-s S] [--baseline-s B]
 *
 * Makes a school with a teacher and 80 students in a fresh PGlite DATA_DIR, starts that checkout's
 * `npm start` (`--root`, default this one: it builds what is stale) on `--port` (PORT, default 3101),
 * then sends at once N hostile PDFs (default 10: 5 KB of 100,000 compressed strokes each, half to the
 * teacher's extract-text route, half in base64 to the student's photo route) and two hostile SVG logos
 * (eight chained feMorphology filters; 20 large blurred circles), and the same PDF twice as a
 * scanned stack of answer sheets (followed to the batch's end when accepted), and prints `--prints`
 * packs of the class at once (default 4: booklets and one-question sheets, 80 students x 20 questions,
 * alternately). Meanwhile it probes `/healthz` and a
 * sign-in every 100 ms (each probe on its own, not waiting for the last) and prints the p50/p99/max of
 * those probes and how each hostile upload ended. An upload still unanswered after `--give-up-s`
 * (default 600) is reported as such. The same probes run alone for `--baseline-s` seconds first
 * (default 10), and are printed apart: what the probes cost with nothing hostile sent.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, AUTH_PATHS } from '@stem/contract/api';
import { SCAN_PATHS } from '@stem/contract/scans';
import { SCHOOL_PATHS } from '@stem/contract/school';
import { ROOT_PATHS } from '@stem/contract/submissions';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/auth.passwords';
import { defaultPermissionsFor } from '../apps/server/src/modules/auth/auth.policy';
import { generateSchoolCode } from '../apps/server/src/modules/auth/auth.school-code';
import {
  insertClasses,
  insertClassQuestions,
  insertClassStudents,
  insertQuestions,
  insertSchools,
  insertUsers,
} from '../apps/server/src/modules/demo/demo.queries';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';
import {
  blurredCirclesSvg,
  drawingBombPdf,
  morphologySvg,
} from '../apps/server/test/extraction/hostile-files';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const PDFS = Number(option('--pdfs', '10'));
const ROOT = path.resolve(option('--root', here));
const PORT = Number(option('--port', process.env.PORT ?? '3101'));
const GIVE_UP_MS = Number(option('--give-up-s', '600')) * 1000;
const BASELINE_MS = Number(option('--baseline-s', '10')) * 1000;
const PROBE_EVERY_MS = 100;
/** A probe unanswered after this counts as failed, at this latency. */
const PROBE_GIVE_UP_MS = 30_000;
const STUDENTS = 80;
const PASSWORD = 'bench-password-123';
/** Questions of the class, and packs printed of them at the same time as the hostile uploads. */
const PRINT_QUESTIONS = 20;
const PRINTS = Number(option('--prints', '4'));
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const base = `http://127.0.0.1:${PORT}`;

type TOutcome = { name: string; status: number | 'no answer'; message: string; ms: number };
type TProbe = { ms: number; status: number | 'failed' };

async function makeAccounts(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [school] = await insertSchools(database.db, [
      {
        code: generateSchoolCode(),
        name: 'Bench School',
        plan: 'classroom',
        schoolType: 'classroom',
      },
    ]);
    if (!school) throw new Error('no school');
    const passwordHash = await hashPassword(PASSWORD);
    const user = (role: 'teacher' | 'student', i: number) => ({
      schoolId: school.id,
      name: `Bench ${role} ${i}`,
      email: `${role}.${i}@bench.example`,
      passwordHash,
      role,
      active: true,
      permissions: defaultPermissionsFor(role, 'classroom'),
    });
    const [teacher] = await insertUsers(database.db, [user('teacher', 0)]);
    const students = await insertUsers(
      database.db,
      Array.from({ length: STUDENTS }, (_, i) => user('student', i + 1)),
    );
    if (!teacher || !students[0]) throw new Error('no accounts');
    // A class of the teacher's with every student, for the hostile stack of answer sheets.
    const [cls] = await insertClasses(database.db, [
      { schoolId: school.id, teacherId: teacher.id, name: 'Bench class' },
    ]);
    if (!cls) throw new Error('no class');
    await insertClassStudents(
      database.db,
      students.map((s) => ({ classId: cls.id, studentId: s.id })),
    );
    // Twenty questions of the class, for the packs printed at the same time (a whole class's test).
    const questions = await insertQuestions(
      database.db,
      Array.from({ length: PRINT_QUESTIONS }, (_, i) => ({
        schoolId: school.id,
        teacherId: teacher.id,
        question: `Question ${i + 1}: explain, with a worked example, how energy is transferred when a kettle boils water, and name the units.`,
        marks: 1 + (i % 6),
        lowMarkRange: '0-1',
        highMarkRange: '1-6',
        rubric: 'Low: a fact.\nHigh: a full explanation.',
      })),
    );
    await insertClassQuestions(
      database.db,
      questions.map((q, position) => ({ classId: cls.id, questionId: q.id, position })),
    );
    // A real session each: an access token works only while its session is open (issue 26).
    const token = async (id: string, role: 'teacher' | 'student') =>
      (await openSession(database.db, JWT_SECRET, { id, role, schoolId: school.id })).token;
    return {
      teacher: await token(teacher.id, 'teacher'),
      student: await token(students[0].id, 'student'),
      emails: students.map((s) => s.email),
      classId: cls.id,
      questionIds: questions.map((q) => q.id),
    };
  } finally {
    await database.close();
  }
}

async function waitForServer(child: ReturnType<typeof spawn>) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

function summary(name: string, probes: TProbe[]) {
  const ms = probes.map((p) => p.ms).sort((a, b) => a - b);
  const bad = probes.filter((p) => p.status !== 200).length;
  return `${name.padEnd(9)} n=${String(probes.length).padStart(4)}  p50 ${quantile(ms, 0.5).toFixed(0).padStart(6)} ms  p99 ${quantile(ms, 0.99).toFixed(0).padStart(6)} ms  max ${(ms.at(-1) ?? 0).toFixed(0).padStart(6)} ms  not 200: ${bad}`;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-bench-hostile-'));
  const accounts = await makeAccounts(dataDir);
  const server = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      JWT_SECRET,
      // Each probe signs in from an address of its own (X-Forwarded-For), under the limits.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
    },
  });
  try {
    await waitForServer(server);
    process.stdout.write(`server of ${ROOT} up on ${base}; ${PDFS} hostile PDFs and 2 SVG logos\n`);

    const healthz: TProbe[] = [];
    const signIns: TProbe[] = [];
    const inFlight: Promise<void>[] = [];
    let n = 0;
    const probe = (into: TProbe[], request: () => Promise<Response>) => {
      const started = performance.now();
      inFlight.push(
        request().then(
          async (r) => {
            await r.arrayBuffer();
            into.push({ ms: performance.now() - started, status: r.status });
          },
          () => {
            into.push({ ms: performance.now() - started, status: 'failed' });
          },
        ),
      );
    };
    const timer = setInterval(() => {
      n += 1;
      probe(healthz, () =>
        fetch(`${base}/healthz`, { signal: AbortSignal.timeout(PROBE_GIVE_UP_MS) }),
      );
      probe(signIns, () =>
        fetch(`${base}${API_BASE}${AUTH_PATHS.login}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({
            email: accounts.emails[n % accounts.emails.length],
            password: PASSWORD,
          }),
          signal: AbortSignal.timeout(PROBE_GIVE_UP_MS),
        }),
      );
    }, PROBE_EVERY_MS);

    // The probes alone first: the baseline the hostile run is read against.
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    await Promise.all(inFlight.splice(0));
    const baseline = { healthz: healthz.splice(0), signIns: signIns.splice(0) };

    const bomb = drawingBombPdf();
    const send = async (name: string, request: () => Promise<Response>): Promise<TOutcome> => {
      const started = performance.now();
      try {
        const r = await request();
        const body = (await r.json().catch(() => ({}))) as { message?: string };
        process.stdout.write(
          `  ${name}: ${r.status} after ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
        );
        return {
          name,
          status: r.status,
          message: body.message ?? '',
          ms: performance.now() - started,
        };
      } catch {
        return { name, status: 'no answer', message: '', ms: performance.now() - started };
      }
    };
    const signal = () => AbortSignal.timeout(GIVE_UP_MS);
    const teacherAuth = { authorization: `Bearer ${accounts.teacher}` };
    const multipart = (field: string, bytes: Buffer, filename: string, type: string) => {
      const form = new FormData();
      form.append(field, new Blob([bytes], { type }), filename);
      return form;
    };
    const uploads: Promise<TOutcome>[] = [];
    for (let i = 0; i < PDFS; i++) {
      uploads.push(
        i % 2 === 0
          ? send(`PDF ${i + 1} (teacher extract-text, ${bomb.length} B)`, () =>
              fetch(`${base}${ROOT_PATHS.teacherExtractText}`, {
                method: 'POST',
                headers: teacherAuth,
                body: multipart('file', bomb, 'work.pdf', 'application/pdf'),
                signal: signal(),
              }),
            )
          : send(`PDF ${i + 1} (student photo, base64)`, () =>
              fetch(`${base}${ROOT_PATHS.studentExtractText}`, {
                method: 'POST',
                headers: {
                  authorization: `Bearer ${accounts.student}`,
                  'content-type': 'application/json',
                },
                body: JSON.stringify({ image: bomb.toString('base64') }),
                signal: signal(),
              }),
            ),
      );
    }
    for (const [name, svg] of [
      ['SVG logo, 8 chained feMorphology', morphologySvg()],
      ['SVG logo, 20 blurred circles', blurredCirclesSvg()],
    ] as const) {
      uploads.push(
        send(`${name} (${svg.length} B)`, () =>
          fetch(`${base}${API_BASE}${SCHOOL_PATHS.updateLogo}`, {
            method: 'POST',
            headers: teacherAuth,
            body: multipart('logo', svg, 'logo.svg', 'image/svg+xml'),
            signal: signal(),
          }),
        ),
      );
    }
    // A stack of answer sheets (issue 28) that is the same PDF: refused at upload, or accepted and
    // then read page by page by the scan job; its outcome is the batch's end.
    for (const i of [1, 2]) {
      uploads.push(
        send(`stack ${i} of answer sheets (${bomb.length} B)`, async () => {
          // The class first: the server reads the fields before the files it streams.
          const form = new FormData();
          form.append('classId', accounts.classId);
          form.append('files', new Blob([bomb], { type: 'application/pdf' }), 'stack.pdf');
          const r = await fetch(`${base}${API_BASE}${SCAN_PATHS.batches}`, {
            method: 'POST',
            headers: teacherAuth,
            body: form,
            signal: signal(),
          });
          if (r.status !== 202) return r;
          const { data } = (await r.json()) as { data: { batchId: string } };
          const batchUrl = `${base}${API_BASE}${SCAN_PATHS.batch.replace(':id', data.batchId)}`;
          for (;;) {
            const batch = await fetch(batchUrl, { headers: teacherAuth, signal: signal() });
            const body = (await batch.json()) as {
              data: { status: string; failureReason: string | null };
            };
            if (body.data.status === 'done' || body.data.status === 'failed') {
              return Response.json(
                { message: `batch ${body.data.status}: ${body.data.failureReason ?? ''}` },
                { status: 202 },
              );
            }
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }),
      );
    }
    // Printing (session 16's final read): a class's test booklets and its one-question sheets, drawn
    // at the same time, each seconds of PDF work, alternately booklets and sheets.
    for (let i = 0; i < PRINTS; i++) {
      const booklet = i % 2 === 0;
      const query = booklet
        ? `format=booklet&questionIds=${accounts.questionIds.join(',')}`
        : `questionIds=${accounts.questionIds.join(',')}`;
      uploads.push(
        send(
          `print ${i + 1}: ${booklet ? 'booklets' : 'sheets'}, ${STUDENTS} students x ${PRINT_QUESTIONS} questions`,
          async () => {
            const r = await fetch(
              `${base}${API_BASE}${SCAN_PATHS.answerSheets.replace(':classId', accounts.classId)}?${query}`,
              { headers: teacherAuth, signal: signal() },
            );
            if (r.status !== 200) return r;
            const pages = r.headers.get('x-sheet-pages');
            const bytes = (await r.arrayBuffer()).byteLength;
            return Response.json({ message: `${pages} pages, ${bytes} B` }, { status: 200 });
          },
        ),
      );
    }
    const started = performance.now();
    const outcomes = await Promise.all(uploads);
    const allMs = performance.now() - started;
    // One more second of probes after the last upload ended, then the stragglers are awaited.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(timer);
    await Promise.all(inFlight);

    process.stdout.write(
      `\nhostile uploads (all answered after ${(allMs / 1000).toFixed(1)} s):\n`,
    );
    for (const o of outcomes) {
      process.stdout.write(
        `  ${o.name.padEnd(46)} ${String(o.status).padStart(9)} after ${(o.ms / 1000).toFixed(1).padStart(6)} s  ${o.message}\n`,
      );
    }
    process.stdout.write(
      `\nprobes every ${PROBE_EVERY_MS} ms for ${BASELINE_MS / 1000} s with nothing hostile sent (baseline):\n`,
    );
    process.stdout.write(
      `  ${summary('/healthz', baseline.healthz)}\n  ${summary('sign-in', baseline.signIns)}\n`,
    );
    process.stdout.write(`\nprobes every ${PROBE_EVERY_MS} ms while they were processed:\n`);
    process.stdout.write(`  ${summary('/healthz', healthz)}\n  ${summary('sign-in', signIns)}\n`);
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
