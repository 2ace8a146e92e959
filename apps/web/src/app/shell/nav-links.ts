import type { TSessionUser } from '@stem/contract/auth';
import { dashboardPathFor, normaliseRole, type TRole } from '@stem/contract/roles';

export type TNavIcon =
  'dashboard' | 'schools' | 'users' | 'classes' | 'questions' | 'submissions' | 'payments' | 'lms';

export type TNavLink = {
  label: string;
  to: string;
  icon: TNavIcon;
  /** Other paths under which this link counts as the current page (a class opened from Classes). */
  alsoActiveOn?: readonly string[];
};

/** The parts of the stored user the sidebar depends on. */
export type TNavUser = Pick<TSessionUser, 'permissions' | 'schoolType' | 'plan'> & { role: string };

const mentions = (value: string | null | undefined, word: string) =>
  typeof value === 'string' && value.toLowerCase().includes(word);

/**
 * Spec 01 §6: the Payments link shows to non-students who hold view_payments or manage_payments,
 * to teachers whose school type or plan is personal or classroom, and to admins on a classroom school
 * or plan. The server checks payments access again; this only decides whether to offer the link.
 */
export function canSeePayments(user: TNavUser | null): boolean {
  if (!user) return false;
  const role = normaliseRole(user.role);
  if (!role || role === 'student') return false;
  if (user.permissions.some((p) => p === 'view_payments' || p === 'manage_payments')) return true;
  if (role === 'teacher') {
    return ['personal', 'classroom'].some(
      (kind) => mentions(user.schoolType, kind) || mentions(user.plan, kind),
    );
  }
  if (role === 'admin')
    return mentions(user.schoolType, 'classroom') || mentions(user.plan, 'classroom');
  return false;
}

const CLASSES: Partial<Record<TRole, TNavLink>> = {
  teacher: {
    label: 'Classes',
    to: '/classes',
    icon: 'classes',
    alsoActiveOn: ['/class', '/create-class'],
  },
  student: {
    label: 'Classes',
    to: '/my-classes',
    icon: 'classes',
    alsoActiveOn: ['/student/class', '/class-details'],
  },
  admin: {
    label: 'Classes',
    to: '/all-classes',
    icon: 'classes',
    alsoActiveOn: ['/admin/all-classes', '/admin/class', '/admin/create-class'],
  },
};

const SUBMISSIONS: Partial<Record<TRole, TNavLink>> = {
  teacher: {
    label: 'Submissions',
    to: '/submissions',
    icon: 'submissions',
    alsoActiveOn: ['/upload-student-work', '/upload-stack'],
  },
  student: {
    label: 'Submissions',
    to: '/my-submissions',
    icon: 'submissions',
    alsoActiveOn: ['/submission', '/submission-complete', '/start-submission'],
  },
  admin: {
    label: 'Submissions',
    to: '/all-submissions',
    icon: 'submissions',
    alsoActiveOn: ['/admin/submissions'],
  },
};

/**
 * The sidebar's page links for a role (spec 01 §2 "Shell"), in order. Help, Settings and Log Out
 * follow them in the shell. Roles compare case-insensitively; an unknown role gets no links.
 */
export function navLinksFor(role: string | null, user: TNavUser | null): TNavLink[] {
  const normalised = normaliseRole(role);
  if (!normalised) return [];
  const links: TNavLink[] = [
    { label: 'Dashboard', to: dashboardPathFor(normalised), icon: 'dashboard' },
  ];
  if (normalised === 'owner') {
    links.push(
      { label: 'School Management', to: '/school-management', icon: 'schools' },
      { label: 'User Management', to: '/user-management', icon: 'users' },
      { label: 'LMS Platforms', to: '/lms-platforms', icon: 'lms' },
    );
  }
  if (normalised === 'admin') {
    links.push({ label: 'Users', to: '/users', icon: 'users', alsoActiveOn: ['/admin/users'] });
  }
  const classes = CLASSES[normalised];
  if (classes) links.push(classes);
  if (normalised === 'teacher') {
    links.push({
      label: 'View Questions',
      to: '/view-questions',
      icon: 'questions',
      alsoActiveOn: ['/insert-question', '/edit-question'],
    });
  }
  const submissions = SUBMISSIONS[normalised];
  if (submissions) links.push(submissions);
  if (canSeePayments(user ? { ...user, role: normalised } : null)) {
    links.push({ label: 'Payments', to: '/payments', icon: 'payments' });
  }
  return links;
}

/** True when `pathname` is the link's page or lies under it (or under one of its related paths). */
export function isLinkActive(link: TNavLink, pathname: string): boolean {
  return [link.to, ...(link.alsoActiveOn ?? [])].some(
    (base) => pathname === base || pathname.startsWith(`${base}/`),
  );
}
