import { API_BASE } from '@stem/contract/api';
import { http } from '../../../lib/http';

/** The file name the server gave in Content-Disposition (filename* first), else the fallback. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed name: fall back to the plain one.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** The browser's time zone ("Europe/London"), when it names one. */
function readerTimeZone(): { tz?: string } {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz ? { tz } : {};
}

/**
 * Downloads a CSV the API streams (GET under the API base, with the bearer token the app's HTTP
 * client adds, so an expired session refreshes as for any call), then saves it under the server's
 * file name. Downloads have no 30 s limit: a school-sized file may take longer.
 */
export async function downloadCsv(path: string, params: Record<string, unknown> = {}) {
  const response = await http.get<Blob>(`${API_BASE}${path}`, {
    // Dates in the file as the reader's clock shows them.
    params: { ...params, ...readerTimeZone() },
    responseType: 'blob',
    timeout: 0,
  });
  const name = fileNameOf(
    typeof response.headers['content-disposition'] === 'string'
      ? response.headers['content-disposition']
      : undefined,
    'export.csv',
  );
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return name;
}
