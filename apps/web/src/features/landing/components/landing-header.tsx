import { Burger, Button, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { PAID_PLANS, PROMO } from '@stem/contract/plans';
import { Logo } from '../../../components/logo';
import { InternalLink } from '../../../components/internal-link';
import classes from '../landing.module.css';
import { useOpenedOnce } from '../use-opened-once';

/** The phone menu's drawer: its code (and Mantine's Drawer) loads when the menu is first opened. */
const LandingMenu = lazy(() => import('./landing-menu'));

const N = PUBLIC_MESSAGES.landing.nav;

export const SECTION_LINKS = [
  { href: '#product', label: N.product },
  { href: '#pricing', label: N.pricing },
  { href: '#faqs', label: N.faqs },
] as const;

type TLandingHeaderProps = {
  bookDemoUrl: string;
  onBuyPlan: () => void;
  /** The promo banner offers a plan: shown only while plans are on sale. */
  plansOnSale: boolean;
};

/** Promo banner and navigation bar (spec 01 §2): section anchors, Buy Plan, Client Login, Book A Demo. */
export function LandingHeader({ bookDemoUrl, onBuyPlan, plansOnSale }: TLandingHeaderProps) {
  const [isMenuOpen, menu] = useDisclosure(false);
  const hasMenu = useOpenedOnce(isMenuOpen);
  const external = bookDemoUrl.startsWith('http')
    ? { target: '_blank', rel: 'noopener noreferrer' }
    : {};

  return (
    <>
      {plansOnSale && (
        <p className={classes.promo} style={{ margin: 0 }} data-testid="promo-banner">
          {PUBLIC_MESSAGES.landing.promo(PROMO.code, PROMO.freeMonths, PAID_PLANS.personal.name)}
        </p>
      )}
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <InternalLink
            to="/"
            className={classes.brand}
            aria-label={PUBLIC_MESSAGES.landing.footer.home}
          >
            <Logo size={32} />
          </InternalLink>
          <nav aria-label={N.label}>
            <ul className={classes.navLinks}>
              {SECTION_LINKS.map((link) => (
                <li key={link.href}>
                  <a className={classes.navLink} href={link.href}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={classes.actions}>
            <Button variant="subtle" className={classes.desktopOnly} onClick={onBuyPlan}>
              {N.buyPlan}
            </Button>
            <Button
              component={InternalLink}
              to="/login"
              variant="default"
              className={classes.notPhone}
            >
              {N.clientLogin}
            </Button>
            <Button component="a" href={bookDemoUrl} className={classes.desktopOnly} {...external}>
              {N.bookDemo}
            </Button>
            <Burger
              className={classes.burger}
              opened={isMenuOpen}
              onClick={menu.toggle}
              aria-label={isMenuOpen ? N.closeMenu : N.openMenu}
              aria-expanded={isMenuOpen}
            />
          </div>
        </Container>
      </header>
      {hasMenu ? (
        <Suspense fallback={null}>
          <LandingMenu
            opened={isMenuOpen}
            onClose={menu.close}
            bookDemoUrl={bookDemoUrl}
            onBuyPlan={onBuyPlan}
          />
        </Suspense>
      ) : null}
    </>
  );
}
