/**
 * pdf.js (5.6) leaves one promise rejected with nothing waiting on it when a page's drawing is
 * stopped mid-way, as a page over its budget is (pdf.ts): its worker side replaces a stream's
 * "ready" promise each time the stream fills, and cancelling the stream rejects the current one
 * whether or not anything awaits it. The rejection is an `AbortException` ("Page was destroyed." or
 * "Rendering cancelled, page N"); the page was refused already and nothing is lost. The library's
 * internals are out of reach (a new message handler per document, private methods), so the places
 * that run pdf.js ignore exactly this rejection: the image-work thread (work/worker.ts), where an
 * unhandled rejection would end the thread, and the test runner (vitest.config.ts).
 */
export function isPdfjsCancelNoise(reason: unknown): boolean {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    // Checked by name and message, not class: the test runner sees a copy passed between threads.
    (reason as { name?: unknown }).name === 'AbortException' &&
    /^(Page was destroyed\.|Rendering cancelled, page \d+)$/.test(
      String((reason as { message?: unknown }).message),
    )
  );
}
