import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  RANGE_OVERLAP_MESSAGE,
  highRangeMessage,
  lowRangeMessage,
} from '@stem/contract/mark-ranges';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import { setupLocalBackend } from '../../test/local-backend';
import EditQuestionPage from './pages/edit-question-page';
import InsertQuestionPage from './pages/insert-question-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { EMPTY_QUESTION_FORM, rangeErrors } from './question-form-rules';
import { TEACHER_ID, signInTeacher, trialReply } from '../../test/session';

const T = MESSAGES.questionsPage;
const QUESTION_ID = '0b6a3f3e-1111-4c1e-9d35-1b2a3c4d5e6f';

const backend = setupLocalBackend();
beforeEach(() => {
  signInTeacher();
  backend.on('GET', '/trial/validate/questions', trialReply('questions', true));
});

const saved = (patch: Partial<TQuestion> = {}): TQuestion => ({
  _id: QUESTION_ID,
  id: QUESTION_ID,
  holdFeedback: false,
  question: 'Why is the sky blue?',
  marks: 10,
  lowMarkRange: '0-3',
  highMarkRange: '6-10',
  rubric:
    'Low Mark Range (0-3):\nSays it is blue.\n\nHigh Mark Range (6-10):\nExplains scattering.',
  teacherId: TEACHER_ID,
  classIds: [],
  createdAt: '2025-03-11T15:45:00.000Z',
  updatedAt: '2025-03-11T15:45:00.000Z',
  ...patch,
});

function renderInsert() {
  return renderRoutes(
    [
      { path: '/insert-question', element: <InsertQuestionPage /> },
      { path: '/view-questions', element: <LocationProbe /> },
    ],
    '/insert-question',
    { withNotifications: true },
  );
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const saveButton = () => screen.getByRole('button', { name: T.saveQuestion });

/** Pastes the text into a field: one change event, as fast as the rules allow. */
async function enter(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

async function fillQuestion(user: ReturnType<typeof userEvent.setup>, marks = '10') {
  await enter(user, T.questionLabel, 'Why is the sky blue?');
  await user.type(field(T.marksLabel), marks);
}

describe('insert question form', () => {
  it('fills both ranges from the marks and keeps digits (and hyphens) only', async () => {
    const user = userEvent.setup({ delay: null });
    renderInsert();
    expect(document.title).toBe(T.insertDocumentTitle);
    expect(screen.getByRole('heading', { name: T.insertHeading })).toBeInTheDocument();

    // Each range's hint is an example that the same field accepts (the high one was '0-3').
    expect(field(T.lowRangeLabel)).toHaveAccessibleDescription(T.lowRangeHint);
    expect(field(T.highRangeLabel)).toHaveAccessibleDescription(T.highRangeHint);
    const example = (hint: string) => hint.replace(/^.*e\.g\. /, '');
    expect(
      rangeErrors({
        ...EMPTY_QUESTION_FORM,
        marks: '10',
        lowMarkRange: example(T.lowRangeHint),
        highMarkRange: example(T.highRangeHint),
      }),
    ).toEqual({ lowMarkRange: null, highMarkRange: null });

    await user.type(field(T.marksLabel), '1x0');
    expect(field(T.marksLabel)).toHaveValue('10');
    expect(field(T.lowRangeLabel)).toHaveValue('0-3');
    expect(field(T.highRangeLabel)).toHaveValue('6-10');

    await user.clear(field(T.marksLabel));
    await user.type(field(T.marksLabel), '2');
    expect(field(T.lowRangeLabel)).toHaveValue('0-1');
    expect(field(T.highRangeLabel)).toHaveValue('2-2');

    await user.clear(field(T.lowRangeLabel));
    await user.type(field(T.lowRangeLabel), 'a0 - 1b');
    expect(field(T.lowRangeLabel)).toHaveValue('0-1');
  });

  it('shows the range messages as the teacher types', async () => {
    const user = userEvent.setup({ delay: null });
    renderInsert();
    await user.type(field(T.marksLabel), '5');
    expect(screen.queryByText(lowRangeMessage(5))).not.toBeInTheDocument();

    await user.clear(field(T.lowRangeLabel));
    await user.type(field(T.lowRangeLabel), '0-5');
    expect(screen.getByText(lowRangeMessage(5))).toBeInTheDocument();

    await user.clear(field(T.highRangeLabel));
    await user.type(field(T.highRangeLabel), '3-6');
    expect(screen.getByText(highRangeMessage(5))).toBeInTheDocument();

    await user.clear(field(T.lowRangeLabel));
    await user.type(field(T.lowRangeLabel), '0-3');
    await user.clear(field(T.highRangeLabel));
    await user.type(field(T.highRangeLabel), '3-5');
    expect(screen.getByText(RANGE_OVERLAP_MESSAGE)).toBeInTheDocument();
  });

  it('needs every detail before generating, then fills the two rubric texts', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/question/rubric/generate', {
      status: 200,
      body: {
        success: true,
        data: {
          lowMarkRangeRubric: 'Mentions the colour only.',
          highMarkRangeRubric: 'Explains Rayleigh scattering.',
          rubric: 'unused here',
          engine: 'offline',
        },
      },
    });
    renderInsert();
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: T.generateWithAi }));
    expect(screen.getByText(MESSAGES.questions.generateMissing)).toBeInTheDocument();
    expect(backend.seen.some((r) => r.path === '/question/rubric/generate')).toBe(false);

    await fillQuestion(user);
    await user.click(screen.getByRole('button', { name: T.generateWithAi }));
    await waitFor(() => expect(field(T.lowRubricLabel)).toHaveValue('Mentions the colour only.'));
    expect(field(T.highRubricLabel)).toHaveValue('Explains Rayleigh scattering.');
    // A draft from the question's wording says it knows no answer, and what to add.
    expect(screen.getByTestId('draft-needs-answer')).toHaveTextContent(T.draftNeedsAnswer);
    expect(backend.seen.find((r) => r.path === '/question/rubric/generate')?.body).toEqual({
      question: 'Why is the sky blue?',
      marks: 10,
      lowMarkRange: '0-3',
      highMarkRange: '6-10',
    });
    expect(saveButton()).toBeEnabled();

    // Spec 02 §4: switching to manual clears the rubric text.
    await user.click(screen.getByRole('button', { name: T.writeManually }));
    expect(field(T.lowRubricLabel)).toHaveValue('');
    expect(field(T.highRubricLabel)).toHaveValue('');
    expect(saveButton()).toBeDisabled();
  });

  it('refuses invalid ranges before generating, and reports a failed generation', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/question/rubric/generate', {
      status: 502,
      body: { success: false, code: 'AI_UNAVAILABLE', message: 'upstream timeout' },
    });
    renderInsert();
    await fillQuestion(user);
    await user.clear(field(T.lowRangeLabel));
    await user.type(field(T.lowRangeLabel), '0-7');
    await user.click(screen.getByRole('button', { name: T.generateWithAi }));
    expect(screen.getByTestId('rubric-error')).toHaveTextContent(RANGE_OVERLAP_MESSAGE);

    await user.clear(field(T.lowRangeLabel));
    await user.type(field(T.lowRangeLabel), '0-12');
    await user.click(screen.getByRole('button', { name: T.generateWithAi }));
    expect(screen.getByTestId('rubric-error').textContent).toMatch(/^Invalid low mark range/);

    await user.clear(field(T.lowRangeLabel));
    await user.type(field(T.lowRangeLabel), '0-3');
    await user.click(screen.getByRole('button', { name: T.generateWithAi }));
    await waitFor(() =>
      expect(screen.getByTestId('rubric-error')).toHaveTextContent(
        MESSAGES.questions.generateFailed,
      ),
    );
  });

  it('needs both rubrics, asks for a review, then saves and opens the question list', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/question/questions/create', {
      status: 201,
      body: { status: 'success', success: true, message: MESSAGES.questions.saved, data: saved() },
    });
    renderInsert();
    await fillQuestion(user);
    await user.click(screen.getByRole('button', { name: T.writeManually }));
    await enter(user, T.lowRubricLabel, 'Says it is blue.');
    expect(saveButton()).toBeEnabled();

    await user.click(saveButton());
    expect(screen.getByTestId('form-error')).toHaveTextContent(MESSAGES.questions.rubricsRequired);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await enter(user, T.highRubricLabel, 'Explains scattering.');
    // Feedback is instant unless the teacher holds it for review (issue 18).
    const hold = screen.getByRole('switch');
    expect(hold.closest('.mantine-Switch-root')).toHaveTextContent(
      MESSAGES.questions.holdFeedbackLabel,
    );
    expect(hold).not.toBeChecked();
    await user.click(hold);
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.questions.reviewConfirm);

    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.seen.some((r) => r.path === '/question/questions/create')).toBe(false);

    await user.click(saveButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: T.save }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/view-questions'),
    );
    expect(screen.getByText(MESSAGES.questions.saved)).toBeInTheDocument();
    expect(backend.seen.find((r) => r.path === '/question/questions/create')?.body).toEqual({
      teacherId: TEACHER_ID,
      question: 'Why is the sky blue?',
      marks: 10,
      lowMarkRange: '0-3',
      highMarkRange: '6-10',
      rubric: saved().rubric,
      holdFeedback: true,
    });
  });

  it("shows the server's reason when saving fails", async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/question/questions/create', {
      status: 403,
      body: { success: false, code: 'TRIAL_LIMIT', message: MESSAGES.questions.trialLimit },
    });
    renderInsert();
    await fillQuestion(user);
    await user.click(screen.getByRole('button', { name: T.writeManually }));
    await enter(user, T.lowRubricLabel, 'Low');
    await enter(user, T.highRubricLabel, 'High');
    await user.click(saveButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: T.save }),
    );
    expect(
      await screen.findByText(MESSAGES.questions.saveFailed(MESSAGES.questions.trialLimit)),
    ).toBeInTheDocument();
  });

  it('shows the trial banner and blocks saving at the trial limit', async () => {
    backend.on('GET', '/trial/validate/questions', trialReply('questions', false, 3));
    renderInsert();
    expect(await screen.findByText(MESSAGES.questions.trialBanner)).toBeInTheDocument();
    // Nothing can be typed in vain: the fields are off from the start, with Save.
    expect(field(T.questionLabel)).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    // Nor is a rubric drafted (an AI call, with a provider) for a question that cannot be saved.
    expect(screen.getByRole('button', { name: T.generateWithAi })).toBeDisabled();
    expect(screen.queryByTestId('trial-expired-note')).not.toBeInTheDocument();
  });

  it('says up front that an expired trial cannot add questions, with every field off', async () => {
    backend.on('GET', '/trial/validate/questions', {
      status: 200,
      body: {
        success: true,
        canProceed: false,
        isTrial: true,
        limitType: 'questions',
        count: 1,
        limit: 3,
        message: MESSAGES.register.trialExpired,
      },
    });
    renderInsert();
    const note = await screen.findByTestId('trial-expired-note');
    expect(note).toHaveTextContent(MESSAGES.register.trialExpired);
    expect(within(note).getByRole('link', { name: MESSAGES.trial.upgradeToPaid })).toHaveAttribute(
      'href',
      '/payments',
    );
    expect(field(T.questionLabel)).toBeDisabled();
    expect(screen.getByRole('button', { name: T.writeManually })).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    // The limit banner is for a full trial, not an ended one.
    expect(screen.queryByText(MESSAGES.questions.trialBanner)).not.toBeInTheDocument();
  });
});

describe('edit question form', () => {
  function renderEdit() {
    return renderRoutes(
      [
        { path: '/edit-question/:id', element: <EditQuestionPage /> },
        { path: '/view-questions', element: <LocationProbe /> },
      ],
      `/edit-question/${QUESTION_ID}`,
      { withNotifications: true },
    );
  }

  it('loads the question with its rubric split into the two texts and saves the change', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', `/question/questions/${QUESTION_ID}`, {
      status: 200,
      body: { success: true, data: saved() },
    });
    backend.on('PUT', `/question/questions/${QUESTION_ID}`, {
      status: 200,
      body: {
        status: 'success',
        success: true,
        message: MESSAGES.questions.updated,
        data: saved(),
      },
    });
    renderEdit();
    expect(await screen.findByRole('heading', { name: T.editHeading })).toBeInTheDocument();
    expect(document.title).toBe(T.editDocumentTitle);
    expect(field(T.questionLabel)).toHaveValue('Why is the sky blue?');
    expect(field(T.marksLabel)).toHaveValue('10');
    expect(field(T.lowRubricLabel)).toHaveValue('Says it is blue.');
    expect(field(T.highRubricLabel)).toHaveValue('Explains scattering.');

    const update = screen.getByRole('button', { name: T.updateQuestion });
    await user.clear(field(T.highRubricLabel));
    await user.click(update);
    expect(screen.getByTestId('form-error')).toHaveTextContent(MESSAGES.questions.rubricsRequired);

    await enter(user, T.highRubricLabel, 'Names Rayleigh scattering.');
    expect(screen.queryByTestId('rubric-marks-changed')).toBeNull();
    await user.clear(field(T.marksLabel));
    await user.type(field(T.marksLabel), '4');
    // The rubric was written for 10 marks: the teacher is told before saving it with 4.
    expect(screen.getByTestId('rubric-marks-changed')).toHaveTextContent(
      T.rubricMarksChanged('10', '4'),
    );
    await user.click(update);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: T.save }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/view-questions'),
    );
    const put = backend.seen.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      question: 'Why is the sky blue?',
      marks: 4,
      lowMarkRange: '0-1',
      highMarkRange: '3-4',
      rubric:
        'Low Mark Range (0-1):\nSays it is blue.\n\nHigh Mark Range (3-4):\nNames Rayleigh scattering.',
      holdFeedback: false,
    });
  });

  it('says when the question cannot be loaded or updated', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', `/question/questions/${QUESTION_ID}`, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    const first = renderEdit();
    expect(await screen.findByText(MESSAGES.questions.detailsFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToQuestions })).toHaveAttribute(
      'href',
      '/view-questions',
    );
    first.unmount();

    backend.on('GET', `/question/questions/${QUESTION_ID}`, {
      status: 200,
      body: { success: true, data: saved() },
    });
    backend.on('PUT', `/question/questions/${QUESTION_ID}`, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'Server error. Please try again later.' },
    });
    renderEdit();
    await user.click(await screen.findByRole('button', { name: T.updateQuestion }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: T.save }),
    );
    expect(await screen.findByText(MESSAGES.questions.updateFailed)).toBeInTheDocument();
  });
});
