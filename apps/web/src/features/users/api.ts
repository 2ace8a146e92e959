import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  ZAdminClassListResponse,
  ZAdminUserDetailsResponse,
  ZAdminUserListResponse,
  ZDeletePreviewResponse,
  ZDeleteUsersResponse,
  ZRoleChangeResponse,
  type TAdminUser,
  type TAdminUserRole,
  type TAdminUserSort,
  type TDeletePreview,
  type TSortDirection,
} from '@stem/contract/admin';
import { fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_MAX_LENGTH } from '@stem/contract/paging';
import {
  ROSTER_FILE_FIELD,
  ROSTER_PATHS,
  ZRosterImportResponse,
  ZRosterPreviewResponse,
  ZRosterUserResponse,
  type TInviteRequest,
  type TRosterPreview,
} from '@stem/contract/roster';
import { ZMessageResponse } from '@stem/contract/teaching';
import { api, serverMessageOf } from '../../lib/http';
import { usePagedList } from '../../lib/paged-list';

/** The admin's user management calls (spec 02 §7 Admin). */

export const USERS_KEY = ['admin', 'users'] as const;

export type TUserView = {
  search: string;
  role: TAdminUserRole | 'all';
  sort: TAdminUserSort;
  dir: TSortDirection;
};

export const DEFAULT_USER_VIEW: TUserView = {
  search: '',
  role: 'all',
  sort: 'createdAt',
  dir: 'desc',
};

export type TRoleCounts = { student: number; teacher: number; admin: number };

/** GET /admin/users: pages of the school's people, searched, filtered and sorted by the server. */
export function useSchoolUsers(view: TUserView) {
  return usePagedList<TAdminUser, TRoleCounts>({
    queryKey: [...USERS_KEY, 'list', view],
    fetchPage: async (cursor) => {
      const q = view.search.trim();
      const reply = ZAdminUserListResponse.parse(
        await api.get(ADMIN_PATHS.users, {
          limit: PAGE_SIZE_DEFAULT,
          sort: view.sort,
          dir: view.dir,
          ...(view.role !== 'all' ? { role: view.role } : {}),
          ...(q ? { q } : {}),
          ...(cursor ? { cursor } : {}),
        }),
      );
      return { items: reply.data, page: reply.page, extra: reply.counts };
    },
  });
}

/** GET /admin/users/{id}: the person with their statistics. */
export function useSchoolUser(userId: string) {
  return useQuery({
    queryKey: [...USERS_KEY, 'one', userId],
    queryFn: async () =>
      ZAdminUserDetailsResponse.parse(await api.get(fillPath(ADMIN_PATHS.user, { id: userId }))),
    enabled: Boolean(userId),
    retry: false,
  });
}

/** POST /admin/delete-users/preview: what deleting these people would remove. */
export async function previewDeletion(ids: string[]): Promise<TDeletePreview> {
  return ZDeletePreviewResponse.parse(await api.post(ADMIN_PATHS.deletePreview, { users: ids }))
    .data;
}

function useUsersChange<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}

export function useDeleteUsers() {
  return useUsersChange(async (ids: string[]) =>
    ZDeleteUsersResponse.parse(await api.delete(ADMIN_PATHS.deleteUsers, { users: ids })),
  );
}

export function useChangeRole() {
  return useUsersChange(async (input: { userId: string; change: 'promote' | 'demote' }) =>
    ZRoleChangeResponse.parse(await api.put(ADMIN_PATHS[input.change], { userId: input.userId })),
  );
}

/** The server's reason (e.g. a teacher who still teaches classes), else a generic one. */
export function failureReason(error: unknown): string {
  return serverMessageOf(error) ?? MESSAGES.generic.unexpected;
}

/* ---------- rosters (issue 29) ---------- */

function rosterForm(file: File): FormData {
  const form = new FormData();
  form.append(ROSTER_FILE_FIELD, file);
  return form;
}

/** POST /admin/roster/preview: each row's outcome and the plan's limits; nothing is written. */
export async function previewRoster(file: File): Promise<TRosterPreview> {
  return ZRosterPreviewResponse.parse(await api.post(ROSTER_PATHS.preview, rosterForm(file))).data;
}

/** POST /admin/roster/import: the same file again; the server checks it all again. */
export function useImportRoster() {
  return useUsersChange(async (file: File) =>
    ZRosterImportResponse.parse(await api.post(ROSTER_PATHS.import, rosterForm(file))),
  );
}

export function useInvitePerson() {
  return useUsersChange(async (input: TInviteRequest) =>
    ZRosterUserResponse.parse(await api.post(ROSTER_PATHS.invite, input)),
  );
}

/** The admin's actions on one person: each answers with a message to show. */
export type TPersonAction = 'resend' | 'reset' | 'deactivate' | 'reactivate';

export function usePersonAction() {
  return useUsersChange(async (input: { userId: string; action: TPersonAction }) => {
    const id = { id: input.userId };
    switch (input.action) {
      case 'resend':
        return ZMessageResponse.parse(await api.post(fillPath(ROSTER_PATHS.resendInvitation, id)))
          .message;
      case 'reset':
        return ZMessageResponse.parse(await api.post(fillPath(ROSTER_PATHS.sendReset, id))).message;
      default:
        return ZRosterUserResponse.parse(await api.put(fillPath(ROSTER_PATHS[input.action], id)))
          .message;
    }
  });
}

/**
 * The school's classes for the invite form's class choice: those whose name holds `search` (the
 * server searches, so a school with more classes than a page still finds any of them).
 */
export function useClassChoices(enabled: boolean, search: string) {
  // The server refuses a longer search (400): past the limit, its first characters are searched.
  const q = search.trim().slice(0, SEARCH_MAX_LENGTH);
  return useQuery({
    queryKey: [...USERS_KEY, 'class-choices', q],
    queryFn: async () =>
      ZAdminClassListResponse.parse(
        await api.get(ADMIN_PATHS.classes, { limit: PAGE_SIZE_MAX, ...(q ? { q } : {}) }),
      ).data.map((c) => ({ value: c.id, label: c.name })),
    enabled,
    // The choices stay while the next search is on its way.
    placeholderData: keepPreviousData,
  });
}
