import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import type { TRegradeRequest } from '@stem/contract/regrades';
import { setupLocalBackend } from '../../../test/local-backend';
import { renderRoutes } from '../../../test/render-app';
import { signIn, uuid } from '../../../test/session';
import { RegradeRequestList } from './regrade-request-list';
import { RegradeRequestPanel } from './regrade-request-panel';

/** Issue 27's re-mark forms: once one closes, the keyboard carries on from where it was opened. */
const T = MESSAGES.regrades;
const SUBMISSION_ID = uuid(61);
const ANSWER_ID = uuid(62);
const backend = setupLocalBackend();

function request(n: number, patch: Partial<TRegradeRequest> = {}): TRegradeRequest {
  return {
    _id: uuid(900 + n),
    answerId: uuid(920 + n),
    submissionId: uuid(940 + n),
    status: 'open',
    reason: `Reason ${n}`,
    createdAt: '2026-12-01T10:00:00.000Z',
    scoreBefore: null,
    scoreAfter: null,
    reply: null,
    answeredAt: null,
    answeredBy: null,
    student: { _id: uuid(960 + n), name: `Student ${n}` },
    question: 'Why does a metal spoon feel colder?',
    answer: `Answer ${n}`,
    marks: 4,
    score: 2,
    className: 'Physics 9',
    ...patch,
  };
}

const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { success: true, data, ...extra },
});

describe("the student's re-mark form", () => {
  function openPanel() {
    signIn('student', { userId: uuid(63) });
    return renderRoutes(
      [
        {
          path: '/s',
          element: (
            <RegradeRequestPanel submissionId={SUBMISSION_ID} answerId={ANSWER_ID} marks={4} />
          ),
        },
      ],
      '/s',
    );
  }

  it('gives the cursor back to "Ask for a re-mark" on Cancel, and to the request once sent', async () => {
    const user = userEvent.setup({ delay: null });
    const state = {
      requests: [] as TRegradeRequest[],
      answers: [{ answerId: ANSWER_ID, canRequest: true, deadline: null }],
    };
    backend.on('GET', `/submissions/${SUBMISSION_ID}/regrade-requests`, () => ok(state));
    backend.on(
      'POST',
      `/submissions/${SUBMISSION_ID}/answers/${ANSWER_ID}/regrade-request`,
      (sent) => {
        const made = request(1, {
          answerId: ANSWER_ID,
          submissionId: SUBMISSION_ID,
          reason: (sent.body as { reason: string }).reason,
        });
        state.requests = [made];
        state.answers = [{ answerId: ANSWER_ID, canRequest: false, deadline: null }];
        return ok(made, { message: T.sent });
      },
    );
    openPanel();
    const ask = await screen.findByRole('button', { name: T.ask });
    await user.click(ask);
    expect(screen.getByLabelText(T.reasonLabel)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: T.cancel }));
    expect(screen.getByRole('button', { name: T.ask })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: T.ask }));
    await user.keyboard('The second step was right.');
    await user.click(screen.getByRole('button', { name: T.send }));
    const request_ = await screen.findByTestId('regrade-request');
    await waitFor(() => expect(within(request_).getByText(T.yourRequest)).toHaveFocus());
  });
});

describe("the teacher's reply to a re-mark request", () => {
  it('gives the cursor to the next request once a reply is sent, then to the count', async () => {
    const user = userEvent.setup({ delay: null });
    let open = [request(1), request(2)];
    backend.on('GET', '/regrade-requests', () => ok(open, { counts: { open: open.length } }));
    for (const r of open) {
      backend.on('POST', `/regrade-requests/${r._id}/reply`, () => {
        open = open.filter((o) => o._id !== r._id);
        return ok({ ...r, status: 'answered', reply: 'Kept.' }, { message: T.replySent });
      });
    }
    signIn('teacher', { userId: uuid(64) });
    renderRoutes([{ path: '/r', element: <RegradeRequestList /> }], '/r');
    const cards = await screen.findAllByTestId('regrade-card');
    expect(cards).toHaveLength(2);

    const first = within(cards[0] as HTMLElement);
    await user.type(first.getByLabelText(T.replyLabel), 'Kept.');
    await user.click(first.getByRole('button', { name: T.sendReply }));
    // The answered request leaves the open list: the one now in its place takes the cursor.
    await waitFor(() => expect(screen.getAllByTestId('regrade-card')).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('Student 2', { exact: false })).toHaveFocus());

    const second = within(screen.getByTestId('regrade-card'));
    await user.type(second.getByLabelText(T.replyLabel), 'Kept.');
    await user.click(second.getByRole('button', { name: T.sendReply }));
    await waitFor(() => expect(screen.queryByTestId('regrade-card')).toBeNull());
    await waitFor(() => expect(screen.getByText(T.openCount(0))).toHaveFocus());
  });
});
