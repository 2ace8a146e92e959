import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS } from '@stem/contract/submissions';
import type { TClassSummary, TQuestion, TStudentRef } from '@stem/contract/teaching';
import { setupLocalBackend } from '../../test/local-backend';
import UploadStudentWorkPage, { EXTRACTED_TEXT_ROWS } from './pages/upload-student-work-page';
import { renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';

const T = MESSAGES.uploadPage;

const cls = (n: number, name: string): TClassSummary => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  teacher: null,
  studentCount: 1,
  questionCount: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
});
const student = (n: number, name: string): TStudentRef => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  email: `${name.toLowerCase()}@example.com`,
});
const question = (n: number, text: string): TQuestion => ({
  _id: uuid(n),
  id: uuid(n),
  holdFeedback: false,
  question: text,
  marks: 5,
  lowMarkRange: '0-1',
  highMarkRange: '3-5',
  rubric: 'rubric',
  teacherId: uuid(900),
  classIds: [],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
});

const PHYSICS = cls(1, 'Physics 10A');
const CHEMISTRY = cls(2, 'Chemistry 9B');
const ok = (body: unknown) => ({ status: 200, body });
const serverError = { status: 500, body: { success: false, code: 'INTERNAL', message: 'boom' } };
const pdf = (name = 'work.pdf') =>
  new File(['%PDF-1.4 handwriting'], name, { type: 'application/pdf' });

const backend = setupLocalBackend();
beforeEach(() => {
  signIn('teacher');
  backend.on(
    'GET',
    '/teacher/classes',
    ok({ success: true, message: 'ok', data: [PHYSICS, CHEMISTRY] }),
  );
  backend.on(
    'GET',
    `/teacher/class/${PHYSICS.id}/students`,
    ok({ success: true, data: { students: [student(11, 'Alice')] } }),
  );
  backend.on(
    'GET',
    `/teacher/class/${CHEMISTRY.id}/students`,
    ok({ success: true, data: { students: [student(12, 'Bob')] } }),
  );
  backend.on(
    'GET',
    `/question/questions/class/${PHYSICS.id}`,
    ok({ success: true, status: 'success', data: [question(21, 'Explain inertia.')] }),
  );
  backend.on(
    'GET',
    `/question/questions/class/${CHEMISTRY.id}`,
    ok({ success: true, status: 'success', data: [] }),
  );
  backend.on(
    'POST',
    ROOT_PATHS.teacherExtractText,
    ok({
      status: 'success',
      message: 'ok',
      data: { extractedText: 'Inertia is rest', pages: 1, confidence: 64 },
    }),
  );
  backend.on(
    'POST',
    ROOT_PATHS.cleanupText,
    ok({ status: 'success', data: { cleanedText: 'Inertia is resistance.', engine: 'offline' } }),
  );
});

function renderPage() {
  return renderRoutes(
    [{ path: '/upload-student-work', element: <UploadStudentWorkPage /> }],
    '/upload-student-work',
  );
}

const select = (label: string) => screen.getByRole('combobox', { name: label });
const button = (name: string) => screen.getByRole('button', { name });
const textArea = () => screen.getByRole('textbox', { name: T.extractedLabel });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp) {
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, T.classLabel, /Physics 10A/);
  await choose(user, T.studentLabel, /Alice/);
  await choose(user, T.questionLabel, /Explain inertia/);
}

describe('upload student work', () => {
  it('keeps student, question and the photo buttons disabled until they can be used', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByRole('heading', { name: T.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: T.section })).toBeInTheDocument();
    expect(document.title).toBe(T.documentTitle);
    await waitFor(() => expect(select(T.classLabel)).toBeEnabled());
    expect(select(T.studentLabel)).toBeDisabled();
    expect(select(T.questionLabel)).toBeDisabled();
    expect(button(T.takePhoto)).toBeDisabled();
    expect(button(T.uploadImage)).toBeDisabled();
    expect(button(T.uploadWork)).toBeDisabled();
    expect(textArea()).toHaveAttribute('rows', String(EXTRACTED_TEXT_ROWS));

    await choose(user, T.classLabel, /Physics 10A/);
    expect(select(T.studentLabel)).toBeEnabled();
    expect(select(T.questionLabel)).toBeEnabled();
    expect(button(T.takePhoto)).toBeDisabled();
    // The class's questions, with marks and ranges.
    const table = await screen.findByRole('table', { name: T.classQuestions });
    expect(within(table).getByText('Explain inertia.')).toBeInTheDocument();
    expect(within(table).getByText('0-1')).toBeInTheDocument();
    expect(within(table).getByText('3-5')).toBeInTheDocument();

    await choose(user, T.studentLabel, /Alice/);
    expect(button(T.uploadImage)).toBeDisabled();
    await choose(user, T.questionLabel, /Explain inertia/);
    expect(button(T.takePhoto)).toBeEnabled();
    expect(button(T.uploadImage)).toBeEnabled();
    // Still nothing to upload.
    expect(button(T.uploadWork)).toBeDisabled();

    // Another class starts student and question again, with that class's lists.
    await choose(user, T.classLabel, /Chemistry 9B/);
    expect(select(T.studentLabel)).toHaveValue('');
    expect(select(T.questionLabel)).toHaveValue('');
    expect(button(T.uploadImage)).toBeDisabled();
    expect(await screen.findByText(MESSAGES.upload.noClassQuestions)).toBeInTheDocument();
    await user.click(select(T.studentLabel));
    expect(await screen.findByRole('option', { name: /Bob/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Alice/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Clearing the class empties both lists.
    await user.click(button(T.clearClass));
    await waitFor(() => expect(select(T.studentLabel)).toBeDisabled());
    expect(select(T.questionLabel)).toBeDisabled();
    expect(screen.queryByRole('table', { name: T.classQuestions })).not.toBeInTheDocument();
  });

  it('reads the work, lets the teacher correct the text and uploads it', async () => {
    const user = userEvent.setup({ delay: null });
    let submitted: unknown;
    backend.on('POST', ROOT_PATHS.submitForStudent, (request) => {
      submitted = request.body;
      return {
        status: 201,
        body: {
          success: true,
          status: 'success',
          message: MESSAGES.upload.uploaded,
          data: { _id: uuid(99) },
        },
      };
    });
    renderPage();
    await waitFor(() => expect(select(T.classLabel)).toBeEnabled());
    await chooseAll(user);
    await user.upload(fileInput(), pdf());
    await waitFor(() => expect(textArea()).toHaveValue('Inertia is resistance.'));
    expect(screen.getByTestId('file-preview')).toHaveTextContent('work.pdf');
    const extract = backend.seen.find((r) => r.path === ROOT_PATHS.teacherExtractText);
    expect(String(extract?.body)).toContain('name="file"; filename="work.pdf"');
    expect(extract?.authorization).toBe('Bearer teacher-token');

    await user.type(textArea(), ' It stays still.');
    expect(button(T.uploadWork)).toBeEnabled();
    await user.click(button(T.uploadWork));
    expect(await screen.findByText(MESSAGES.upload.uploaded)).toBeInTheDocument();
    expect(submitted).toEqual({
      classId: PHYSICS.id,
      studentId: uuid(11),
      questionId: uuid(21),
      extractedText: 'Inertia is resistance. It stays still.',
      // The OCR confidence of the extraction reply goes with the text (issue 17).
      ocrConfidence: 64,
    });
    // The page starts over.
    expect(textArea()).toHaveValue('');
    expect(screen.queryByTestId('file-preview')).not.toBeInTheDocument();
    expect(select(T.classLabel)).toHaveValue('');
    expect(select(T.studentLabel)).toBeDisabled();
  });

  it('asks for class, student, question, file and text before uploading', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await waitFor(() => expect(select(T.classLabel)).toBeEnabled());
    await chooseAll(user);
    await user.upload(fileInput(), pdf());
    await waitFor(() => expect(textArea()).toHaveValue('Inertia is resistance.'));
    // A new class clears student and question, but the work stays.
    await choose(user, T.classLabel, /Chemistry 9B/);
    await user.click(button(T.uploadWork));
    expect(await screen.findByText(MESSAGES.upload.required)).toBeInTheDocument();
    expect(backend.seen.some((r) => r.path === ROOT_PATHS.submitForStudent)).toBe(false);

    // No text, no upload.
    await user.clear(textArea());
    expect(button(T.uploadWork)).toBeDisabled();
  });

  it('clears the file, preview and text when processing fails, in the words of the failure', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderPage();
    await waitFor(() => expect(select(T.classLabel)).toBeEnabled());
    await chooseAll(user);
    await user.upload(fileInput(), pdf());
    await waitFor(() => expect(textArea()).toHaveValue('Inertia is resistance.'));

    backend.on('POST', ROOT_PATHS.teacherExtractText, serverError);
    await user.upload(fileInput(), pdf('second.pdf'));
    expect(await screen.findByText(MESSAGES.upload.extractFailed)).toBeInTheDocument();
    expect(textArea()).toHaveValue('');
    expect(screen.queryByTestId('file-preview')).not.toBeInTheDocument();

    backend.on(
      'POST',
      ROOT_PATHS.teacherExtractText,
      ok({ status: 'success', message: 'ok', data: { extractedText: '   ', pages: 1 } }),
    );
    await user.upload(fileInput(), pdf('blank.pdf'));
    expect(await screen.findByText(MESSAGES.upload.extractionFailed)).toBeInTheDocument();
    expect(screen.queryByTestId('file-preview')).not.toBeInTheDocument();

    await user.upload(fileInput(), new File(['x'], 'notes.docx', { type: 'application/msword' }));
    expect(await screen.findByText(MESSAGES.upload.unsupportedType)).toBeInTheDocument();
    expect(backend.seen.filter((r) => r.path === ROOT_PATHS.teacherExtractText)).toHaveLength(3);
  });

  it('words a failed upload: refused, not successful, or the server failing', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await waitFor(() => expect(select(T.classLabel)).toBeEnabled());
    await chooseAll(user);
    await user.upload(fileInput(), pdf());
    await waitFor(() => expect(textArea()).toHaveValue('Inertia is resistance.'));

    backend.on('POST', ROOT_PATHS.submitForStudent, serverError);
    await user.click(button(T.uploadWork));
    expect(await screen.findByText(MESSAGES.upload.uploadFailedRetry)).toBeInTheDocument();

    backend.on('POST', ROOT_PATHS.submitForStudent, ok({ status: 'error', message: 'nope' }));
    await user.click(button(T.uploadWork));
    expect(await screen.findByText(MESSAGES.upload.uploadFailed)).toBeInTheDocument();

    backend.on('POST', ROOT_PATHS.submitForStudent, {
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', message: MESSAGES.upload.studentNotInClass },
    });
    await user.click(button(T.uploadWork));
    expect(await screen.findByText(MESSAGES.upload.studentNotInClass)).toBeInTheDocument();
    // The work is kept for another try.
    expect(textArea()).toHaveValue('Inertia is resistance.');
  });

  it('says "Failed to load classes" and "Failed to load students"', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', `/teacher/class/${PHYSICS.id}/students`, serverError);
    const first = renderPage();
    await waitFor(() => expect(select(T.classLabel)).toBeEnabled());
    await choose(user, T.classLabel, /Physics 10A/);
    expect(await screen.findByText(MESSAGES.upload.loadStudentsFailed)).toBeInTheDocument();
    first.unmount();

    backend.on('GET', '/teacher/classes', serverError);
    renderPage();
    expect(await screen.findByText(MESSAGES.upload.loadClassesFailed)).toBeInTheDocument();
  });
});
