import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS } from '@stem/contract/api';
import { ZStudentDashboard, dataResponse, type TStudentDashboard } from '@stem/contract/dashboard';
import { api } from '../../../lib/http';

const ZResponse = dataResponse(ZStudentDashboard);

export const EMPTY_STUDENT_DASHBOARD: TStudentDashboard = {
  activeClasses: 0,
  totalSubmissions: 0,
  recentSubmissions: [],
};

export async function getStudentDashboard(): Promise<TStudentDashboard> {
  return ZResponse.parse(await api.get(DASHBOARD_PATHS.student)).data;
}

export const studentDashboardQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'student'], queryFn: getStudentDashboard });

export function useStudentDashboard() {
  return useQuery(studentDashboardQuery());
}
