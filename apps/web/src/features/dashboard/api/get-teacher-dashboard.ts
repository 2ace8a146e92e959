import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS } from '@stem/contract/api';
import { ZTeacherDashboard, dataResponse, type TTeacherDashboard } from '@stem/contract/dashboard';
import { api } from '../../../lib/http';

const ZResponse = dataResponse(ZTeacherDashboard);

/** What the teacher dashboard shows when the call fails (spec 01 §2: zeros and empty lists). */
export const EMPTY_TEACHER_DASHBOARD: TTeacherDashboard = {
  activeClasses: 0,
  totalQuestions: 0,
  totalSubmissions: 0,
  recentSubmissions: [],
};

export async function getTeacherDashboard(): Promise<TTeacherDashboard> {
  return ZResponse.parse(await api.get(DASHBOARD_PATHS.teacher)).data;
}

export const teacherDashboardQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'teacher'], queryFn: getTeacherDashboard });

export function useTeacherDashboard() {
  return useQuery(teacherDashboardQuery());
}
