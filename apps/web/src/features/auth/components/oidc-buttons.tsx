import { Button, Divider, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { API_BASE, fillPath, OIDC_PATHS } from '@stem/contract/api';
import { OIDC_MESSAGES } from '@stem/contract/messages-oidc';

type TProvider = { id: string; label: string };

/** The providers of a GET /auth/oidc/providers reply, read without the schema library. */
function providersOf(body: unknown): TProvider[] {
  if (!body || typeof body !== 'object' || !('providers' in body)) return [];
  const list = body.providers;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is TProvider =>
      Boolean(p) &&
      typeof p === 'object' &&
      typeof (p as TProvider).id === 'string' &&
      typeof (p as TProvider).label === 'string',
  );
}

/**
 * "Sign in with Google" / "Sign in with Microsoft" (issue 29), only for the providers the operator
 * turned on (none: nothing is drawn). Fetched after the first render with plain fetch, so the login
 * page's own entry carries no HTTP client and its prerendered HTML hydrates unchanged. Each button is
 * a plain link: the server starts the sign-in and sends the browser to the provider.
 */
export function OidcButtons() {
  const [providers, setProviders] = useState<TProvider[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch(new URL(`${API_BASE}${OIDC_PATHS.providers}`, window.location.href), {
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => setProviders(providersOf(body)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm">
      <Divider label={OIDC_MESSAGES.divider} labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={`${API_BASE}${fillPath(OIDC_PATHS.start, { provider: provider.id })}`}
          variant="default"
          fullWidth
        >
          {OIDC_MESSAGES.signInWith(provider.label)}
        </Button>
      ))}
    </Stack>
  );
}
