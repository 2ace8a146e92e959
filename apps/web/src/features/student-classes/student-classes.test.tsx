// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fillPath, STUDENT_CLASS_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import type { TStudentClass, TStudentQuestion } from '@stem/contract/teaching';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn } from '../../test/session';
import ClassOverviewPage from './pages/class-overview-page';
import MyClassesPage from './pages/my-classes-page';
import StartSubmissionSelectPage from './pages/start-submission-select-page';

const STUDENT_ID = '7d3c2a8e-1b4f-4c1e-9a55-0f7f3b1d2c01';
const PHYSICS_ID = '0b9e4c1a-2d3f-4a5b-8c6d-7e8f9a0b1c2d';
const CHEMISTRY_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const TEACHER = { _id: 't1', id: 't1', name: 'Ms Curie' };

const ENROLLED_PATH = fillPath(STUDENT_CLASS_PATHS.enrolledClasses, { userId: STUDENT_ID });
const classPath = (classId: string) => fillPath(STUDENT_CLASS_PATHS.classDetails, { classId });

const studentClass = (id: string, extra: Partial<TStudentClass> = {}): TStudentClass => ({
  _id: id,
  id,
  name: 'Year 9 Physics',
  teacher: TEACHER,
  questionCount: 2,
  totalMarks: 9,
  ...extra,
});

const question = (id: string, text: string, marks: number): TStudentQuestion => ({
  _id: id,
  id,
  question: text,
  marks,
  createdAt: '2025-03-01T10:00:00.000Z',
});

const QUESTIONS = [
  question('q1', 'Explain why the sky is blue.', 5),
  question('q2', 'State Newton’s first law.', 4),
];

function signInStudent() {
  signIn('student', { userId: STUDENT_ID, name: 'Ada Student', email: 'ada@example.com' });
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/my-classes', element: <MyClassesPage /> },
      { path: '/student/class/:classId', element: <ClassOverviewPage /> },
      { path: '/class-details/:id', element: <ClassOverviewPage /> },
      { path: '/start-submission', element: <StartSubmissionSelectPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  ).router;
}

const ok = (body: unknown) => ({ status: 200, body });
const failure = (status: number, message: string) => ({
  status,
  body: { success: false, code: status === 404 ? 'NOT_FOUND' : 'INTERNAL', message },
});

describe('student classes', () => {
  const backend = setupLocalBackend();

  beforeEach(() => {
    signInStudent();
  });

  const classCalls = () => backend.seen.filter((r) => r.method === 'GET');

  describe('/my-classes', () => {
    it("maps the enrolled-class reply to cards with name, teacher (or 'Unknown Teacher') and question count", async () => {
      backend.on(
        'GET',
        ENROLLED_PATH,
        ok({
          success: true,
          classes: [
            studentClass(PHYSICS_ID),
            studentClass(CHEMISTRY_ID, { name: 'Chemistry', teacher: null, questionCount: 1 }),
          ],
        }),
      );
      renderAt('/my-classes');
      const cards = await screen.findAllByTestId('student-class-card');
      expect(cards).toHaveLength(2);
      const [physics, chemistry] = cards.map((card) => card.textContent ?? '');
      expect(physics).toContain('Year 9 Physics');
      expect(physics).toContain('Teacher: Ms Curie');
      expect(physics).toContain('2 questions');
      expect(chemistry).toContain('Chemistry');
      expect(chemistry).toContain(`Teacher: ${MESSAGES.student.unknownTeacher}`);
      expect(chemistry).toContain('1 question');
      expect(cards.map((card) => card.getAttribute('href'))).toEqual([
        `/student/class/${PHYSICS_ID}`,
        `/student/class/${CHEMISTRY_ID}`,
      ]);
      expect(screen.getByRole('heading', { level: 1, name: 'My Classes' })).toBeTruthy();
      expect(document.title).toBe('My Classes · STEM@Home');
      expect(classCalls()[0]?.authorization).toBe('Bearer student-token');
    });

    it("shows 'No Classes Yet' when the student has no class", async () => {
      backend.on('GET', ENROLLED_PATH, ok({ success: true, classes: [] }));
      renderAt('/my-classes');
      const empty = await screen.findByTestId('empty-classes');
      expect(
        within(empty).getByRole('heading', { name: MESSAGES.student.noClassesYet }),
      ).toBeTruthy();
      expect(empty.textContent).toMatch(/teacher adds you to classes/);
      expect(screen.queryAllByTestId('student-class-card')).toHaveLength(0);
    });

    it('treats a reply saying there are no enrolled classes as empty, not as an error', async () => {
      backend.on('GET', ENROLLED_PATH, failure(404, 'No enrolled classes found'));
      renderAt('/my-classes');
      expect(await screen.findByText(MESSAGES.student.noClassesYet)).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('says the classes failed to load, and Retry loads them', async () => {
      backend.on('GET', ENROLLED_PATH, failure(500, 'boom'));
      renderAt('/my-classes');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(MESSAGES.student.classesFailed);
      backend.on('GET', ENROLLED_PATH, ok({ success: true, classes: [studentClass(PHYSICS_ID)] }));
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByTestId('student-class-card')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it("says 'No classes found' when the reply is not a list of classes", async () => {
      backend.on('GET', ENROLLED_PATH, ok({ success: true, classes: 'none' }));
      renderAt('/my-classes');
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.student.noClasses);
    });

    it('asks to sign in again, without calling the server, when the stored user is missing', async () => {
      window.localStorage.removeItem('user');
      renderAt('/my-classes');
      expect((await screen.findByRole('alert')).textContent).toContain(
        MESSAGES.student.userNotFound,
      );
      expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
      expect(classCalls()).toHaveLength(0);
    });
  });

  describe('class overview', () => {
    const overviewReply = (cls: TStudentClass, questions: unknown[]) =>
      ok({ success: true, data: { class: cls, questions } });

    it('shows teacher, question count, each question with its marks and the total, never a rubric', async () => {
      backend.on(
        'GET',
        classPath(PHYSICS_ID),
        // Even a reply that leaked a rubric must not put it on the student's screen.
        overviewReply(
          studentClass(PHYSICS_ID),
          QUESTIONS.map((q) => ({ ...q, rubric: 'SECRET RUBRIC TEXT' })),
        ),
      );
      renderAt(`/student/class/${PHYSICS_ID}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Year 9 Physics' })).toBeTruthy();
      expect(screen.getByText('Ms Curie')).toBeTruthy();
      expect(screen.getByTestId('fact-questions').textContent).toBe('2');
      expect(screen.getByTestId('fact-total-marks').textContent).toBe('9');
      const rows = screen.getAllByTestId('overview-question').map((row) => row.textContent);
      expect(rows).toEqual([
        '1Explain why the sky is blue.5 marks',
        '2State Newton’s first law.4 marks',
      ]);
      expect(document.body.textContent).not.toContain('SECRET RUBRIC TEXT');
      const start = screen.getByRole('link', { name: 'Start Submission' });
      expect(start.getAttribute('href')).toBe(`/start-submission/${PHYSICS_ID}`);
      expect(document.title).toBe('Year 9 Physics · Class Overview · STEM@Home');
    });

    it('disables Start Submission and says so when the class has no questions', async () => {
      backend.on(
        'GET',
        classPath(PHYSICS_ID),
        overviewReply(
          studentClass(PHYSICS_ID, { teacher: null, questionCount: 0, totalMarks: 0 }),
          [],
        ),
      );
      renderAt(`/class-details/${PHYSICS_ID}`);
      const start = await screen.findByRole('button', { name: 'Start Submission' });
      expect((start as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(MESSAGES.student.noQuestionsYet)).toBeTruthy();
      expect(start.getAttribute('aria-describedby')).toBe('no-questions');
      expect(screen.getByText(MESSAGES.student.notAssigned)).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Start Submission' })).toBeNull();
    });

    it('refuses an id that is not a class id, without calling the server', async () => {
      renderAt('/student/class/not-a-class');
      expect((await screen.findByRole('alert')).textContent).toContain(
        MESSAGES.student.invalidClassId,
      );
      expect(classCalls()).toHaveLength(0);
    });

    it('says the class was not found on a 404 and leads back to My Classes', async () => {
      backend.on('GET', classPath(CHEMISTRY_ID), failure(404, MESSAGES.classes.notFound));
      const router = renderAt(`/student/class/${CHEMISTRY_ID}`);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(MESSAGES.classes.notFound);
      expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
      fireEvent.click(within(alert).getByRole('link', { name: 'Back to My Classes' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-classes'));
    });

    it("says 'Failed to load class data' on other failures, with Retry", async () => {
      backend.on('GET', classPath(PHYSICS_ID), failure(500, 'boom'));
      renderAt(`/student/class/${PHYSICS_ID}`);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(MESSAGES.student.classFailed);
      backend.on('GET', classPath(PHYSICS_ID), overviewReply(studentClass(PHYSICS_ID), QUESTIONS));
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Year 9 Physics' })).toBeTruthy();
    });
  });

  describe('/start-submission', () => {
    it('offers each class as a box leading to its answer screen', async () => {
      backend.on(
        'GET',
        ENROLLED_PATH,
        ok({
          success: true,
          classes: [studentClass(PHYSICS_ID), studentClass(CHEMISTRY_ID, { name: 'Chemistry' })],
        }),
      );
      renderAt('/start-submission');
      expect(screen.getByRole('heading', { level: 1, name: 'Start Submission' })).toBeTruthy();
      const section = screen.getByRole('region', { name: 'Select Your Class' });
      const cards = await within(section).findAllByTestId('student-class-card');
      expect(cards.map((card) => card.getAttribute('href'))).toEqual([
        `/start-submission/${PHYSICS_ID}`,
        `/start-submission/${CHEMISTRY_ID}`,
      ]);
      expect(cards[0]?.textContent).toContain('Ms Curie');
      expect(cards[0]?.textContent).toContain('2 questions');
      expect(document.title).toBe('Start Submission · STEM@Home');
    });

    it("says 'No classes available' when the student has none", async () => {
      backend.on('GET', ENROLLED_PATH, ok({ success: true, classes: [] }));
      renderAt('/start-submission');
      expect(
        await screen.findByRole('heading', { name: MESSAGES.student.noClassesAvailable }),
      ).toBeTruthy();
    });
  });
});
