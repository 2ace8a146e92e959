/**
 * The texts of the public landing page `/` and its dialogs, with the few shared texts they show (the
 * generic network and rate-limit errors, dates, the e-mail check, the copy button). The landing page's
 * own entry imports these alone, so a first visit does not download every text of the app; MESSAGES
 * (./messages) includes each of them under the same name, and everything else uses MESSAGES.
 */
export const PUBLIC_MESSAGES = {
  generic: {
    network: 'Unable to connect to the server. Please check your internet connection.',
    rateLimited: 'Too many requests. Please wait a moment and try again.',
  },
  dates: {
    none: 'No date available',
    invalid: 'Invalid date',
  },
  register: {
    emailInvalid: 'Please enter a valid email address',
  },
  settings: {
    copyFailed: 'Failed to copy code. Please try selecting and copying manually.',
    copiedLabel: 'Copied!',
  },
  /** The public landing page (spec 01 §2 "Landing page", issue 8). */
  landing: {
    documentTitle: 'STEM@Home · Marking handwritten STEM work in minutes',
    skipToContent: 'Skip to main content',
    promo: (code: string, months: number, planName: string) =>
      `Use code ${code} for ${months} months free on the monthly ${planName}.`,
    nav: {
      label: 'Main',
      product: 'Product',
      pricing: 'Pricing',
      faqs: 'FAQs',
      buyPlan: 'Buy Plan',
      clientLogin: 'Client Login',
      bookDemo: 'Book A Demo',
      menu: 'Menu',
      openMenu: 'Open menu',
      closeMenu: 'Close menu',
    },
    hero: {
      title: 'Mark handwritten STEM work in minutes, not evenings',
      text: 'Students photograph or type their answers. STEM@Home reads the handwriting, marks every answer against your own rubric and gives each student a score and feedback they can act on.',
      getStarted: 'Get Started',
      watchDemo: 'Watch Demo',
      note: '14-day free trial. No card needed.',
    },
    video: {
      title: 'STEM@Home demo',
      caption:
        'A student photographs a written answer, checks the text that was read and gets a mark with feedback.',
      close: 'Close video',
      unsupported: 'Your browser cannot play this video.',
    },
    features: {
      title: 'Everything a busy teacher needs to mark at scale',
      text: 'From writing the question to the feedback a student reads, in one place.',
      enlarge: (title: string) => `Enlarge screenshot: ${title}`,
      closeLightbox: 'Close screenshot',
    },
    pricing: {
      title: 'Simple pricing',
      text: 'Prices in pounds sterling, tax included. Cancel at any time.',
      introductory: (date: string) => `Introductory prices, valid until ${date}.`,
      monthly: 'Monthly',
      annual: 'Annual',
      billingLabel: (planName: string) => `Billing period of the ${planName}`,
      perMonth: 'per month',
      perYear: 'per year',
      was: (price: string) => `was ${price}`,
      aboutPerMonth: (price: string) => `about ${price} per month`,
      buy: 'Buy Now',
      comingSoon: 'Coming Soon!',
      classroomNote: 'This plan will be available for teachers soon.',
      /** No payment provider on this deployment (PAYMENTS=off): the buy buttons say so. */
      notOnSale: 'Not on sale yet',
      notOnSaleNote: 'Plans are not on sale yet. You can start a free 14-day trial now.',
      trialTitle: 'Not ready to buy?',
      trialText: 'Try every feature free for 14 days with one teacher and one student.',
    },
    faqs: {
      title: 'Frequently asked questions',
    },
    cta: {
      title: 'Give your evenings back',
      text: 'Start a free trial in a few seconds: no card, no installation, nothing to set up.',
    },
    footer: {
      label: 'Footer',
      features: 'Features',
      pricing: 'Pricing',
      contact: 'Contact',
      linkedin: 'LinkedIn',
      privacy: 'Privacy Policy',
      eula: 'End User Licence Agreement',
      rights: (year: number) => `© ${year} STEM@Home. All rights reserved.`,
      home: 'STEM@Home home page',
    },
    paymentCancelled: 'Your payment process was cancelled and you have not been charged.',
  },
  /** The trial modal of the landing page (spec 01 §2, §4, §8 "Trial and purchase"). */
  trialModal: {
    title: 'Try STEM@Home for Free',
    intro:
      'Get a school of your own in seconds and see how STEM@Home marks handwritten work. Your free trial includes:',
    start: 'Start My Free Trial',
    byEmail: 'Send me a sign-up link by e-mail instead',
    creating: 'Creating your trial account...',
    failed: 'Failed to create trial account',
    failedText: 'An error occurred while creating your trial account. Please try again.',
    tryAgain: 'Try Again',
    successTitle: 'Your trial school is ready',
    schoolName: 'School name',
    schoolCode: 'School code',
    copy: 'Copy',
    copyCode: 'Copy school code',
    expires: (date: string, days: number) =>
      `Your trial ends on ${date} (${days} ${days === 1 ? 'day' : 'days'}).`,
    includesTitle: 'Your trial includes',
    nextStepsTitle: 'Next steps',
    nextSteps: [
      'Keep your school code: you need it to register, and it is shown again on the sign-in page.',
      'Select Register Now and create your teacher account.',
      'Create a class, add a question with its rubric and invite your student with the school code.',
    ],
    registerNow: 'Register Now',
    close: 'Close',
  },
  /** The 'Enter Your Email' modal, for the e-mail trial and for buying a plan (spec 01 §2, §8). */
  emailModal: {
    title: 'Enter Your Email',
    label: 'Email address',
    trialText:
      'We will e-mail you a link to create your trial school. The link works for 24 hours.',
    purchaseText: (planName: string) =>
      `The ${planName} and your school code will be set up for this address.`,
    trialSubmit: 'Send Sign-up Link',
    purchaseSubmit: 'Continue to Payment',
    promoLabel: 'Promo code (optional)',
    promoHint: (code: string, months: number) => `${code} gives ${months} months free.`,
    cancel: 'Cancel',
    trialSentTitle: 'Check your e-mail',
    trialSent: (email: string) =>
      `We have sent a link to ${email}. Open it within 24 hours to create your trial school.`,
    emailExists:
      'This email address is already associated with an existing account. Please use a different email address to start a free trial.',
    emailCheckFailed: 'An error occurred while verifying your email. Please try again.',
    checkoutFailed: 'Failed to create checkout session',
    planEmailExists:
      'This email address is already associated with an existing plan. Please use a different email address to start a new subscription.',
    paymentError: 'An error occurred during the payment process. Please try again.',
  },
} as const;
