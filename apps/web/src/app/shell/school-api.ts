import { useQuery } from '@tanstack/react-query';
import {
  SCHOOL_PATHS,
  ZSchoolUpdateResponse,
  ZSchoolUsageResponse,
  type TSchoolUpdateResponse,
  type TSchoolUsage,
} from '@stem/contract/school';
import { api, http } from '../../lib/http';
import { API_BASE } from '@stem/contract/api';

export async function updateSchoolName(name: string): Promise<TSchoolUpdateResponse> {
  return ZSchoolUpdateResponse.parse(await api.post<unknown>(SCHOOL_PATHS.updateName, { name }));
}

/** POST /school/update-logo, multipart field `logo` (spec 01 §7). */
export async function updateSchoolLogo(file: File): Promise<TSchoolUpdateResponse> {
  const form = new FormData();
  form.append('logo', file);
  const response = await http.post<unknown>(`${API_BASE}${SCHOOL_PATHS.updateLogo}`, form);
  return ZSchoolUpdateResponse.parse(response.data);
}

export async function getSchoolUsage(): Promise<TSchoolUsage> {
  return ZSchoolUsageResponse.parse(await api.get<unknown>(SCHOOL_PATHS.usage)).data;
}

export function useSchoolUsage(enabled: boolean) {
  return useQuery({ queryKey: ['school', 'usage'], queryFn: getSchoolUsage, enabled });
}
