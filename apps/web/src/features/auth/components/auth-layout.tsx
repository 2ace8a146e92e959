import { Anchor, Box, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LOGIN_MESSAGES } from '@stem/contract/messages-login';
import { InternalLink } from '../../../components/internal-link';
import { Logo } from '../../../components/logo';

interface AuthLayoutProps {
  children: ReactNode;
  /** Widest the card may grow, in pixels. */
  maxWidth?: number;
}

/**
 * The frame of every sign-in and account page: the logo (to /) above a centred card. Free of the
 * router (its link is an InternalLink), so the login page's own entry can draw it.
 */
export function AuthLayout({ children, maxWidth = 440 }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py={{ base: 'lg', sm: 48 }}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background:
          'linear-gradient(160deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-gray-0) 55%, var(--mantine-color-white) 100%)',
      }}
    >
      <Stack w="100%" maw={maxWidth} gap="lg">
        <Anchor
          component={InternalLink}
          to="/"
          aria-label={LOGIN_MESSAGES.loginPage.homeLink}
          underline="never"
          style={{ alignSelf: 'center' }}
        >
          <Logo />
        </Anchor>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}
