import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLASS_FETCH_ATTEMPTS } from '@stem/contract/limits-teaching';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassSummary } from '@stem/contract/teaching';
import { setupLocalBackend } from '../../test/local-backend';
import ClassesPage from './pages/classes-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signInTeacher, trialReply } from '../../test/session';

const T = MESSAGES.classesPage;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const cls = (n: number, name: string, studentCount = 2, questionCount = 1): TClassSummary => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  teacher: null,
  studentCount,
  questionCount,
  createdAt: '2025-03-01T10:00:00.000Z',
});
const listReply = (data: TClassSummary[]) => ({
  status: 200,
  body: { success: true, message: MESSAGES.classes.loaded, data },
});
const failure = { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'down' } };

const backend = setupLocalBackend();
beforeEach(() => {
  signInTeacher();
  backend.on('GET', '/trial/validate/classes', trialReply('classes', true));
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/classes', element: <ClassesPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/classes',
    { withNotifications: true },
  );
}

const classCalls = () => backend.seen.filter((r) => r.path === '/teacher/classes').length;

describe('classes page', () => {
  it('retries a failed fetch 1 s apart, saying so, and shows the classes', async () => {
    let calls = 0;
    backend.on('GET', '/teacher/classes', () =>
      ++calls <= 2 ? failure : listReply([cls(1, 'Physics A', 1, 0), cls(2, 'Chemistry B', 12, 3)]),
    );
    const started = Date.now();
    renderPage();
    expect(document.title).toBe(T.documentTitle);
    expect(
      await screen.findByText(new RegExp(MESSAGES.classes.retrying.replace(/[().]/g, '\\$&'))),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: T.heading(2) })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(classCalls()).toBe(3);
    expect(screen.queryByText(/Retrying/)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.classes.loadFailed)).not.toBeInTheDocument();

    const physics = screen.getByRole('link', { name: /Physics A/ });
    expect(physics).toHaveAttribute('href', `/class/${uuid(1)}`);
    expect(physics).toHaveTextContent(T.studentCount(1));
    expect(physics).toHaveTextContent(T.questionCount(0));
    expect(screen.getByRole('link', { name: /Chemistry B/ })).toHaveTextContent(T.studentCount(12));
    expect(screen.getByRole('link', { name: T.addNewClass })).toHaveAttribute(
      'href',
      '/create-class',
    );
  });

  it(`gives up after ${CLASS_FETCH_ATTEMPTS} attempts, then Retry starts again`, async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', '/teacher/classes', failure);
    renderPage();
    expect(await screen.findByText(MESSAGES.classes.loadFailed)).toBeInTheDocument();
    expect(classCalls()).toBe(CLASS_FETCH_ATTEMPTS);

    backend.on('GET', '/teacher/classes', listReply([cls(1, 'Physics A')]));
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('heading', { name: T.heading(1) })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.classes.loadFailed)).not.toBeInTheDocument();
  });

  it('shows the empty state with Create Your First Class', async () => {
    backend.on('GET', '/teacher/classes', listReply([]));
    renderPage();
    expect(await screen.findByText(MESSAGES.classes.empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: T.heading(0) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.createFirst })).toHaveAttribute(
      'href',
      '/create-class',
    );
  });

  it('disables adding and shows the banner when the trial limit is reached', async () => {
    backend.on('GET', '/trial/validate/classes', trialReply('classes', false, 3));
    backend.on('GET', '/teacher/classes', listReply([cls(1, 'A'), cls(2, 'B'), cls(3, 'C')]));
    renderPage();
    expect(await screen.findByText(MESSAGES.questions.trialBanner)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.classes.trialLimit)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: T.addNewClass })).toBeDisabled());
    expect(screen.queryByRole('link', { name: T.addNewClass })).not.toBeInTheDocument();
  });

  it('counts from the server and loads the next page of cards on demand', async () => {
    const user = userEvent.setup({ delay: null });
    const all = Array.from({ length: 30 }, (_, i) => cls(i + 1, `Set ${i + 1}`));
    backend.on('GET', '/teacher/classes', (request) => {
      const from = request.query.cursor ? Number(request.query.cursor.slice(2)) : 0;
      const size = Number(request.query.limit);
      const next = from + size < all.length ? `at${from + size}` : null;
      return {
        status: 200,
        body: {
          success: true,
          message: MESSAGES.classes.loaded,
          data: all.slice(from, from + size),
          page: { nextCursor: next, total: all.length, matched: all.length },
        },
      };
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: T.heading(30) })).toBeInTheDocument();
    expect(screen.getAllByText(/^Set \d+$/)).toHaveLength(24);
    // jsdom has no IntersectionObserver: the list's foot offers a button instead of scrolling.
    await user.click(screen.getByRole('button', { name: MESSAGES.submissionsPage.showMore }));
    await waitFor(() => expect(screen.getAllByText(/^Set \d+$/)).toHaveLength(30));
    expect(backend.seen.filter((r) => r.path === '/teacher/classes').map((r) => r.query)).toEqual([
      { limit: '24' },
      { limit: '24', cursor: 'at24' },
    ]);
  });
});
