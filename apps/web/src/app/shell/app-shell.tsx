import { Avatar, AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconCreditCard,
  IconPlugConnected,
  IconFileText,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogout,
  IconQuestionMark,
  IconSchool,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { AUTH_PATHS } from '@stem/contract/api';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { dashboardPathFor } from '@stem/contract/roles';
import { api } from '../../lib/http';
import {
  clearSession,
  getItem,
  getRefreshToken,
  getStoredRole,
  getStoredUser,
} from '../../lib/session';
import { useSessionVersion } from '../use-session';
import classes from './app-shell.module.css';
import { capitalise } from './capitalise';
import { HelpModal } from './help-modal';
import { isLinkActive, navLinksFor, type TNavIcon } from './nav-links';
import { SettingsModal } from './settings-modal';
import { SchoolLogo } from './school-logo';
import { TrialBanner } from './trial-banner';

const ICONS: Record<TNavIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  schools: IconSchool,
  users: IconUsers,
  classes: IconUsersGroup,
  questions: IconQuestionMark,
  submissions: IconFileText,
  payments: IconCreditCard,
  lms: IconPlugConnected,
};

/** Mobile layout at 768 px or less (spec 01 §2): the navbar is desktop from 769 px. */
const NAVBAR_BREAKPOINT_PX = MOBILE_MAX_WIDTH + 1;
/** Log out should not wait on a slow or absent server: the session is cleared either way. */
const LOGOUT_TIMEOUT_MS = 3_000;

/** The layout of every signed-in page: header, side navigation, Help and Settings popups. */
export default function AppShellLayout() {
  useSessionVersion();
  const role = getStoredRole();
  const user = getStoredUser();
  const name = user?.name ?? getItem('userName') ?? '';
  const links = navLinksFor(role, user);

  const [navOpened, nav] = useDisclosure(false);
  const [helpOpened, help] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;

  // On mobile the navbar covers the page: close it once a link has been followed.
  const closeNav = nav.close;
  useEffect(() => {
    closeNav();
  }, [location.pathname, closeNav]);

  const logOut = async () => {
    setLoggingOut(true);
    const refreshToken = getRefreshToken();
    await api
      .post(AUTH_PATHS.logout, refreshToken ? { refreshToken } : {}, { timeout: LOGOUT_TIMEOUT_MS })
      .catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: NAVBAR_BREAKPOINT_PX,
        collapsed: { mobile: !navOpened },
      }}
      padding="md"
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            className={classes.burger}
            opened={navOpened}
            onClick={nav.toggle}
            size="sm"
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={navOpened}
            aria-controls="app-navbar"
          />
          <Link
            to={dashboardPathFor(role)}
            className={classes.brand}
            aria-label="STEM@Home dashboard"
          >
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <Text component="span" fw={800} fz="xl" c="blue.8">
              STEM@Home
            </Text>
          </Link>
          <SchoolLogo enabled={role !== null && role !== 'owner'} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="app-navbar"
        p="sm"
        aria-label="Main navigation"
        // Slid off screen on mobile: keep its links out of the tab order until the burger opens it.
        inert={isMobile && !navOpened}
      >
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {links.map((link) => {
              const LinkIcon = ICONS[link.icon];
              const active = isLinkActive(link, location.pathname);
              return (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={link.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  leftSection={<LinkIcon size={20} stroke={1.6} aria-hidden />}
                  variant="light"
                  fw={500}
                />
              );
            })}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Stack
            gap={2}
            pt="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <NavLink
              component="button"
              label="Help"
              leftSection={<IconHelpCircle size={20} stroke={1.6} aria-hidden />}
              onClick={() => {
                nav.close();
                help.open();
              }}
            />
            <NavLink
              component="button"
              label="Settings"
              leftSection={<IconSettings size={20} stroke={1.6} aria-hidden />}
              onClick={() => {
                nav.close();
                settings.open();
              }}
            />
            <NavLink
              component="button"
              label={loggingOut ? 'Logging out...' : 'Log Out'}
              leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
              disabled={loggingOut}
              onClick={() => void logOut()}
            />
          </Stack>
          <Group gap="sm" wrap="nowrap" mt="sm" px="xs" pb="xs">
            <Avatar color="blue" radius="xl" name={name || undefined} aria-hidden />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end" data-testid="shell-user-name">
                {name}
              </Text>
              <Text size="xs" c="dimmed" data-testid="shell-user-role">
                {role ? capitalise(role) : ''}
              </Text>
            </Stack>
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <TrialBanner isTrial={user?.accountType === 'trial'} role={role} />
        <Outlet />
      </AppShell.Main>

      <HelpModal opened={helpOpened} onClose={help.close} role={role} />
      <SettingsModal opened={settingsOpened} onClose={settings.close} role={role} user={user} />
    </AppShell>
  );
}
