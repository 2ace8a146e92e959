import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS } from '@stem/contract/api';
import { ZAdminDashboard, dataResponse, type TAdminDashboard } from '@stem/contract/dashboard';
import { api } from '../../../lib/http';

const ZResponse = dataResponse(ZAdminDashboard);

export const EMPTY_ADMIN_DASHBOARD: TAdminDashboard = {
  totalTeachers: 0,
  totalStudents: 0,
  totalClasses: 0,
  recentClasses: [],
  recentSubmissions: [],
};

export async function getAdminDashboard(): Promise<TAdminDashboard> {
  return ZResponse.parse(await api.get(DASHBOARD_PATHS.admin)).data;
}

export const adminDashboardQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'admin'], queryFn: getAdminDashboard });

export function useAdminDashboard() {
  return useQuery(adminDashboardQuery());
}
