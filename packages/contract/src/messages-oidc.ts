/**
 * The texts of signing in with Google or Microsoft (issue 29, OpenID Connect) and of a school's
 * sign-in e-mail domains. The login page's own entry imports these alone (not ./messages), so its
 * first load stays small; MESSAGES (./messages) includes them as `oidc`.
 */
export const OIDC_MESSAGES = {
  signInWith: (provider: string) => `Sign in with ${provider}`,
  divider: 'or',
  callbackTitle: 'Signing you in...',
  callbackText: 'Please wait while we check your account.',
  callbackFailedTitle: 'Sign-in failed',
  backToLogin: 'Back to login',
  signedIn: 'Signed in successfully',
  linkPending: (provider: string, email: string) =>
    `An account already uses ${email}. Sign in with your password once to link your ${provider} account; after that you can sign in with ${provider}.`,
  linked: (provider: string) =>
    `Your ${provider} account is now linked: next time you can sign in with ${provider}.`,
  /** A state that was already used, expired, or never started here (a replayed callback). */
  stateInvalid:
    'This sign-in attempt has expired or was already used. Please start again from the login page.',
  failed: (provider: string) => `Sign-in with ${provider} did not complete. Please try again.`,
  emailUnverified: (provider: string) =>
    `The e-mail address of your ${provider} account is not verified, so it cannot be used to sign in here.`,
  noSchool:
    'No school on STEM@Home uses the e-mail domain of this account. Ask your teacher for your school code and sign up with it.',
  notConfigured: 'This sign-in method is not available.',
  schoolDomains: {
    title: 'Sign-in e-mail domains',
    help: 'People whose Google or Microsoft account uses one of these domains can sign in with it and join this school as students. Teachers join only by invitation or promotion.',
    label: 'Domain',
    placeholder: 'school.example.org',
    add: 'Add domain',
    remove: (domain: string) => `Remove ${domain}`,
    empty: 'No domains yet.',
    loadFailed: 'The domains could not be loaded. Please try again.',
    invalid: 'Enter a domain such as school.example.org',
    publicDomain: (domain: string) =>
      `${domain} is a public e-mail service: only a school's own domain can be added.`,
    taken: 'This domain is already in use by a school.',
    added: (domain: string) => `${domain} added.`,
    removed: (domain: string) => `${domain} removed.`,
    notFound: 'This domain is not listed for the school.',
  },
} as const;
