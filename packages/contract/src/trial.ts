/**
 * Trial and purchase calls shared by the landing page, registration, the payments feature and the server
 * (spec 01 §3 "Trial status", "Trial creation response", "Checkout request and response", "Email check
 * response"; §7 trial and payment calls; issue 18 "Trial sign-up by e-mail").
 */
import { z } from 'zod';
import { MESSAGES } from './messages';

const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MESSAGES.register.emailInvalid }).max(254));

/** Paths under API_BASE. `checkEmail` and `createCheckout` are ours: the spec says "path not shown". */
export const TRIAL_PATHS = {
  create: '/trial/create',
  status: '/trial/status',
  statusBySchool: '/trial/status/:schoolCode',
  validateCode: '/trial/validate/:code',
  upgrade: '/trial/upgrade',
  emailTrial: '/trial/email-trial',
  checkEmail: '/trial/check-email',
} as const;

export const PAYMENT_PATHS = {
  createCheckout: '/payment/create-checkout',
  createAuthenticatedCheckout: '/payment/create-authenticated-checkout',
  createPortalSession: '/payment/create-portal-session',
  verify: '/payment/verify',
  subscription: '/payment/subscription',
  cancelSubscription: '/payment/subscription/cancel',
  history: '/payment/history',
  webhook: '/payment/webhook',
} as const;

/** The query of a trial sign-up link: /register?showTrial=true&email&token&ts (issue 18). */
export const ZTrialSignupProof = z.object({
  token: z.string().trim().max(200).optional(),
  ts: z.union([z.string().trim().max(20), z.number().int()]).optional(),
});

/**
 * POST /trial/create: the landing page sends an empty body; the spec's two other bodies are accepted.
 * The register page opening a sign-up link sends its email, token and ts: that link's one school.
 */
export const ZTrialCreateRequest = z
  .object({
    schoolCode: z.string().trim().optional(),
    email: ZEmail.optional(),
    name: z.string().trim().min(1).max(120).optional(),
    trialDays: z.number().int().min(1).max(14).optional(),
  })
  .extend(ZTrialSignupProof.shape)
  .optional();
export type TTrialCreateRequest = z.infer<typeof ZTrialCreateRequest>;

export const ZTrialCreateData = z.object({
  schoolName: z.string(),
  schoolCode: z.string(),
  expirationDate: z.string(),
  trialDays: z.number().int(),
});
export type TTrialCreateData = z.infer<typeof ZTrialCreateData>;

export const ZTrialCreateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZTrialCreateData,
});
export type TTrialCreateResponse = z.infer<typeof ZTrialCreateResponse>;

/** Trial status fields (spec 01 §3). Dates are ISO strings. */
export const ZTrialStatus = z.object({
  isTrial: z.boolean(),
  isExpired: z.boolean(),
  daysRemaining: z.number().int().min(0),
  teacherCount: z.number().int(),
  teacherLimit: z.number().int(),
  studentCount: z.number().int(),
  studentLimit: z.number().int(),
  classCount: z.number().int(),
  classLimit: z.number().int(),
  questionCount: z.number().int(),
  questionLimit: z.number().int(),
  assessmentsUsed: z.number().int(),
  assessmentLimit: z.number().int(),
  expirationDate: z.string().nullable(),
  trialExpiresAt: z.string().nullable(),
  /**
   * Trial with a hosted AI provider configured: how many pieces of work it marks (2); the rest are
   * marked offline. Null when every mark is offline anyway (or on a paid plan).
   */
  aiMarkedWork: z.number().int().nullable().optional(),
});
export type TTrialStatus = z.infer<typeof ZTrialStatus>;

export const ZTrialStatusResponse = z.object({ success: z.literal(true), data: ZTrialStatus });
export type TTrialStatusResponse = z.infer<typeof ZTrialStatusResponse>;

/** The e-mail check before a trial or a purchase (spec 01 §3 "Email check response"). */
export const ZEmailCheckRequest = z.object({ email: ZEmail });
export type TEmailCheckRequest = z.infer<typeof ZEmailCheckRequest>;
export const ZEmailCheckResponse = z.object({ exists: z.boolean(), message: z.string() });
export type TEmailCheckResponse = z.infer<typeof ZEmailCheckResponse>;

/** GET /trial/email-trial?email=…: sends the signed trial sign-up link to that address. */
export const ZEmailTrialQuery = z.object({ email: ZEmail });
export type TEmailTrialQuery = z.infer<typeof ZEmailTrialQuery>;

export const PLAN_TYPES = ['personal', 'classroom'] as const;
export const BILLING_OPTIONS = ['monthly', 'annual'] as const;

/** Create checkout (public, spec 01 §3 "Checkout request"). */
export const ZCheckoutRequest = z.object({
  planType: z.enum(PLAN_TYPES),
  billingOption: z.enum(BILLING_OPTIONS),
  customer_email: ZEmail,
  allowTrialUpgrade: z.boolean().optional(),
  promoCode: z.string().trim().max(40).optional(),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/** POST /payment/create-authenticated-checkout: a signed-in school buying or upgrading. */
export const ZAuthenticatedCheckoutRequest = z.object({
  planType: z.enum(PLAN_TYPES),
  billingOption: z.enum(BILLING_OPTIONS),
  promoCode: z.string().trim().max(40).optional(),
});
export type TAuthenticatedCheckoutRequest = z.infer<typeof ZAuthenticatedCheckoutRequest>;

export const ZCheckoutResponse = z.object({
  success: z.boolean(),
  checkoutUrl: z.string().optional(),
  message: z.string(),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

/** GET /trial/status/:schoolCode and GET /trial/validate/:code take a school code. */
export const ZTrialCodeParam = z.object({ schoolCode: z.string().trim().max(64) });

/**
 * GET /trial/validate/{code} (public): whether a 16-character code belongs to a trial school that can
 * still be registered in. The same path with `classes` or `questions` is the signed-in limit check.
 */
export const ZTrialCodeValidation = z.object({
  success: z.literal(true),
  isValid: z.boolean(),
  isTrial: z.boolean(),
  isExpired: z.boolean(),
  schoolName: z.string().nullable(),
  expirationDate: z.string().nullable(),
  daysRemaining: z.number().int().min(0),
  /** Whether the trial still has its one teacher place free (registration in trial mode). */
  teacherPlaceFree: z.boolean(),
  message: z.string(),
});
export type TTrialCodeValidation = z.infer<typeof ZTrialCodeValidation>;

/** GET /trial/email-trial: the link went out (or the address already has an account: 409). */
export const ZEmailTrialResponse = z.object({ success: z.literal(true), message: z.string() });
export type TEmailTrialResponse = z.infer<typeof ZEmailTrialResponse>;
