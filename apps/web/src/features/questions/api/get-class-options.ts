import { useQuery } from '@tanstack/react-query';
import { CLASS_PATHS } from '@stem/contract/api';
import { PAGE_SIZE_MAX } from '@stem/contract/paging';
import { ZClassSummary, type TClassSummary } from '@stem/contract/teaching';
import { api } from '../../../lib/http';
import { fetchEveryPage, parsePage } from '../../../lib/paged-list';

/** The server sent something that is not a page of classes. */
export class ClassOptionsFormatError extends Error {}

/**
 * Every one of the teacher's classes, for the Add To Class picker: the class list's pages of the
 * largest size, one after another (a teacher has tens of classes, not thousands).
 */
export async function getClassOptions(): Promise<TClassSummary[]> {
  return fetchEveryPage(async (cursor) => {
    const body = await api.get(CLASS_PATHS.teacherClasses, {
      limit: PAGE_SIZE_MAX,
      ...(cursor ? { cursor } : {}),
    });
    const page = parsePage(ZClassSummary, body);
    if (!page) throw new ClassOptionsFormatError('unexpected class list');
    return page;
  });
}

export function useClassOptions(enabled: boolean) {
  return useQuery({ queryKey: ['classes', 'teacher', 'all'], queryFn: getClassOptions, enabled });
}
