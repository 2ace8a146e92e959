/**
 * `candidate` resolved against `appUrl` when it lands on the app's own origin, else null. Origins are
 * compared parsed (scheme, host and port), never as string prefixes: `http://localhost:4100.evil.test/`
 * and `http://localhost:4100@evil.test/` are other hosts, and an address with credentials in it is
 * refused outright. A path ('/payments') is taken on the app's origin; '//host' is another origin.
 */
export function sameOriginUrl(appUrl: string, candidate: string | undefined): string | null {
  if (!candidate) return null;
  let parsed: URL;
  try {
    parsed = new URL(candidate, `${appUrl}/`);
  } catch {
    return null;
  }
  if (parsed.username !== '' || parsed.password !== '') return null;
  return parsed.origin === new URL(appUrl).origin ? parsed.href : null;
}
