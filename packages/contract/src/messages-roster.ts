import { ROSTER_MAX_ROWS } from './limits';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * The texts of rosters (issue 29): the admin's CSV import with its preview, inviting one person,
 * resending an invitation, a password reset sent by the admin, deactivating an account, and the
 * invitation link's page. MESSAGES (./messages) includes them as `roster`.
 */
export const ROSTER_MESSAGES = {
  importButton: 'Import roster',
  inviteButton: 'Invite person',
  importTitle: 'Import a roster',
  importHelp:
    'A CSV file with a header row. Columns: name, email, role (student or teacher; student when empty), class (the name of one of your classes, for students), year group.',
  fileLimits: (maxMb: number) =>
    `At most ${maxMb} MB and ${ROSTER_MAX_ROWS.toLocaleString('en-GB')} people a file. Nothing is written until you import.`,
  fileLabel: 'CSV file',
  filePlaceholder: 'Choose a CSV file',
  previewButton: 'Check the file',
  previewing: 'Checking the file…',
  previewCounts: (fresh: number, existing: number, errors: number) =>
    `${plural(fresh, 'new person', 'new people')}, ${plural(existing, 'already there', 'already there')}, ${plural(errors, 'row with an error', 'rows with errors')}`,
  columnRow: 'Row',
  columnName: 'Name',
  columnEmail: 'E-mail',
  columnRole: 'Role',
  columnClass: 'Class',
  columnYearGroup: 'Year group',
  columnOutcome: 'Outcome',
  outcome: { new: 'New', existing: 'Already there', error: 'Error' } as const,
  /** The plan's limits, said before anything is written. */
  limitStatement: (input: {
    plan: string;
    students: { limit: number; current: number; adding: number };
    teachers: { limit: number | null; current: number; adding: number };
  }) => {
    const s = input.students;
    const t = input.teachers;
    const plan = `${input.plan.charAt(0).toUpperCase()}${input.plan.slice(1)}`;
    const students = `Your ${plan} plan allows ${plural(s.limit, 'student')}: you have ${s.current.toLocaleString('en-GB')}, this file adds ${s.adding.toLocaleString('en-GB')}.`;
    const teachers =
      t.limit === null
        ? ` Teachers have no limit on it: this file adds ${t.adding.toLocaleString('en-GB')}.`
        : ` It allows ${plural(t.limit, 'teacher')}: you have ${t.current.toLocaleString('en-GB')}, this file adds ${t.adding.toLocaleString('en-GB')}.`;
    return students + teachers;
  },
  overLimit: (what: 'students' | 'teachers', limit: number, total: number) =>
    `This file cannot be imported (nothing is written): with it the school would have ${total.toLocaleString('en-GB')} ${what}, and your plan allows ${limit.toLocaleString('en-GB')}. Remove some rows or upgrade the plan.`,
  importSubmit: (n: number) => `Import ${plural(n, 'person', 'people')}`,
  nothingToImport: 'Nobody in this file is new or to be placed in a class.',
  errorsSkipped: (n: number) =>
    `${plural(n, 'row with an error is', 'rows with errors are')} left out; correct the file and import it again to add them.`,
  imported: (created: number, invited: number, placed: number) =>
    `${plural(created, 'account')} created, ${plural(invited, 'invitation')} sent, ${plural(placed, 'class place')} given.`,
  chooseAnother: 'Choose another file',
  close: 'Close',
  cancel: 'Cancel',
  /** Each row's reason, when it cannot be imported. */
  rowErrors: {
    nameMissing: 'The name is missing.',
    nameTooLong: 'The name is longer than 120 characters.',
    emailMissing: 'The e-mail address is missing.',
    emailInvalid: (value: string) => `“${value}” is not an e-mail address.`,
    roleInvalid: (value: string) => `The role “${value}” is not student or teacher.`,
    classUnknown: (value: string) => `Your school has no class called “${value}”.`,
    classAmbiguous: (value: string) =>
      `Your school has several classes called “${value}”: rename one first.`,
    classForTeacher:
      'Only students are placed in classes from a roster; give a teacher a class from the class page.',
    yearGroupTooLong: 'The year group is longer than 40 characters.',
    duplicate: (row: number) => `The same e-mail address is on row ${row}.`,
    otherSchool: 'This e-mail address already has an account that is not of your school.',
  },
  /** The file as a whole cannot be read: a 400 naming the problem. */
  fileErrors: {
    missing: 'Please choose a CSV file (form field "file").',
    tooLarge: (maxMb: number) =>
      `The file is larger than ${maxMb} MB. Split it into smaller files.`,
    tooManyRows: `The file has more than ${ROSTER_MAX_ROWS.toLocaleString('en-GB')} people. Split it into smaller files.`,
    empty: 'The file has no rows: the first row names the columns, one person a row after it.',
    missingColumn: (column: string) =>
      `The file has no “${column}” column. The first row must name the columns (name, email, role, class, year group).`,
    unreadable: (line: number, reason: string) =>
      `The file is not a readable CSV (line ${line}): ${reason}.`,
    notText: 'The file is not a text CSV file (UTF-8).',
  },
  /** csv-parse's error codes in words. */
  parseReasons: {
    CSV_QUOTE_NOT_CLOSED: 'a quoted value is not closed',
    CSV_INVALID_CLOSING_QUOTE: 'a quote is followed by other characters',
    CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'a row has a different number of columns',
    CSV_MAX_RECORD_SIZE: 'a row is too long',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote is followed by other characters',
    other: 'it could not be read',
  } as Record<string, string>,
  invite: {
    title: 'Invite a person',
    nameLabel: 'Full name',
    emailLabel: 'E-mail address',
    roleLabel: 'Role',
    classLabel: 'Class (students)',
    classNone: 'No class',
    classNotFound: 'No class of the school has that name.',
    yearGroupLabel: 'Year group',
    submit: 'Send invitation',
    sent: (name: string) => `Invitation sent to ${name}.`,
    failed: (message: string) => `Failed to invite: ${message}`,
    emailTaken: 'This e-mail address already has an account.',
    classNotInSchool: 'This class is not one of your school’s classes.',
  },
  resend: 'Resend invitation',
  confirmResend: (name: string) =>
    `Send ${name} a new invitation? The link of the earlier one stops working.`,
  resent: (name: string) =>
    `A new invitation was sent to ${name}; the earlier link no longer works.`,
  resetPassword: 'Send password reset',
  confirmReset: (name: string) =>
    `Send ${name} an e-mail with a link to choose a new password? Their password stays as it is until they use the link.`,
  resetSent: (name: string) => `A password reset link was sent to ${name}.`,
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  confirmDeactivate: (name: string) =>
    `Deactivate ${name}? They are signed out at once and cannot sign in until you reactivate the account. Nothing of theirs is deleted.`,
  confirmReactivate: (name: string) => `Reactivate ${name}? They can sign in again.`,
  deactivated: (name: string) => `${name} was deactivated.`,
  reactivated: (name: string) => `${name} was reactivated.`,
  actionFailed: (message: string) => `Failed: ${message}`,
  confirm: 'Confirm',
  status: { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' } as const,
  columnStatus: 'Status',
  notInvited: (name: string) =>
    `${name} has already chosen a password: send a password reset instead.`,
  stillInvited: (name: string) =>
    `${name} has not accepted the invitation yet: resend the invitation instead.`,
  inactiveAccount: (name: string) => `${name}'s account is deactivated: reactivate it first.`,
  /** The invitation link's page (/invitation?token=…). */
  invitationPage: {
    documentTitle: 'Accept invitation · STEM@Home',
    heading: 'Welcome to STEM@Home',
    subtitle:
      'Choose your password (at least 8 characters), then sign in with your e-mail address.',
    submit: 'Set password',
    tokenMissing: 'The invitation token is missing. Please use the link in the e-mail.',
    success: 'Your password is set. Sign in with your e-mail address and your new password.',
  },
  invitationErrors: {
    used: 'This invitation was already used. Sign in with your password, or use “Forgot password?”.',
    expired: 'This invitation has expired. Ask your school admin to send it again.',
    invalid:
      'This invitation link is not valid (a newer invitation may have been sent). Ask your school admin to send it again.',
  },
  accepted: 'Your password is set. You can now sign in.',
} as const;
