/**
 * The HTTP status of a failed call made through ./http (an axios error), or undefined. Read by
 * shape, not `instanceof AxiosError`, so the query client in the app's first chunk does not pull
 * in axios.
 */
export function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object' || !('isAxiosError' in error) || !error.isAxiosError) {
    return undefined;
  }
  if (!('response' in error) || !error.response || typeof error.response !== 'object') {
    return undefined;
  }
  const { response } = error;
  return 'status' in response && typeof response.status === 'number' ? response.status : undefined;
}
