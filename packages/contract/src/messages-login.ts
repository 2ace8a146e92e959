import { PUBLIC_MESSAGES } from './messages-public';

/**
 * The texts of the login page `/login` and its one-time School Code box, with the shared texts they
 * show. The login page's own entry (apps/web/src/login-main.tsx) imports these and the landing page's
 * (./messages-public) alone, so a first visit to `/login` does not download every text of the app;
 * MESSAGES (./messages) includes each of them under the same name.
 */
export const LOGIN_MESSAGES = {
  generic: {
    network: PUBLIC_MESSAGES.generic.network,
  },
  login: {
    magicLinkSent: 'Magic link sent! Please check your email.',
    resetSent: 'Password reset instructions sent! Please check your email.',
  },
  settings: {
    copyFailed: PUBLIC_MESSAGES.settings.copyFailed,
    copied: 'School code copied to clipboard',
    copiedLabel: PUBLIC_MESSAGES.settings.copiedLabel,
  },
  loginPage: {
    documentTitle: 'Sign in · STEM@Home',
    heading: 'Welcome back',
    subtitle: 'Please enter your credentials to sign in.',
    passwordTab: 'Password',
    magicLinkTab: 'Magic Link',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    forgotPassword: 'Forgot password?',
    signIn: 'Sign in',
    magicLinkHint: 'We will e-mail you a link that signs you in without a password.',
    sendMagicLink: 'Send Magic Link',
    resetHeading: 'Reset Your Password',
    resetSubtitle:
      'Enter the email address of your account and we will send you a link to set a new password.',
    sendResetInstructions: 'Send Reset Instructions',
    backToLogin: 'Back to login',
    checkEmail: 'Check your email',
    sendAgain: "Didn't receive it? Send again",
    noAccount: "Don't have an account?",
    signUp: 'Sign up',
    homeLink: 'STEM@Home home page',
  },
  /** The one-time School Code box on the login page (spec 01 §2). */
  generatedSchoolCode: {
    title: 'Your School Code',
    schoolLabel: 'School',
    copy: 'Copy',
    note: 'This code has also been e-mailed to you, and you can view it again at any time in Settings.',
  },
} as const;
