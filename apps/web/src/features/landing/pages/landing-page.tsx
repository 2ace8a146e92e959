import { Alert, Container } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { PAID_PLANS, type TBillingOption } from '@stem/contract/plans';
import { isIntroOfferOpen } from '@stem/contract/site-constants';
import { useDocumentTitle } from '../../auth/use-document-title';
import { formatLongDate } from '../../../lib/dates';
import { getSiteConfig, SITE_CONFIG_FALLBACK } from '../api';
import type { TEmailPurpose } from '../components/email-modal';
import { FaqSection } from '../components/faq-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { CtaSection, LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { PricingSection } from '../components/pricing-section';
import classes from '../landing.module.css';
import { useOpenedOnce } from '../use-opened-once';

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

/** The public landing page `/` (spec 01 §2). Signed-in visitors never reach it (see the route's loader). */
export default function LandingPage() {
  useDocumentTitle(MESSAGES.landing.documentTitle);
  const [params, setParams] = useSearchParams();
  const [isPaymentCancelled, setPaymentCancelled] = useState(
    () => params.get('payment_status') === 'cancelled',
  );
  const [isTrialOpen, setTrialOpen] = useState(false);
  const [isVideoOpen, setVideoOpen] = useState(false);
  const [emailPurpose, setEmailPurpose] = useState<TEmailPurpose | null>(null);
  const [personalBilling, setPersonalBilling] = useState<TBillingOption>(
    PAID_PLANS.personal.defaultBilling,
  );
  const hasTrial = useOpenedOnce(isTrialOpen);
  const hasEmail = useOpenedOnce(emailPurpose !== null);
  const hasVideo = useOpenedOnce(isVideoOpen);
  const { data: site = SITE_CONFIG_FALLBACK } = useQuery({
    queryKey: ['site-config'],
    queryFn: getSiteConfig,
    staleTime: Infinity,
  });

  // The alert stays; the query string goes, so a reload or a shared link does not show it again.
  useEffect(() => {
    if (params.has('payment_status')) setParams({}, { replace: true });
  }, [params, setParams]);

  const introOfferEnds = isIntroOfferOpen(site.introOfferEndsOn, localToday())
    ? formatLongDate(`${site.introOfferEndsOn}T12:00:00`)
    : null;
  const buy = (billing: TBillingOption) => setEmailPurpose({ kind: 'purchase', billing });

  return (
    <div className={classes.page}>
      <a className={classes.skipLink} href="#main">
        {MESSAGES.landing.skipToContent}
      </a>
      <LandingHeader bookDemoUrl={site.bookDemoUrl} onBuyPlan={() => buy(personalBilling)} />
      <main id="main" tabIndex={-1}>
        {isPaymentCancelled ? (
          <Container size="lg" pt="md">
            <Alert
              color="yellow"
              icon={<IconInfoCircle aria-hidden="true" />}
              withCloseButton
              onClose={() => setPaymentCancelled(false)}
              closeButtonLabel={MESSAGES.trialModal.close}
              role="alert"
            >
              {MESSAGES.landing.paymentCancelled}
            </Alert>
          </Container>
        ) : null}
        <HeroSection
          onGetStarted={() => setTrialOpen(true)}
          onWatchDemo={() => setVideoOpen(true)}
        />
        <FeaturesSection />
        <PricingSection
          introOfferEnds={introOfferEnds}
          onBuy={buy}
          onStartTrial={() => setTrialOpen(true)}
          personalBilling={personalBilling}
          onPersonalBillingChange={setPersonalBilling}
        />
        <FaqSection />
        <CtaSection onGetStarted={() => setTrialOpen(true)} bookDemoUrl={site.bookDemoUrl} />
      </main>
      <LandingFooter site={site} />
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
