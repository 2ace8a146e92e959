import { createHmac, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@stem/contract/messages';
import { TRIAL_SIGNUP_LINK_TTL_MS } from '@stem/contract/limits';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A link stamped this far in the future (clock skew between API processes) is still accepted. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** Whole days left of a trial, rounded up, never below 0 (spec 01 §4). */
export function daysRemaining(expiresAt: Date | null, now: Date): number {
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

export function trialExpiry(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** The token of a trial sign-up link: HMAC-SHA256 of the e-mail and the stamp, under the server key. */
export function signTrialSignup(secret: string, email: string, ts: number): string {
  return createHmac('sha256', secret)
    .update(`trial-signup\n${email.trim().toLowerCase()}\n${ts}`)
    .digest('base64url');
}

/**
 * The code of the one trial school a sign-up link makes (issue 26): drawn from the link itself under
 * the server key, so opening the link again, or registering with it, finds that school rather than
 * making another, and the database's unique code settles two openings at once.
 */
export function trialLinkSchoolSeed(secret: string, email: string, ts: number): Buffer {
  return createHmac('sha256', secret)
    .update(`trial-school\n${email.trim().toLowerCase()}\n${ts}`)
    .digest();
}

export type TSignupCheck = { ok: true; ts: number } | { ok: false; message: string };

/**
 * Checks a sign-up link's token for this e-mail: missing, forged (or for another address) and expired
 * links are refused with a message that says which.
 */
export function checkTrialSignup(
  secret: string,
  input: { email: string; token?: string | undefined; ts?: string | number | undefined },
  now: Date,
): TSignupCheck {
  if (!input.token || input.ts === undefined || input.ts === '') {
    return { ok: false, message: MESSAGES.trial.linkMissing };
  }
  const ts = typeof input.ts === 'number' ? input.ts : Number(input.ts);
  if (!Number.isSafeInteger(ts) || ts <= 0)
    return { ok: false, message: MESSAGES.trial.linkInvalid };
  const expected = Buffer.from(signTrialSignup(secret, input.email, ts));
  const given = Buffer.from(input.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, message: MESSAGES.trial.linkInvalid };
  }
  const age = now.getTime() - ts;
  if (age < -FUTURE_SKEW_MS) return { ok: false, message: MESSAGES.trial.linkInvalid };
  if (age > TRIAL_SIGNUP_LINK_TTL_MS) return { ok: false, message: MESSAGES.trial.linkExpired };
  return { ok: true, ts };
}

/** "Trial School 4KQZ" unless the creator gave a name. */
export function trialSchoolName(code: string, name: string | undefined): string {
  const given = name?.trim();
  return given ? `${given}'s Trial School` : `Trial School ${code.slice(0, 4)}`;
}

/** 26 March 2026 (en-GB, London), as mails and messages show dates. */
export function formatLondonDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date);
}
