import { useQuery } from '@tanstack/react-query';
import { CLASS_PATHS } from '@stem/contract/api';
import { ZClassListResponse, type TClassSummary } from '@stem/contract/teaching';
import { api } from '../../../lib/http';

/**
 * The teacher's classes for the Add To Class picker. Same call and cache entry as the classes
 * feature's list (features do not import each other), so either page warms the other.
 */
export async function getClassOptions(): Promise<TClassSummary[]> {
  return ZClassListResponse.parse(await api.get(CLASS_PATHS.teacherClasses)).data;
}

export function useClassOptions(enabled: boolean) {
  return useQuery({ queryKey: ['classes', 'teacher'], queryFn: getClassOptions, enabled });
}
