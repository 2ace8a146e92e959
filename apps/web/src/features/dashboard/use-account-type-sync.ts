import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getStoredUser, updateStoredUser } from '../../lib/session';
import { schoolDetailsQuery } from './api/get-school-details';

/**
 * On load of a dashboard the stored accountType is re-synchronised with the school's isTrial flag
 * (spec 01 §4), and plan and school type with it, so a school that upgraded loses its trial limits in
 * the browser without signing in again.
 */
export function useAccountTypeSync(): void {
  const { data } = useQuery({ ...schoolDetailsQuery(), staleTime: 0 });
  useEffect(() => {
    if (!data) return;
    const user = getStoredUser();
    if (!user) return;
    const accountType = data.isTrial ? 'trial' : 'paid';
    if (
      user.accountType !== accountType ||
      user.plan !== data.plan ||
      user.schoolType !== data.schoolType
    ) {
      updateStoredUser({ accountType, plan: data.plan, schoolType: data.schoolType });
    }
  }, [data]);
}
