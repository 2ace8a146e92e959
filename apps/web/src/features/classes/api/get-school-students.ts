import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLASS_PATHS } from '@stem/contract/api';
import { ZSchoolStudentsResponse, type TStudentRef } from '@stem/contract/teaching';
import { api } from '../../../lib/http';

export async function getSchoolStudents(): Promise<TStudentRef[]> {
  return ZSchoolStudentsResponse.parse(await api.get(CLASS_PATHS.schoolStudents)).data;
}

export const schoolStudentsQuery = () =>
  queryOptions({ queryKey: ['school-students'], queryFn: getSchoolStudents });

export function useSchoolStudents() {
  return useQuery(schoolStudentsQuery());
}
