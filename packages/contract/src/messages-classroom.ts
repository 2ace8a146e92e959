/**
 * The texts of Google Classroom (issue 29): a teacher links a class to a Classroom course with their
 * own Google consent, imports the course's roster, and pushes a question's marks as coursework
 * grades. MESSAGES (./messages) includes them as `classroom`.
 */
export const CLASSROOM_MESSAGES = {
  title: 'Google Classroom',
  help: 'Link this class to one of your Google Classroom courses to bring its students here and send marks back as grades.',
  notConfigured: 'Google Classroom is not available on this site.',
  connect: 'Connect Google Classroom',
  reconnect: 'Connect again',
  connectHelp:
    'You will be asked by Google to let STEM@Home see your courses and rosters and manage the coursework it creates.',
  callbackTitle: 'Connecting Google Classroom...',
  callbackText: 'Please wait while we finish connecting your Google account.',
  callbackFailedTitle: 'Google Classroom was not connected',
  backToClasses: 'Back to classes',
  connected: 'Your Google account is connected. Choose the course to link.',
  /** A state that was already used, expired, or started by someone else (a replayed callback). */
  stateInvalid:
    'This Google Classroom connection attempt has expired or was already used. Please start again from the class page.',
  consentRefused: 'Google did not give access to Classroom, so nothing was connected.',
  consentFailed: 'Google did not complete the connection. Please try again.',
  noRefreshToken:
    'Google did not give lasting access. Please connect again and allow every permission asked for.',
  consentNeeded: 'Connect your Google account first.',
  consentExpired:
    'Your Google consent has ended or was withdrawn. Please connect Google Classroom again.',
  courseLabel: 'Classroom course',
  coursePlaceholder: 'Choose a course',
  noCourses: 'Your Google account teaches no active Classroom course.',
  coursesFailed: 'Your Classroom courses could not be loaded. Please try again.',
  linkCourse: 'Link course',
  changeCourse: 'Change course',
  unlink: 'Unlink',
  linkedTo: (course: string) => `Linked to ${course}`,
  linked: (course: string) => `This class is now linked to ${course}.`,
  unlinked: 'This class is no longer linked to Google Classroom.',
  notLinked: 'This class is not linked to a Google Classroom course.',
  courseNotYours:
    'That course is not one of the active Classroom courses you teach. Choose one from the list.',
  importRoster: 'Import roster',
  rosterTitle: 'Import the Classroom roster',
  rosterHelp:
    'Students of the course are matched by e-mail to accounts of your school; new ones get an account and an invitation e-mail. Nothing is written until you import.',
  rosterEmpty: 'The Classroom course has no students.',
  rosterNoEmail: 'Classroom did not give this student’s e-mail address.',
  rosterImported: (created: number, placed: number) =>
    `${created} ${created === 1 ? 'account' : 'accounts'} created and invited; ${placed} ${placed === 1 ? 'student' : 'students'} added to the class.`,
  pushMarks: 'Push marks',
  pushTitle: 'Push marks to Google Classroom',
  pushHelp:
    'The marks of the question or test go to an assignment STEM@Home creates in the course (each student’s latest marked answer; for a test, the total of its questions’ latest marked answers, out of the test’s marks). Pushing again updates the same assignment. Students see the grades once you return the work in Classroom.',
  questionLabel: 'Question or test',
  questionPlaceholder: 'Choose a question or a test',
  groupQuestions: 'Questions',
  groupTests: 'Tests',
  testOption: (title: string, marks: number) => `${title} (test, ${marks} marks)`,
  questionOrTest: 'Choose one question or one test to push.',
  testNotInClass: 'That test is not one of this class’s tests.',
  noQuestions: 'This class has no questions yet.',
  pushSubmit: 'Push marks',
  questionNotInClass: 'That question is not set in this class.',
  pushed: (pushed: number, total: number) =>
    `Marks pushed for ${pushed} of ${total} ${total === 1 ? 'student' : 'students'}.`,
  alreadyPushed: (when: string) => `Last pushed ${when}`,
  outcome: {
    pushed: 'Pushed',
    noClassroomAccount: 'No Classroom account',
    notMarked: 'Not marked yet',
    failed: 'Not pushed',
  },
  columnStudent: 'Student',
  columnEmail: 'E-mail',
  columnMark: 'Mark',
  columnOutcome: 'Outcome',
  /** Google's own reason, relayed: Classroom refused a call. */
  googleRefused: (reason: string) => `Google Classroom refused the request: ${reason}`,
  noSubmission: 'Classroom has no work of this student for the assignment.',
  googleUnavailable: 'Google Classroom did not answer. Please try again in a moment.',
  courseGone: 'The linked Classroom course no longer exists or you no longer teach it.',
  cancel: 'Cancel',
  close: 'Close',
  loadFailed: 'Google Classroom could not be loaded. Please try again.',
} as const;
