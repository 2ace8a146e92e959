import { Alert, Container } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { PAID_PLANS, type TBillingOption } from '@stem/contract/plans';
import { isIntroOfferOpen } from '@stem/contract/site-constants';
import { useDocumentTitle } from '../../auth/use-document-title';
import { formatLongDate } from '../../../lib/dates';
import type { TEmailPurpose } from '../components/email-modal';
import { FaqSection } from '../components/faq-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { CtaSection, LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { PricingSection } from '../components/pricing-section';
import classes from '../landing.module.css';
import { useOpenedOnce } from '../use-opened-once';
import { useSiteConfig } from '../use-site-config';

// The dialogs load when first opened: the page's first load carries none of their code, nor
// Mantine's Modal, nor the HTTP client and schemas their calls use.
const TrialModal = lazy(async () => ({
  default: (await import('../components/trial-modal')).TrialModal,
}));
const EmailModal = lazy(async () => ({
  default: (await import('../components/email-modal')).EmailModal,
}));
const VideoModal = lazy(async () => ({
  default: (await import('../components/video-modal')).VideoModal,
}));

/** Today in the visitor's own calendar, as YYYY-MM-DD. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Drops the query string from the address bar without a new history entry (no router). */
function clearAddressSearch(): void {
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
}

type TLandingPageProps = {
  /** The address's query string ('?payment_status=cancelled' after a cancelled checkout). */
  search?: string;
  /** Removes the query string from the address; the router's own way inside the app. */
  clearSearch?: () => void;
};

/**
 * The public landing page `/` (spec 01 §2). Signed-in visitors never reach it: the landing entry
 * (src/landing-main.tsx) and the app's route loader both send them to their dashboard. It uses
 * neither the router nor the query client, so its own entry loads neither; inside the app,
 * pages/landing-route.tsx gives it the router's links and query string.
 */
export default function LandingPage({
  search = window.location.search,
  clearSearch = clearAddressSearch,
}: TLandingPageProps) {
  useDocumentTitle(PUBLIC_MESSAGES.landing.documentTitle);
  // Set after the first render: the page's HTML is rendered at build time (landing-prerender.tsx)
  // without a query string, and the first render in the browser must match it.
  const [isPaymentCancelled, setPaymentCancelled] = useState(false);
  const [isTrialOpen, setTrialOpen] = useState(false);
  const [isVideoOpen, setVideoOpen] = useState(false);
  const [emailPurpose, setEmailPurpose] = useState<TEmailPurpose | null>(null);
  const [personalBilling, setPersonalBilling] = useState<TBillingOption>(
    PAID_PLANS.personal.defaultBilling,
  );
  const hasTrial = useOpenedOnce(isTrialOpen);
  const hasEmail = useOpenedOnce(emailPurpose !== null);
  const hasVideo = useOpenedOnce(isVideoOpen);
  const site = useSiteConfig();

  // The alert stays; the query string goes, so a reload or a shared link does not show it again.
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('payment_status')) return;
    if (params.get('payment_status') === 'cancelled') setPaymentCancelled(true);
    clearSearch();
  }, [search, clearSearch]);

  const introOfferEnds = isIntroOfferOpen(site.introOfferEndsOn, localToday())
    ? formatLongDate(`${site.introOfferEndsOn}T12:00:00`)
    : null;
  const buy = (billing: TBillingOption) => setEmailPurpose({ kind: 'purchase', billing });
  // Nothing on sale: Buy Plan shows the pricing, where the plans say so.
  const buyPlan = site.plansOnSale
    ? () => buy(personalBilling)
    : () => document.getElementById('pricing')?.scrollIntoView();

  return (
    <div className={classes.page}>
      <a className={classes.skipLink} href="#main">
        {PUBLIC_MESSAGES.landing.skipToContent}
      </a>
      <LandingHeader
        bookDemoUrl={site.bookDemoUrl}
        onBuyPlan={buyPlan}
        plansOnSale={site.plansOnSale}
      />
      <main id="main" tabIndex={-1}>
        {isPaymentCancelled ? (
          <Container size="lg" pt="md">
            <Alert
              color="yellow"
              icon={<IconInfoCircle aria-hidden="true" />}
              withCloseButton
              onClose={() => setPaymentCancelled(false)}
              closeButtonLabel={PUBLIC_MESSAGES.trialModal.close}
              role="alert"
            >
              {PUBLIC_MESSAGES.landing.paymentCancelled}
            </Alert>
          </Container>
        ) : null}
        <HeroSection
          onGetStarted={() => setTrialOpen(true)}
          onWatchDemo={() => setVideoOpen(true)}
        />
        {/*
          Each section below the first screen is a boundary of its own: on the page rendered at
          build time, React hydrates them one by one in short tasks after the header and the hero,
          rather than the whole page in one long task that would hold up a tap.
        */}
        <Suspense fallback={null}>
          <FeaturesSection />
        </Suspense>
        <Suspense fallback={null}>
          <PricingSection
            introOfferEnds={introOfferEnds}
            plansOnSale={site.plansOnSale}
            onBuy={buy}
            onStartTrial={() => setTrialOpen(true)}
            personalBilling={personalBilling}
            onPersonalBillingChange={setPersonalBilling}
          />
        </Suspense>
        <Suspense fallback={null}>
          <FaqSection />
        </Suspense>
        <Suspense fallback={null}>
          <CtaSection onGetStarted={() => setTrialOpen(true)} bookDemoUrl={site.bookDemoUrl} />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LandingFooter site={site} />
      </Suspense>
      <Suspense fallback={null}>
        {hasTrial ? (
          <TrialModal
            opened={isTrialOpen}
            onClose={() => setTrialOpen(false)}
            onUseEmail={() => {
              setTrialOpen(false);
              setEmailPurpose({ kind: 'trial' });
            }}
          />
        ) : null}
        {hasEmail ? (
          <EmailModal purpose={emailPurpose} onClose={() => setEmailPurpose(null)} />
        ) : null}
        {hasVideo ? <VideoModal opened={isVideoOpen} onClose={() => setVideoOpen(false)} /> : null}
      </Suspense>
    </div>
  );
}
