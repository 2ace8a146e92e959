import { Button, Drawer, Stack } from '@mantine/core';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { Logo } from '../../../components/logo';
import { InternalLink } from '../../../components/internal-link';
import classes from '../landing.module.css';
import { SECTION_LINKS } from './landing-header';

const N = PUBLIC_MESSAGES.landing.nav;

/** The landing page's phone menu (spec 01 §2 navbar): section anchors, Buy Plan, Client Login, Book A Demo. */
export default function LandingMenu({
  opened,
  onClose,
  bookDemoUrl,
  onBuyPlan,
}: {
  opened: boolean;
  onClose: () => void;
  bookDemoUrl: string;
  onBuyPlan: () => void;
}) {
  const external = bookDemoUrl.startsWith('http')
    ? { target: '_blank', rel: 'noopener noreferrer' }
    : {};
  const menu = { close: onClose };
  return (
    <Drawer
      opened={opened}
      onClose={menu.close}
      position="right"
      size="xs"
      title={<Logo size={28} />}
      closeButtonProps={{ 'aria-label': N.closeMenu }}
    >
      <nav aria-label={N.menu}>
        <Stack gap={4}>
          {SECTION_LINKS.map((link) => (
            <a key={link.href} className={classes.drawerLink} href={link.href} onClick={menu.close}>
              {link.label}
            </a>
          ))}
          <Button
            variant="light"
            mt="sm"
            onClick={() => {
              menu.close();
              onBuyPlan();
            }}
          >
            {N.buyPlan}
          </Button>
          <Button component={InternalLink} to="/login" variant="default">
            {N.clientLogin}
          </Button>
          <Button component="a" href={bookDemoUrl} {...external}>
            {N.bookDemo}
          </Button>
        </Stack>
      </nav>
    </Drawer>
  );
}
