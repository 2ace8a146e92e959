import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { API_BASE, AUTH_PATHS, CLASS_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PATHS,
  type TClassAnalytics,
} from '@stem/contract/analytics';
import { accounts, pick, type TAccount } from './support/accounts';
import {
  DESKTOP,
  expectChartLabelsApart,
  expectNoHorizontalOverflow,
  openSignedIn,
  PHONE,
  snap,
} from './support/pages';
import { baseUrl } from './support/run-state';
import { expect, test } from './support/test';

const T = ANALYTICS_MESSAGES;

/** An RFC 4180 reader, to check the downloaded file cell by cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The downloaded file's text after its UTF-8 byte-order mark (which must be there). */
async function readCsv(download: Download): Promise<string> {
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}

/** One of the teacher's classes with marked work, and its figures, from the API. */
async function classWithMarks(request: APIRequestContext, teacher: TAccount) {
  const url = (path: string) => `${baseUrl()}${API_BASE}${path}`;
  const login = await request.post(url(AUTH_PATHS.login), {
    data: { email: teacher.email, password: teacher.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const classes = (await (
    await request.get(url(CLASS_PATHS.teacherClasses), { headers })
  ).json()) as { data: { _id: string; name: string }[] };
  for (const cls of classes.data) {
    const reply = await request.get(
      url(fillPath(ANALYTICS_PATHS.classAnalytics, { classId: cls._id })),
      { headers },
    );
    const { data } = (await reply.json()) as { data: TClassAnalytics };
    if (data.grid.length > 0) return { id: cls._id, name: cls.name, analytics: data };
  }
  throw new Error(`${teacher.email} has no class with marked work`);
}

async function openCsvMenu(page: Page, choice: string): Promise<Download> {
  await page.getByRole('button', { name: T.downloadCsv }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: choice }).click();
  return downloading;
}

test.describe('class analytics and CSV export', () => {
  test('a teacher reads the charts and grid, opens an answer from a cell and downloads the class CSV', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const cls = await classWithMarks(request, teacher);
    await openSignedIn(page, teacher.email, teacher.password, `/class/${cls.id}`);
    await page.getByRole('link', { name: T.analyticsButton }).click();
    await expect(page).toHaveURL(new RegExp(`/class/${cls.id}/analytics$`));
    await expect(
      page.getByRole('heading', { level: 1, name: T.classTitle(cls.name) }),
    ).toBeVisible();
    for (const title of [
      T.distributionTitle,
      T.attemptsTitle,
      T.bandsTitle,
      T.scoresTitle,
      T.gridTitle,
      T.progressTitle,
    ]) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    // Real charts: Recharts draws an SVG with bars for each of them.
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await expect(page.getByTestId(`stat-${T.mean}`)).toHaveText(
      T.percent(cls.analytics.summary.meanShare),
    );
    // Students with marks of the class's students (it read "Students 24" for a class of 28).
    await expect(page.getByTestId(`stat-${T.studentsWithMarks}`)).toHaveText(
      T.ofStudents(cls.analytics.summary.students, cls.analytics.summary.enrolled),
    );
    // Every histogram band is named (every other one had no label), and the weekly chart has a
    // point for every week from the first to the last, empty weeks included.
    const bandLabels = page
      .getByRole('region', { name: T.distributionTitle })
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .filter({ hasText: /\d/ });
    await expect(bandLabels).toHaveCount(10);
    const weeks = cls.analytics.weeks.map((w) => Date.parse(`${w.week}T00:00:00Z`));
    const spanWeeks =
      weeks.length === 0
        ? 0
        : Math.round((Math.max(...weeks) - Math.min(...weeks)) / (7 * 24 * 3600 * 1000)) + 1;
    await expect(
      page
        .getByRole('region', { name: T.progressTitle })
        .locator('.recharts-xAxis .recharts-cartesian-axis-tick'),
    ).toHaveCount(spanWeeks);

    // The grid: the first filled cell is the student's latest marked attempt at that question.
    const first = cls.analytics.grid[0]!;
    const student = cls.analytics.students.find((s) => s.id === first.studentId)!;
    const column = cls.analytics.questions.findIndex((q) => q.id === first.questionId);
    const grid = page.getByRole('table', { name: T.gridTitle });
    const cell = grid.getByRole('button', {
      name: T.gridCell(student.name, T.questionHeader(column + 1), first.score, first.marks),
    });
    await expect(cell).toHaveText(`${first.score}/${first.marks}`);
    await snap(page, 'class-analytics');
    await cell.click();
    const drawer = page.getByTestId('submission-drawer');
    await expect(drawer).toBeVisible();
    await expect(page.getByText(student.name).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The CSV with each student's latest score: the cell matches the grid.
    const download = await openCsvMenu(page, T.exportLatest);
    expect(download.suggestedFilename()).toMatch(/ \d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(await readCsv(download));
    const header = rows[0]!;
    expect(header.slice(0, 3)).toEqual([T.csv.student, T.csv.studentEmail, T.csv.studentId]);
    expect(header.slice(-6)).toEqual([
      T.csv.questionsMarked,
      T.csv.total,
      T.csv.outOf,
      T.csv.percentage,
      T.csv.percentageOfAll,
      T.csv.latestAttempt,
    ]);
    // The question columns follow the student's name, e-mail and ID.
    expect(header[column + 3]).toContain('(latest score out of');
    const csvName = /^[=+\-@\t\r]/.test(student.name) ? `'${student.name}` : student.name;
    const line = rows.find((r) => r[0] === csvName);
    expect(line, `a row for ${student.name}`).toBeDefined();
    expect(line![column + 3]).toBe(String(first.score));
    expect(line![line!.length - 1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows.length - 1).toBeGreaterThanOrEqual(cls.analytics.summary.students);

    // On a phone the page stays within the screen; the grid scrolls sideways on its own. The
    // pointer is moved off the charts first: a tooltip it opened is laid out for 1280 px.
    await page.mouse.move(0, 0);
    await page.setViewportSize(PHONE);
    await expect(grid).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // Each attempt's bar keeps its name (the first one lost it on a phone), and the weeks' dates
    // under the progress chart stand apart (two of them touched).
    const attempts = page.getByRole('region', { name: T.attemptsTitle });
    if (cls.analytics.attempts.byAttempt.length > 0) {
      const named = await expectChartLabelsApart(attempts);
      expect(named.map((l) => l.text)).toEqual(
        cls.analytics.attempts.byAttempt.map((a) => T.attemptLabel(a.attempt)),
      );
    }
    await expectChartLabelsApart(page.getByRole('region', { name: T.progressTitle }));
    await expect(bandLabels).toHaveCount(10);
    await page.setViewportSize(DESKTOP);
  });

  test('a teacher downloads the submissions list as shown, one row per answer', async ({
    page,
  }) => {
    const teacher = pick(accounts().teachers, 0, 'teacher');
    await openSignedIn(page, teacher.email, teacher.password, '/submissions');
    const button = page.getByRole('button', { name: T.downloadCsv });
    await expect(button).toBeVisible();
    const downloading = page.waitForEvent('download');
    await button.click();
    const rows = parseCsv(await readCsv(await downloading));
    expect(rows[0]).toEqual([
      T.csv.date,
      T.csv.student,
      T.csv.studentEmail,
      T.csv.studentId,
      T.csv.className,
      T.csv.question,
      T.csv.score,
      T.csv.marks,
      T.csv.marker,
      T.csv.teacherOverride,
      T.csv.aiScore,
      T.csv.comment,
      T.csv.status,
    ]);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(13);
      // A date and time a spreadsheet reads, and the status in words.
      expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(row[2]).toMatch(/@/);
      expect(Object.values(MESSAGES.submissionsPage.statusLabel)).toContain(row[12]);
    }
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
  });

  test('an admin reads the whole school and opens a class', async ({ page }) => {
    const admin = accounts().admin;
    await openSignedIn(page, admin.email, admin.password, '/admin/analytics');
    await expect(page.getByRole('heading', { level: 1, name: T.schoolTitle })).toBeVisible();
    // Every score band under the distribution is labelled, apart and evenly (every other one had
    // no label); at 1280 px the half-width card slants them, so their boxes stand closer.
    const bands = await expectChartLabelsApart(
      page.getByRole('region', { name: T.distributionTitle }),
      2,
    );
    expect(bands).toHaveLength(10);
    expect(bands.at(-1)?.text).toBe('90–100');
    // Slanted labels end at their tick (text-anchor end), so their right edges are the ticks.
    const ends = bands.map((b) => b.right);
    const steps = ends.slice(1).map((c, i) => c - (ends[i] ?? c));
    expect(Math.max(...steps) - Math.min(...steps)).toBeLessThan(3);
    const classes = page.getByRole('region', { name: T.classesTitle });
    await expect(classes.getByRole('row').nth(1)).toBeVisible();
    await classes.getByRole('row').nth(1).getByRole('button').click();
    await expect(page.getByRole('heading', { name: /^Analytics: / })).toBeVisible();
    // The pointer left where the row was clicked can rest on a chart of the new page and open its
    // tooltip, laid out for 1280 px; a phone has no pointer resting there.
    await page.mouse.move(0, 0);
    await snap(page, 'school-analytics');
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
  });
});
