/**
 * How an audit entry (who changed what, with its values before and after) reads on the owner's
 * School Management Edit form: the action in words, then each value that changed as old → new
 * ("name “Hilltop” → “Hilltop Academy”"). A value recorded on one side only is shown alone (a
 * created account's e-mail, a deleted school's name). Ids and permission lists are not shown.
 */

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'school.created': 'School created',
  'school.updated': 'Details edited',
  'school.deactivated': 'Deactivated',
  'school.reactivated': 'Reactivated',
  'school.deleted': 'Deleted',
  'account.created': 'Account created',
  'user.deleted': 'User deleted',
  'user.promoted': 'User promoted',
  'user.demoted': 'User demoted',
  'user.invited': 'User invited',
  'user.invitation-resent': 'Invitation resent',
  'user.reset-sent': 'Password reset sent',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'roster.imported': 'Roster imported',
  'class.created': 'Class created',
  'class.reassigned': 'Class reassigned',
  'class.students-added': 'Students added to a class',
  'marks.settings-changed': 'Mark release settings changed',
  'marks.released': 'Marks released',
  'marks.remarked': 'Answers sent to be marked again',
  'regrade.requested': 'Re-mark requested',
  'regrade.answered': 'Re-mark request answered',
  'user.identity-linked': 'Google or Microsoft sign-in linked',
  'school.domain-added': 'Sign-in e-mail domain added',
  'school.domain-removed': 'Sign-in e-mail domain removed',
  'lti.platform-added': 'LMS platform registered',
  'lti.platform-registered': 'LMS platform registered itself (registration link)',
  'lti.platform-changed': 'LMS platform changed',
  'lti.platform-removed': 'LMS platform removed',
  'lti.identity-linked': 'LMS sign-in linked',
  'lti.roster-imported': 'Roster brought from the LMS',
  'lti.marks-sent': 'Marks sent to the LMS',
  'classroom.linked': 'Class linked to Google Classroom',
  'classroom.unlinked': 'Class unlinked from Google Classroom',
  'classroom.roster-imported': 'Google Classroom roster imported',
  'classroom.marks-pushed': 'Marks pushed to Google Classroom',
  'test.created': 'Test created',
  'test.updated': 'Test edited',
  'test.deleted': 'Test deleted',
};

type TValues = Record<string, unknown> | null;

/** The fields shown, in this order, with how each value reads. */
const FIELDS: { key: string; label: string; show: (value: unknown) => string | null }[] = [
  { key: 'name', label: 'name', show: (v) => (typeof v === 'string' ? `“${v}”` : null) },
  { key: 'code', label: 'code', show: (v) => (typeof v === 'string' ? v : null) },
  {
    key: 'active',
    label: 'status',
    show: (v) => (typeof v === 'boolean' ? (v ? 'Active' : 'Inactive') : null),
  },
  {
    key: 'logo',
    label: 'logo',
    show: (v) => (v === null ? 'none' : typeof v === 'string' ? 'a logo' : null),
  },
  { key: 'schoolType', label: 'plan', show: (v) => (typeof v === 'string' ? v : null) },
  {
    key: 'teacher',
    label: 'teacher',
    show: (v) => (v === null ? 'none' : typeof v === 'string' ? v : null),
  },
  { key: 'role', label: 'role', show: (v) => (typeof v === 'string' ? v : null) },
  { key: 'email', label: 'email', show: (v) => (typeof v === 'string' ? v : null) },
  { key: 'domain', label: 'domain', show: (v) => (typeof v === 'string' ? v : null) },
  { key: 'provider', label: 'provider', show: (v) => (typeof v === 'string' ? v : null) },
  {
    key: 'classPlaces',
    label: 'class places',
    show: (v) => (typeof v === 'number' ? `${v}` : null),
  },
  { key: 'students', label: 'students', show: (v) => (typeof v === 'number' ? `${v}` : null) },
  {
    key: 'submissions',
    label: 'submissions',
    show: (v) => (typeof v === 'number' ? `${v}` : null),
  },
];

const has = (values: TValues, key: string) =>
  values !== null && Object.prototype.hasOwnProperty.call(values, key);

/** What changed, old → new, for each field recorded; '' when nothing readable was recorded. */
export function describeAuditChange(before: TValues, after: TValues): string {
  const parts: string[] = [];
  for (const field of FIELDS) {
    const inBefore = has(before, field.key);
    const inAfter = has(after, field.key);
    const old = inBefore ? field.show(before?.[field.key]) : null;
    const now = inAfter ? field.show(after?.[field.key]) : null;
    if (inBefore && inAfter) {
      if (Object.is(before?.[field.key], after?.[field.key])) continue;
      if (field.key === 'logo' && old !== 'none' && now !== 'none') {
        parts.push('logo replaced');
        continue;
      }
      if (old !== null && now !== null) parts.push(`${field.label} ${old} → ${now}`);
    } else if (now !== null) {
      parts.push(`${field.label} ${now}`);
    } else if (old !== null) {
      parts.push(`${field.label} ${old}`);
    }
  }
  return parts.join(' · ');
}

/** The whole line after the date: the action, who, and what changed. */
export function describeAuditEntry(entry: {
  action: string;
  actorName: string | null;
  before: TValues;
  after: TValues;
}): string {
  const change = describeAuditChange(entry.before, entry.after);
  return `${AUDIT_ACTION_LABELS[entry.action] ?? entry.action}${
    entry.actorName ? ` by ${entry.actorName}` : ''
  }${change ? ` (${change})` : ''}`;
}
