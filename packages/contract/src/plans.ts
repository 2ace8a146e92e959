/**
 * The one plan table (spec 01 §1, §5, §9): names, prices, limits and promo, used by the landing page,
 * the payments feature and the server's limit checks. Money is whole pence, GBP, tax included.
 */
import {
  MAX_ATTEMPTS_PER_QUESTION,
  TRIAL_DAYS,
  TRIAL_MAX_CLASSES_PER_TEACHER,
  TRIAL_MAX_QUESTIONS_PER_TEACHER,
  TRIAL_MAX_STUDENTS,
  TRIAL_MAX_TEACHERS,
} from './limits';

export const CURRENCY = 'gbp';

export type TPaidPlanId = 'personal' | 'classroom';
export type TBillingOption = 'monthly' | 'annual';

/** How the monthly assessment allowance is counted: per school (Personal) or per class (Classroom). */
export type TAssessmentScope = 'school' | 'class';

export type TPrice = {
  /** What the buyer pays for one period, in pence. */
  amountPence: number;
  /** The struck-through price shown beside it, in pence. */
  wasPence: number;
  /** Annual prices: the monthly equivalent shown under the price, in pence (rounded). */
  perMonthPence?: number;
  /** Annual prices: the saving label the pricing card shows. */
  saveLabel?: string;
};

export type TPaidPlan = {
  id: TPaidPlanId;
  name: string;
  audience: string;
  /** Students the whole school account may hold. */
  maxStudents: number;
  assessmentsPerMonth: number;
  assessmentScope: TAssessmentScope;
  attemptsPerQuestion: number;
  prices: Record<TBillingOption, TPrice>;
  /** Which toggle position the landing page shows first (spec 01 §2). */
  defaultBilling: TBillingOption;
  features: readonly string[];
};

export const PAID_PLANS: Record<TPaidPlanId, TPaidPlan> = {
  personal: {
    id: 'personal',
    name: 'Personal Learning Plan',
    audience: 'For individuals, parents and homeschoolers',
    maxStudents: 1,
    assessmentsPerMonth: 30,
    assessmentScope: 'school',
    attemptsPerQuestion: MAX_ATTEMPTS_PER_QUESTION,
    prices: {
      monthly: { amountPence: 499, wasPence: 999 },
      annual: { amountPence: 4999, wasPence: 9999, perMonthPence: 417, saveLabel: 'Save 17%' },
    },
    defaultBilling: 'monthly',
    features: [
      '1 student',
      '30 practice assessments per month',
      '3 submissions per question with instant AI feedback',
    ],
  },
  classroom: {
    id: 'classroom',
    name: 'Classroom Success Plan',
    audience: 'For teachers and their students',
    maxStudents: 30,
    assessmentsPerMonth: 30,
    assessmentScope: 'class',
    attemptsPerQuestion: MAX_ATTEMPTS_PER_QUESTION,
    prices: {
      monthly: { amountPence: 2999, wasPence: 6000 },
      annual: { amountPence: 34999, wasPence: 70000, perMonthPence: 2917 },
    },
    defaultBilling: 'annual',
    features: [
      'Up to 30 students',
      '30 assessments per month for the class',
      '3 attempts per question per student',
      'Automated grading',
      'Diagnostic feedback',
      'Priority support',
    ],
  },
};

/** The trial's allowance (spec 01 §9 and the FAQ): counted over the whole trial, not per month. */
export const TRIAL_PLAN = {
  id: 'trial' as const,
  name: 'Free Trial',
  days: TRIAL_DAYS,
  maxTeachers: TRIAL_MAX_TEACHERS,
  maxStudents: TRIAL_MAX_STUDENTS,
  maxClassesPerTeacher: TRIAL_MAX_CLASSES_PER_TEACHER,
  maxQuestionsPerTeacher: TRIAL_MAX_QUESTIONS_PER_TEACHER,
  /** Practice assessments (submissions) over the whole trial. */
  assessments: 30,
  /** Pieces of work marked by a hosted AI provider when one is configured; the rest are marked offline. */
  aiMarkedWork: 2,
  attemptsPerQuestion: MAX_ATTEMPTS_PER_QUESTION,
};

/** The promo code: 2 months free, on the monthly Personal plan only (spec 01 §9). */
export const PROMO = {
  code: 'EXAM2025',
  freeMonths: 2,
  plan: 'personal' as TPaidPlanId,
  billing: 'monthly' as TBillingOption,
};

/** Whether the public may buy this plan now (the Classroom plan is 'Coming Soon!' unless switched on). */
export function isPlanOnSale(plan: TPaidPlanId, classroomEnabled: boolean): boolean {
  return plan === 'personal' || classroomEnabled;
}

/** A plan's student limit (spec 01 §5: a name containing 'personal' or 'classroom' decides). */
export function maxStudentsForPlan(plan: string): number | undefined {
  const name = plan.toLowerCase();
  if (name.includes('personal')) return PAID_PLANS.personal.maxStudents;
  if (name.includes('classroom')) return PAID_PLANS.classroom.maxStudents;
  if (name.includes('trial')) return TRIAL_PLAN.maxStudents;
  return undefined;
}

/** "£4.99" from 499 pence. */
export function formatPence(pence: number): string {
  const pounds = Math.floor(pence / 100);
  const rest = String(pence % 100).padStart(2, '0');
  return `£${pounds.toLocaleString('en-GB')}.${rest}`;
}

/**
 * Why a promo code cannot be used on this plan and billing, or null when it can (spec 01 §9: EXAM2025,
 * 2 months free, monthly Personal plan only). Codes compare case-insensitively.
 */
export function promoRefusal(
  code: string,
  plan: TPaidPlanId,
  billing: TBillingOption,
): 'unknown' | 'wrong_plan' | null {
  if (code.trim().toUpperCase() !== PROMO.code) return 'unknown';
  if (plan !== PROMO.plan || billing !== PROMO.billing) return 'wrong_plan';
  return null;
}
