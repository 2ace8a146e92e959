import { fillPath } from '@stem/contract/api';
import {
  OWNER_PATHS,
  ZCreateAccountResponse,
  ZLogoUploadResponse,
  ZOwnerUsersResponse,
  ZSchoolDetailsResponse,
  ZSchoolResponse,
  ZSchoolsResponse,
  ZUserStatsResponse,
  type TCreateAdminRequest,
  type TCreateSchoolRequest,
  type TCreateTeacherRequest,
  type TOwnerUserSort,
  type TUpdateSchoolRequest,
} from '@stem/contract/owner';
import { api } from '../../lib/http';

export type TSchoolsFilter = { includeInactive: boolean; search: string };

export async function listSchools(filter: TSchoolsFilter, cursor: string | undefined) {
  const body = await api.get(OWNER_PATHS.schools, {
    ...(filter.includeInactive ? { includeInactive: 'true' } : {}),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(cursor ? { cursor } : {}),
  });
  return ZSchoolsResponse.parse(body);
}

export async function getSchool(id: string) {
  return ZSchoolDetailsResponse.parse(await api.get(fillPath(OWNER_PATHS.school, { id }))).data;
}

export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return ZLogoUploadResponse.parse(await api.post(OWNER_PATHS.logoUpload, form)).fileUrl;
}

export async function createSchool(body: TCreateSchoolRequest) {
  return ZSchoolResponse.parse(await api.post(OWNER_PATHS.schools, body));
}

export async function updateSchool(code: string, body: TUpdateSchoolRequest) {
  return ZSchoolResponse.parse(await api.put(fillPath(OWNER_PATHS.schoolByCode, { code }), body));
}

export async function deleteSchool(code: string): Promise<void> {
  await api.delete(fillPath(OWNER_PATHS.schoolByCode, { code }));
}

export async function createAdmin(body: TCreateAdminRequest) {
  return ZCreateAccountResponse.parse(await api.post(OWNER_PATHS.createAdmin, body)).data;
}

export async function createTeacher(body: TCreateTeacherRequest) {
  return ZCreateAccountResponse.parse(await api.post(OWNER_PATHS.createTeacher, body)).data;
}

export type TUsersFilter = {
  search: string;
  role: string;
  school: string;
  sort: TOwnerUserSort;
  order: 'asc' | 'desc';
};

export async function listUsers(filter: TUsersFilter, cursor: string | undefined) {
  const body = await api.get(OWNER_PATHS.users, {
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.role !== 'all' ? { role: filter.role } : {}),
    ...(filter.school !== 'all' ? { school: filter.school } : {}),
    sort: filter.sort,
    order: filter.order,
    ...(cursor ? { cursor } : {}),
  });
  return ZOwnerUsersResponse.parse(body);
}

export async function getUserStats(id: string) {
  return ZUserStatsResponse.parse(await api.get(fillPath(OWNER_PATHS.userStats, { id }))).stats;
}
