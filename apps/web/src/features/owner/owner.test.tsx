// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { OWNER_PATHS, type TOwnerUser, type TSchool } from '@stem/contract/owner';
import { setupLocalBackend } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import { createSchool, uploadLogo } from './api';
import SchoolManagementPage from './pages/school-management-page';
import UserManagementPage from './pages/user-management-page';
import { EMPTY_SCHOOL_FORM, runAddSchool, validateSchoolForm, type TFlowApi } from './school-flow';

const M = MESSAGES.owner;

function serverError(status: number, message: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(message, 'ERR', undefined, undefined, {
    status,
    statusText: '',
    headers,
    config: { headers },
    data: { success: false, code: 'X', message },
  });
}

describe('school form rules (spec 02 §5)', () => {
  it('names each missing or wrong field', () => {
    expect(validateSchoolForm(EMPTY_SCHOOL_FORM, false)).toEqual({
      name: M.nameRequired,
      code: M.codeLength,
      adminEmail: M.adminEmailRequired,
      adminPassword: M.adminPasswordShort,
    });
    expect(
      validateSchoolForm(
        {
          ...EMPTY_SCHOOL_FORM,
          name: 'A',
          code: 'A'.repeat(16),
          adminEmail: 'nope',
          adminPassword: '12345678',
        },
        false,
      ),
    ).toEqual({ adminEmail: M.invalidEmail });
    expect(
      validateSchoolForm({ ...EMPTY_SCHOOL_FORM, schoolType: 'personal' }, false),
    ).toMatchObject({
      teacherName: M.teacherNameRequired,
      teacherEmail: M.teacherEmailRequired,
      teacherPassword: M.teacherPasswordShort,
    });
    const gif = new File(['x'], 'logo.gif', { type: 'image/gif' });
    expect(validateSchoolForm({ ...EMPTY_SCHOOL_FORM, name: 'A', logo: gif }, true)).toEqual({
      logo: M.logoType,
    });
  });
});

describe('add-school flow (spec 02 §4)', () => {
  const values = {
    ...EMPTY_SCHOOL_FORM,
    name: 'Hilltop',
    code: 'ABCD1234EFGH5678',
    adminEmail: 'admin@hilltop.org',
    adminPassword: 'password-1',
    logo: new File(['png'], 'logo.png', { type: 'image/png' }),
  };
  function recordingApi(fail: Partial<Record<keyof TFlowApi, unknown>> = {}) {
    const steps: string[] = [];
    const step =
      <T,>(name: keyof TFlowApi, result: T) =>
      async () => {
        steps.push(name);
        if (fail[name]) throw fail[name];
        return result;
      };
    const api: TFlowApi = {
      uploadLogo: step('uploadLogo', 'logo-upload:1'),
      createSchool: step('createSchool', {}),
      createAdmin: step('createAdmin', {}),
      createTeacher: step('createTeacher', {
        email: 'teacher.abcd1234efgh5678@stemathome.app',
        temporaryPassword: 'Rand0mPassw0rd12',
      }),
    };
    return { api, steps };
  }

  it('runs logo, school, admin, default teacher in that order', async () => {
    const { api, steps } = recordingApi();
    const outcome = await runAddSchool(api, values);
    expect(steps).toEqual(['uploadLogo', 'createSchool', 'createAdmin', 'createTeacher']);
    expect(outcome).toEqual({
      ok: true,
      message: M.createdClassroom,
      schoolCreated: true,
      defaultTeacher: {
        email: 'teacher.abcd1234efgh5678@stemathome.app',
        password: 'Rand0mPassw0rd12',
      },
    });
  });

  it('stops when the logo fails', async () => {
    const { api, steps } = recordingApi({ uploadLogo: new Error('x') });
    expect(await runAddSchool(api, values)).toMatchObject({
      ok: false,
      message: M.logoUploadFailed,
    });
    expect(steps).toEqual(['uploadLogo']);
  });

  it('reports each later failure, the school staying created', async () => {
    const school = recordingApi({
      createSchool: serverError(409, 'A school with this code already exists.'),
    });
    expect(await runAddSchool(school.api, values)).toMatchObject({
      message: 'A school with this code already exists.',
      schoolCreated: false,
    });
    const admin = recordingApi({ createAdmin: serverError(409, 'Email taken') });
    expect(await runAddSchool(admin.api, values)).toMatchObject({
      message: 'School created but failed to create admin: Email taken',
      schoolCreated: true,
    });
    const adminUnknown = recordingApi({ createAdmin: new Error('boom') });
    expect((await runAddSchool(adminUnknown.api, values)).message).toBe(
      'School created but failed to create admin: Unknown error',
    );
    const teacher = recordingApi({ createTeacher: serverError(409, 'Exists') });
    expect((await runAddSchool(teacher.api, values)).message).toBe(
      'School and admin created but failed to create teacher: Exists',
    );
    const personal = recordingApi({ createTeacher: serverError(409, 'Taken') });
    const personalValues = {
      ...values,
      schoolType: 'personal' as const,
      teacherName: 'T',
      teacherEmail: 't@x.org',
      teacherPassword: 'password-1',
    };
    expect((await runAddSchool(personal.api, personalValues)).message).toBe(
      'School created but failed to create teacher: Taken',
    );
    const personalOk = recordingApi();
    expect(await runAddSchool(personalOk.api, personalValues)).toMatchObject({
      ok: true,
      message: M.createdPersonal,
    });
    expect(personalOk.steps).toEqual(['uploadLogo', 'createSchool', 'createTeacher']);
  });
});

const school = (n: number, extra: Partial<TSchool> = {}): TSchool => ({
  _id: uuid(n),
  code: `SCHOOL${String(n).padStart(10, '0')}`,
  name: `School ${n}`,
  imageUrl: null,
  active: true,
  isTrial: false,
  plan: 'classroom',
  schoolType: 'classroom',
  createdAt: '2025-03-11T15:45:00.000Z',
  trialExpiresAt: null,
  userCount: 0,
  ...extra,
});
const page = (n: number) => ({ nextCursor: null, total: n, matched: n });

describe('/school-management', { timeout: 20_000 }, () => {
  const backend = setupLocalBackend();
  beforeEach(() =>
    signIn('owner', { school: null, schoolCode: null, schoolType: null, plan: null }),
  );

  const render = () =>
    renderRoutes(
      [{ path: '/school-management', element: <SchoolManagementPage /> }],
      '/school-management',
    );

  it('shows Regular Schools and Trial Accounts with badges; the switches refetch and hide', async () => {
    backend.on('GET', OWNER_PATHS.schools, (request) => {
      const rows =
        request.query.includeInactive === 'true'
          ? [
              school(1),
              school(2, { isTrial: true, plan: 'trial', trialExpiresAt: '2025-04-01T00:00:00Z' }),
              school(3, { active: false }),
            ]
          : [
              school(1),
              school(2, { isTrial: true, plan: 'trial', trialExpiresAt: '2025-04-01T00:00:00Z' }),
            ];
      return { status: 200, body: { success: true, data: rows, page: page(rows.length) } };
    });
    render();
    const regular = await screen.findByRole('region', { name: 'Regular Schools' });
    expect(within(regular).getByText('School 1')).toBeTruthy();
    const trials = screen.getByRole('region', { name: 'Trial Accounts' });
    expect(within(trials).getByText('Trial')).toBeTruthy();
    expect(within(trials).getByText(/Expires:/)).toBeTruthy();
    expect(screen.getByTestId('school-count').textContent).toBe('2 schools');

    fireEvent.click(screen.getByLabelText('Show Inactive Schools'));
    expect(await screen.findByText('School 3')).toBeTruthy();
    expect(backend.seen.some((r) => r.query.includeInactive === 'true')).toBe(true);
    const inactive = screen.getByRole('region', { name: 'Regular Schools' });
    expect(within(inactive).getByText('Inactive')).toBeTruthy();
    expect(within(inactive).getByRole('button', { name: 'Delete' })).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Show Trial Accounts'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Trial Accounts' })).toBeNull(),
    );
  });

  it('shows no empty section: a search that finds only one kind shows only its section', async () => {
    backend.on('GET', OWNER_PATHS.schools, (request) => {
      const all = [school(1), school(2, { isTrial: true, plan: 'trial' })];
      const rows = request.query.search
        ? all.filter((s) => s.name.toLowerCase().includes(String(request.query.search)))
        : all;
      return { status: 200, body: { success: true, data: rows, page: page(rows.length) } };
    });
    render();
    expect(await screen.findByRole('region', { name: 'Trial Accounts' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search schools'), { target: { value: 'school 1' } });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Trial Accounts' })).toBeNull(),
    );
    expect(screen.getByRole('region', { name: 'Regular Schools' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search schools'), { target: { value: 'school 2' } });
    expect(await screen.findByRole('region', { name: 'Trial Accounts' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Regular Schools' })).toBeNull();
  });

  it('marks a trial whose end date has passed as expired, and only that one', async () => {
    const rows = [
      school(5, { isTrial: true, plan: 'trial', trialExpiresAt: '2025-04-01T00:00:00Z' }),
      school(6, {
        isTrial: true,
        plan: 'trial',
        trialExpiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      }),
    ];
    backend.on('GET', OWNER_PATHS.schools, {
      status: 200,
      body: { success: true, data: rows, page: page(rows.length) },
    });
    render();
    await screen.findByText('School 5');
    const [ended, running] = screen.getAllByTestId('school-card');
    expect(within(ended!).getByText('School 5')).toBeTruthy();
    expect(within(ended!).getByText('Expired')).toBeTruthy();
    expect(within(running!).queryByText('Expired')).toBeNull();
  });

  it('says when there are no schools, or none that match', async () => {
    backend.on('GET', OWNER_PATHS.schools, (request) => ({
      status: 200,
      body: { success: true, data: [], page: page(request.query.search ? 0 : 0) },
    }));
    render();
    expect(await screen.findByText(M.noSchools)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search schools'), { target: { value: 'zz' } });
    expect(await screen.findByText(M.noMatches)).toBeTruthy();
  });

  it("shows an edit's old and new values in the Edit form's recent changes", async () => {
    const edited = school(5, { name: 'Hilltop Academy' });
    backend.on('GET', OWNER_PATHS.schools, {
      status: 200,
      body: { success: true, data: [edited], page: page(1) },
    });
    backend.on('GET', `/owner/schools/${edited._id}`, {
      status: 200,
      body: {
        success: true,
        data: {
          ...edited,
          recentChanges: [
            {
              _id: uuid(61),
              action: 'school.updated',
              actorName: 'Olive Owner',
              createdAt: '2025-03-11T10:00:00.000Z',
              before: { name: 'Hilltop', logo: null },
              after: { name: 'Hilltop Academy', logo: null },
            },
          ],
        },
      },
    });
    render();
    await screen.findByText('Hilltop Academy');
    fireEvent.click(
      within(screen.getByTestId('school-card')).getByRole('button', { name: 'Edit' }),
    );
    const changes = await screen.findByLabelText('Recent changes');
    expect(
      await within(changes).findByText(
        /Details edited by Olive Owner \(name “Hilltop” → “Hilltop Academy”\)/,
      ),
    ).toBeTruthy();
  });

  it('opens one form at a time; a refused delete tells the owner to deactivate', async () => {
    const inactive = school(4, { active: false, userCount: 3 });
    backend.on('GET', OWNER_PATHS.schools, {
      status: 200,
      body: { success: true, data: [inactive], page: page(1) },
    });
    backend.on('GET', `/owner/schools/${inactive._id}`, {
      status: 200,
      body: { success: true, data: { ...inactive, recentChanges: [] } },
    });
    backend.on('DELETE', `/owner/school/${inactive.code}`, {
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', message: 'This school still has 3 users.' },
    });
    render();
    await screen.findByText('School 4');
    fireEvent.click(screen.getByRole('button', { name: 'Add New School' }));
    expect(screen.getByRole('region', { name: 'Add New School' })).toBeTruthy();
    fireEvent.click(
      within(screen.getByTestId('school-card')).getByRole('button', { name: 'Edit' }),
    );
    expect(screen.queryByRole('region', { name: 'Add New School' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Edit School' })).toBeTruthy();
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();

    fireEvent.click(
      within(screen.getByTestId('school-card')).getByRole('button', { name: 'Delete' }),
    );
    expect(screen.queryByRole('region', { name: 'Edit School' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleteHasUsers)).toBeTruthy();
  });

  it('sends the logo as a multipart upload (the JSON default sent an empty body: 415)', async () => {
    backend.on('POST', OWNER_PATHS.logoUpload, {
      status: 200,
      body: { success: true, fileUrl: '/api/v1/stem@home/owner/logo-upload/1' },
    });
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'crest.png', {
      type: 'image/png',
    });
    expect(await uploadLogo(logo)).toBe('/api/v1/stem@home/owner/logo-upload/1');
    const sent = backend.seen.find((r) => r.path === OWNER_PATHS.logoUpload);
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(sent?.body)).toContain('name="file"; filename="crest.png"');
  });

  it('sends an object body as JSON (the shared client sets no Content-Type of its own)', async () => {
    backend.on('POST', OWNER_PATHS.schools, { status: 400, body: { message: 'refused' } });
    await createSchool({ name: 'Walk Academy' } as Parameters<typeof createSchool>[0]).catch(
      () => undefined,
    );
    const sent = backend.seen.find((r) => r.path === OWNER_PATHS.schools && r.method === 'POST');
    expect(sent?.contentType).toMatch(/^application\/json/);
  });

  it('takes a pasted school code written in groups (the cards show it so: XXXX-XXXX-XXXX-XXXX)', async () => {
    backend.on('GET', OWNER_PATHS.schools, {
      status: 200,
      body: { success: true, data: [], page: page(0) },
    });
    const user = userEvent.setup({ delay: null });
    render();
    await screen.findByText(M.noSchools);
    await user.click(screen.getByRole('button', { name: 'Add New School' }));
    const code = within(screen.getByRole('region', { name: 'Add New School' })).getByLabelText(
      /School Code/,
    );
    // The box offers a made code: the owner clears it to paste their own.
    await user.clear(code);
    await user.paste('walk-3aca-demy-0001');
    expect((code as HTMLInputElement).value).toBe('WALK3ACADEMY0001');
  });

  it('offers a valid generated code, makes a new one on request, and says the admin is welcomed by e-mail', async () => {
    backend.on('GET', OWNER_PATHS.schools, {
      status: 200,
      body: { success: true, data: [], page: page(0) },
    });
    render();
    await screen.findByText(M.noSchools);
    fireEvent.click(screen.getByRole('button', { name: 'Add New School' }));
    const form = screen.getByRole('region', { name: 'Add New School' });
    const box = within(form).getByLabelText(/School Code/) as HTMLInputElement;
    expect(box.value).toMatch(/^[A-Z0-9]{16}$/);
    const first = box.value;
    fireEvent.click(within(form).getByRole('button', { name: M.newCode }));
    expect(box.value).toMatch(/^[A-Z0-9]{16}$/);
    expect(box.value).not.toBe(first);
    expect(within(form).getByText(new RegExp(M.welcomeNoteAdmin.slice(0, 40)))).toBeTruthy();
    // The edit form keeps the school's own code, with no button to change it.
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  });

  it('checks the add form before anything is sent', async () => {
    backend.on('GET', OWNER_PATHS.schools, {
      status: 200,
      body: { success: true, data: [], page: page(0) },
    });
    render();
    await screen.findByText(M.noSchools);
    fireEvent.click(screen.getByRole('button', { name: 'Add New School' }));
    const form = screen.getByRole('region', { name: 'Add New School' });
    fireEvent.change(within(form).getByLabelText(/School Code/), { target: { value: 'ab-cd 12' } });
    expect((within(form).getByLabelText(/School Code/) as HTMLInputElement).value).toBe('ABCD12');
    fireEvent.click(within(form).getByRole('button', { name: 'Add School' }));
    expect(await within(form).findByText(M.nameRequired)).toBeTruthy();
    expect(within(form).getByText(M.codeLength)).toBeTruthy();
    expect(within(form).getByText(M.adminEmailRequired)).toBeTruthy();
    expect(backend.seen.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Add New School' })).toBeNull();
  });
});

const user = (n: number, extra: Partial<TOwnerUser> = {}): TOwnerUser => ({
  _id: uuid(100 + n),
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  role: 'student',
  school: { _id: uuid(1), name: 'Hilltop', code: 'ABCD1234EFGH5678' },
  createdAt: '2025-03-11T15:45:00.000Z',
  lastLoginAt: null,
  active: true,
  ...extra,
});

describe('/user-management', { timeout: 20_000 }, () => {
  const backend = setupLocalBackend();
  beforeEach(() => {
    signIn('owner', { school: null, schoolCode: null, schoolType: null, plan: null });
    backend.on('GET', OWNER_PATHS.schools, {
      status: 200,
      body: { success: true, data: [school(1, { name: 'Hilltop' })], page: page(1) },
    });
  });

  it('presets the role, pages on the server and sorts by column', async () => {
    backend.on('GET', OWNER_PATHS.users, (request) => {
      const second = request.query.cursor === 'next-1';
      const rows = second
        ? [user(11), user(12, { school: null, role: 'owner' })]
        : Array.from({ length: 10 }, (_, i) => user(i + 1));
      return {
        status: 200,
        body: {
          success: true,
          users: rows,
          page: { nextCursor: second ? null : 'next-1', total: 40, matched: 12 },
        },
      };
    });
    renderRoutes(
      [{ path: '/user-management', element: <UserManagementPage /> }],
      '/user-management?role=teacher',
    );
    expect(await screen.findByText('Page 1 of 2 (12 users)')).toBeTruthy();
    expect(backend.seen.find((r) => r.path === OWNER_PATHS.users)?.query).toMatchObject({
      role: 'teacher',
      sort: 'createdAt',
      order: 'desc',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 (12 users)')).toBeTruthy();
    const unknownRow = (await screen.findByText('Person 12')).closest('tr') as HTMLElement;
    expect(within(unknownRow).getByText('-')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2 (12 users)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(backend.seen.some((r) => r.query.sort === 'name' && r.query.order === 'asc')).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(backend.seen.some((r) => r.query.sort === 'name' && r.query.order === 'desc')).toBe(
        true,
      ),
    );

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'Person 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(backend.seen.some((r) => r.query.search === 'Person 1')).toBe(true));
  });

  it('fits its columns to the page: fixed layout, long addresses and school names wrap', async () => {
    const long = user(1, {
      email: 'teacher.abcd1234efgh5678.with.a.very.long.address@stemathome.example.org',
      school: { _id: uuid(1), name: 'The Very Long Named Academy of Sciences', code: 'X' },
    });
    backend.on('GET', OWNER_PATHS.users, {
      status: 200,
      body: {
        success: true,
        users: [long],
        page: { nextCursor: null, total: 1, matched: 1 },
      },
    });
    renderRoutes(
      [{ path: '/user-management', element: <UserManagementPage /> }],
      '/user-management',
    );
    const cell = await screen.findByText(long.email);
    const table = screen.getByRole('table', { name: 'Users' });
    // It kept every cell to one line (white-space: nowrap), which scrolled sideways at 1280 px.
    expect(table.style.whiteSpace).not.toBe('nowrap');
    expect(table.style.getPropertyValue('--table-layout')).toBe('fixed');
    expect(cell.style.overflowWrap).toBe('anywhere');
    expect(screen.getByText(long.school!.name).style.overflowWrap).toBe('anywhere');
  });

  it('lists the schools in the School filter before anything is typed', async () => {
    backend.on('GET', OWNER_PATHS.users, {
      status: 200,
      body: { success: true, users: [], page: { nextCursor: null, total: 0, matched: 0 } },
    });
    renderRoutes(
      [{ path: '/user-management', element: <UserManagementPage /> }],
      '/user-management',
    );
    await screen.findByText(M.noUsers);
    // Let the box's text ('All Schools') pass the debounce: it must not become a search.
    await new Promise((resolve) => setTimeout(resolve, 400));
    fireEvent.click(screen.getByRole('combobox', { name: 'School' }));
    expect(await screen.findByRole('option', { name: 'Hilltop' })).toBeTruthy();
    const searches = backend.seen
      .filter((r) => r.path === OWNER_PATHS.schools)
      .map((r) => r.query.search);
    expect(searches).not.toContain('All Schools');
  });

  it('shows "No users found", and a row opens its details with statistics', async () => {
    backend.on('GET', OWNER_PATHS.users, (request) => ({
      status: 200,
      body: {
        success: true,
        users: request.query.search ? [] : [user(1, { role: 'teacher' })],
        page: { nextCursor: null, total: 1, matched: request.query.search ? 0 : 1 },
      },
    }));
    backend.on('GET', `/owner/users/${uuid(101)}/stats`, {
      status: 200,
      body: {
        success: true,
        stats: {
          teacherStats: {
            totalClasses: 2,
            activeClasses: 1,
            totalStudents: 30,
            questionsCreated: 7,
            submissionsEvaluated: 120,
          },
        },
      },
    });
    renderRoutes(
      [{ path: '/user-management', element: <UserManagementPage /> }],
      '/user-management',
    );
    expect(await screen.findByText('Page 1 of 1 (1 user)')).toBeTruthy();
    fireEvent.click(await screen.findByText('Person 1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Basic Information')).toBeTruthy();
    expect(within(dialog).getByText('User Statistics')).toBeTruthy();
    expect(await within(dialog).findByText('120')).toBeTruthy();
    expect(within(dialog).getByText('N/A')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(M.noUsers)).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 (0 users)')).toBeTruthy();
  });
});
