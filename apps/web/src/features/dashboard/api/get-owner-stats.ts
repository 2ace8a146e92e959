import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS } from '@stem/contract/api';
import { ZOwnerStats, dataResponse, type TOwnerStats } from '@stem/contract/dashboard';
import { api } from '../../../lib/http';

const ZResponse = dataResponse(ZOwnerStats);

export const EMPTY_OWNER_STATS: TOwnerStats = {
  schools: { total: 0, active: 0, trial: 0 },
  users: { total: 0, byRole: { owner: 0, admin: 0, teacher: 0, student: 0 } },
};

export async function getOwnerStats(): Promise<TOwnerStats> {
  return ZResponse.parse(await api.get(DASHBOARD_PATHS.owner)).data;
}

export const ownerStatsQuery = () =>
  queryOptions({ queryKey: ['owner', 'stats'], queryFn: getOwnerStats });

export function useOwnerStats() {
  return useQuery(ownerStatsQuery());
}
