import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
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
import { PAGE_SIZE_DEFAULT } from '@stem/contract/paging';
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
