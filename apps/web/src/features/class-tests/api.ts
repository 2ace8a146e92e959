import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  CLASS_TEST_PATHS,
  ZClassTestResponse,
  ZClassTestResultsResponse,
  ZClassTestSavedResponse,
  ZClassTestsResponse,
  type TClassTestInput,
} from '@stem/contract/class-tests';
import { ZMessageResponse } from '@stem/contract/teaching';
import { api } from '../../lib/http';

/** A class's tests (issues 28, 29): the class page's Tests section, the print dialog, a student's test. */

const testsKey = (classId: string) => ['class-tests', classId] as const;
const at = (path: string, params: Record<string, string>) => fillPath(path, params);

export function useClassTests(classId: string) {
  return useQuery({
    queryKey: testsKey(classId),
    queryFn: async () =>
      ZClassTestsResponse.parse(await api.get(at(CLASS_TEST_PATHS.tests, { classId }))).data,
  });
}

/** One test, as its student reads it (an LMS link opens it). */
export function useClassTest(classId: string, testId: string | null) {
  return useQuery({
    queryKey: [...testsKey(classId), testId],
    queryFn: async () =>
      ZClassTestResponse.parse(
        await api.get(at(CLASS_TEST_PATHS.test, { classId, testId: testId ?? '' })),
      ).data,
    enabled: testId !== null,
    retry: false,
  });
}

export function useTestResults(classId: string, testId: string) {
  return useQuery({
    queryKey: [...testsKey(classId), testId, 'results'],
    queryFn: async () =>
      ZClassTestResultsResponse.parse(
        await api.get(at(CLASS_TEST_PATHS.results, { classId, testId })),
      ).data,
  });
}

/** Saves a test: a new one (no id) or the given one's new title and questions. */
export function useSaveTest(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: TClassTestInput & { id?: string }) =>
      ZClassTestSavedResponse.parse(
        id
          ? await api.put(at(CLASS_TEST_PATHS.test, { classId, testId: id }), body)
          : await api.post(at(CLASS_TEST_PATHS.tests, { classId }), body),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testsKey(classId) }),
  });
}

export function useDeleteTest(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (testId: string) =>
      ZMessageResponse.parse(await api.delete(at(CLASS_TEST_PATHS.test, { classId, testId }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testsKey(classId) }),
  });
}

/** The results' CSV path, for the shared download button. */
export const testExportPath = (classId: string, testId: string) =>
  at(CLASS_TEST_PATHS.export, { classId, testId });
