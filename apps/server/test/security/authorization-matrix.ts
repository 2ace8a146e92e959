/**
 * Who may call what (issue 13's authorization matrix), written once. Every operation of the OpenAPI
 * document has a row, keyed by its operationId:
 * - `allow`: 'public', or the callers that may call it (others must get 401/403/404);
 * - `params`: what each path parameter points at, in the caller's school or, for the isolation check,
 *   in another school ('self' is the caller; '=value' a literal);
 * - `isolated`: the allowed callers must get 403/404 for another school's resource; writes give the
 *   `body` to send (built from the other school's ids) or say `noBody`;
 * - `skipOwnRead`: a GET the allowed callers cannot simply read (it needs a state the world lacks).
 */
export type TCaller = 'none' | 'student' | 'teacher' | 'admin' | 'owner';
export type TKind =
  | 'school'
  | 'schoolCode'
  | 'class'
  | 'question'
  | 'test'
  | 'submission'
  | 'answer'
  | 'teacher'
  | 'student'
  | 'self'
  | `=${string}`;

type TWorldIds = {
  classId: string;
  questionId: string;
  submissionId: string;
  schoolId: string;
  teacherId: string;
};

export type TRow = {
  allow: 'public' | readonly TCaller[];
  params?: Record<string, TKind>;
  isolated?: boolean;
  body?: (other: TWorldIds & { student: { user: { id: string } } }) => unknown;
  noBody?: boolean;
  skipOwnRead?: boolean;
  /** Besides 403/404: a body naming another school's ids may be refused as 400 naming the field. */
  foreignIdsRefusedAs400?: boolean;
};

/** An id that names nothing (a rubric item or saved comment no world holds). */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000001';
const SIGNED_IN = ['student', 'teacher', 'admin', 'owner'] as const;
const SCHOOL_PEOPLE = ['student', 'teacher', 'admin'] as const;
const TEACHER = ['teacher'] as const;
const STUDENT = ['student'] as const;

export const MATRIX: Record<string, TRow> = {
  // Accounts
  login: { allow: 'public' },
  requestMagicLink: { allow: 'public' },
  verifyMagicLink: { allow: 'public' },
  requestPasswordReset: { allow: 'public' },
  updatePassword: { allow: 'public' },
  confirmPasswordReset: { allow: 'public' },
  acceptInvitation: { allow: 'public' },
  register: { allow: 'public' },
  validateSchoolCode: { allow: 'public' },
  refreshSession: { allow: 'public' },
  logout: { allow: 'public' },
  // Signing in with Google or Microsoft (issue 29): off in this world, so 404 for everyone
  listOidcProviders: { allow: 'public' },
  startOidcSignIn: { allow: 'public', params: { provider: '=google' } },
  finishOidcSignIn: { allow: 'public' },
  getSchoolDetails: { allow: SCHOOL_PEOPLE },
  getCurrentUser: { allow: SIGNED_IN },
  exportMyData: { allow: SIGNED_IN },
  deleteMyAccount: { allow: SIGNED_IN },

  // Dashboards
  getTeacherDashboard: { allow: TEACHER },
  getStudentDashboard: { allow: STUDENT },
  getAdminDashboard: { allow: ['admin'] },
  getOwnerStats: { allow: ['owner'] },

  // Classes
  listTeacherClasses: { allow: TEACHER },
  getClass: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  listClassQuestions: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  listClassStudents: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  listSchoolStudents: { allow: TEACHER },
  createClass: { allow: TEACHER },
  removeStudentFromClass: {
    allow: TEACHER,
    isolated: true,
    body: (o) => ({ classId: o.classId, studentId: o.student.user.id }),
  },

  // Questions
  listTeacherQuestions: { allow: TEACHER, params: { teacherId: 'self' }, isolated: true },
  listQuestionsByClass: {
    allow: ['teacher', 'student'],
    params: { classId: 'class' },
    isolated: true,
  },
  getQuestion: { allow: TEACHER, params: { id: 'question' }, isolated: true },
  updateQuestion: {
    allow: TEACHER,
    params: { id: 'question' },
    isolated: true,
    body: () => ({
      question: 'Changed?',
      marks: 4,
      lowMarkRange: '0-1',
      highMarkRange: '3-4',
      rubric: 'Low Mark Range (0-1):\nA.\n\nHigh Mark Range (3-4):\nB.',
    }),
  },
  createQuestion: { allow: TEACHER },
  deleteQuestion: { allow: TEACHER, params: { id: 'question' }, isolated: true },
  addQuestionToClass: {
    allow: TEACHER,
    isolated: true,
    body: (o) => ({ questionId: o.questionId, classId: o.classId }),
  },
  removeQuestionFromClass: {
    allow: TEACHER,
    isolated: true,
    body: (o) => ({ questionId: o.questionId, classId: o.classId }),
  },
  generateRubric: { allow: TEACHER },

  // Student
  listEnrolledClasses: { allow: STUDENT, params: { userId: 'self' }, isolated: true },
  getEnrolledClass: { allow: STUDENT, params: { classId: 'class' }, isolated: true },

  // Trials
  validateTrial: { allow: TEACHER, params: { limitType: '=classes' }, skipOwnRead: true },
  createTrial: { allow: 'public' },
  getTrialStatus: { allow: SCHOOL_PEOPLE, skipOwnRead: true },
  // Public, for trials only: a paid school's code answers 404 (issue 26; trials.test.ts).
  getTrialStatusBySchoolCode: { allow: 'public', params: { schoolCode: 'schoolCode' } },
  checkTrialEmail: { allow: 'public' },
  sendTrialSignupLink: { allow: 'public' },

  // School settings
  updateSchoolName: { allow: TEACHER },
  updateSchoolLogo: { allow: TEACHER },
  getSchoolLogo: { allow: 'public', params: { schoolId: 'school' } },
  getSchoolUsage: { allow: TEACHER },

  // Submissions
  createSubmission: {
    allow: STUDENT,
    isolated: true,
    body: (o) => ({
      classId: o.classId,
      submissions: [{ questionId: o.questionId, answer: 'An answer.' }],
      totalScore: 0,
      status: 'pending',
    }),
  },
  listStudentSubmissions: { allow: STUDENT },
  getSubmission: { allow: STUDENT, params: { id: 'submission' }, isolated: true },
  listTeacherSubmissions: { allow: TEACHER, params: { userId: 'self' }, isolated: true },
  getSubmissionDetails: {
    allow: ['student', 'teacher', 'admin'],
    params: { id: 'submission' },
    isolated: true,
  },
  overrideAnswerMark: {
    allow: ['teacher', 'admin'],
    params: { id: 'submission', answerId: 'answer' },
    isolated: true,
    body: () => ({ score: 0, comment: 'Changed by someone who may not.' }),
  },
  acceptAnswerMark: {
    allow: ['teacher', 'admin'],
    params: { id: 'submission', answerId: 'answer' },
    isolated: true,
    noBody: true,
  },
  // Issue 28: the teacher corrects a scanned answer's text beside its scan (this world's answers
  // are typed: refused as 400 for the allowed callers; another school's 404)
  correctAnswerText: {
    allow: ['teacher', 'admin'],
    params: { id: 'submission', answerId: 'answer' },
    isolated: true,
    body: () => ({ text: 'Corrected by someone who may not.' }),
  },
  getMarkAgreement: { allow: ['teacher', 'admin'] },
  retryMarking: {
    allow: ['student', 'teacher'],
    params: { id: 'submission' },
    isolated: true,
    noBody: true,
  },
  markSubmission: {
    allow: ['student', 'teacher'],
    params: { classId: 'class', submissionId: 'submission' },
    isolated: true,
    noBody: true,
  },
  submitForStudent: {
    allow: TEACHER,
    isolated: true,
    body: (o) => ({
      classId: o.classId,
      studentId: o.student.user.id,
      questionId: o.questionId,
      extractedText: 'An answer.',
    }),
  },
  extractTextFromUpload: { allow: TEACHER },
  extractTextFromImage: { allow: STUDENT },
  cleanupText: { allow: ['student', 'teacher'] },

  // Payments
  getPlans: { allow: 'public' },
  // Public for a new purchase; with allowTrialUpgrade only the trial's own signed-in teacher, anyone
  // else 401/403 (issue 26; trial-upgrade-auth.test.ts). Every checkout refuses with PAYMENTS=off.
  createCheckout: { allow: 'public' },
  createAuthenticatedCheckout: { allow: ['teacher', 'admin'] },
  upgradeTrial: { allow: ['teacher', 'admin'] },
  createPortalSession: { allow: ['teacher', 'admin'] },
  getSubscription: { allow: ['teacher', 'admin', 'owner'], skipOwnRead: true },
  cancelSubscription: { allow: ['teacher', 'admin'] },
  getPaymentHistory: { allow: ['teacher', 'admin', 'owner'], skipOwnRead: true },
  verifyCheckout: { allow: 'public' },
  receivePaymentWebhook: { allow: 'public' },

  // The school admin (spec 02 §7 Admin, issue 10) and issue 18's class paths
  listSchoolUsers: { allow: ['admin'] },
  // A school's e-mail domains for sign-in (issue 29): the admin's own school only
  listSchoolDomains: { allow: ['admin'] },
  addSchoolDomain: { allow: ['admin'] },
  removeSchoolDomain: { allow: ['admin'], params: { domain: '=example.org' } },
  getSchoolUser: { allow: ['admin'], params: { id: 'student' }, isolated: true },
  listSchoolUserSubmissions: { allow: ['admin'], params: { id: 'student' }, isolated: true },
  previewUserDeletion: {
    allow: ['admin'],
    isolated: true,
    body: (o) => ({ users: [o.student.user.id] }),
  },
  deleteSchoolUsers: {
    allow: ['admin'],
    isolated: true,
    body: (o) => ({ users: [o.student.user.id] }),
  },
  promoteUser: { allow: ['admin'], isolated: true, body: (o) => ({ userId: o.student.user.id }) },
  demoteUser: { allow: ['admin'], isolated: true, body: (o) => ({ userId: o.student.user.id }) },
  listSchoolTeachers: { allow: ['admin'] },
  listSchoolStudentsForAdmin: { allow: ['admin'] },
  listSchoolClasses: { allow: ['admin'] },
  createSchoolClass: {
    allow: ['admin'],
    isolated: true,
    body: (o) => ({ name: 'Intruders', teacherId: o.teacherId, students: [o.student.user.id] }),
    foreignIdsRefusedAs400: true,
  },
  getSchoolClass: { allow: ['admin'], params: { classId: 'class' }, isolated: true },
  reassignSchoolClass: {
    allow: ['admin'],
    params: { classId: 'class' },
    isolated: true,
    body: (o) => ({ teacherId: o.teacherId }),
  },
  listSchoolSubmissions: { allow: ['admin'] },
  // Issue 29: rosters and the admin's actions on one person.
  previewRoster: { allow: ['admin'], skipOwnRead: true },
  importRoster: { allow: ['admin'], skipOwnRead: true },
  invitePerson: { allow: ['admin'] },
  resendInvitation: { allow: ['admin'], params: { id: 'student' }, isolated: true, noBody: true },
  sendPasswordReset: { allow: ['admin'], params: { id: 'student' }, isolated: true, noBody: true },
  deactivateUser: { allow: ['admin'], params: { id: 'student' }, isolated: true, noBody: true },
  reactivateUser: { allow: ['admin'], params: { id: 'student' }, isolated: true, noBody: true },
  // Issue 29: Google Classroom, the class's own teacher only (off in this world: the class is
  // checked first, so another school's or a colleague's class is 404 either way).
  getClassroomStatus: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  startClassroomConnect: {
    allow: TEACHER,
    params: { classId: 'class' },
    isolated: true,
    noBody: true,
  },
  finishClassroomConnect: { allow: TEACHER },
  listClassroomCourses: {
    allow: TEACHER,
    params: { classId: 'class' },
    isolated: true,
    // Off in this world (404); classroom.test.ts reads it with Classroom on.
    skipOwnRead: true,
  },
  linkClassroomCourse: {
    allow: TEACHER,
    params: { classId: 'class' },
    isolated: true,
    body: () => ({ courseId: '123456' }),
  },
  unlinkClassroomCourse: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  previewClassroomRoster: {
    allow: TEACHER,
    params: { classId: 'class' },
    isolated: true,
    noBody: true,
  },
  importClassroomRoster: {
    allow: TEACHER,
    params: { classId: 'class' },
    isolated: true,
    noBody: true,
  },
  pushClassroomMarks: {
    allow: TEACHER,
    params: { classId: 'class' },
    isolated: true,
    body: (o) => ({ questionId: o.questionId }),
  },
  assignStudentsToClass: {
    allow: ['teacher', 'admin'],
    isolated: true,
    body: (o) => ({ classId: o.classId, students: [o.student.user.id] }),
  },
  listStudentWorkInClass: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', studentId: 'student' },
    isolated: true,
  },
  getSubmissionFeedback: {
    allow: ['student', 'teacher', 'admin'],
    params: { id: 'submission' },
    isolated: true,
  },

  // LTI 1.3 (issue 29): the LMS-facing endpoints are public (the LMS's signed token or a single-use
  // code proves who calls); a deep linking launch is its teacher's; a class's LMS actions its teacher's.
  getLtiJwks: { allow: 'public' },
  startLtiLogin: { allow: 'public' },
  startLtiLoginByPost: { allow: 'public' },
  finishLtiLaunch: { allow: 'public' },
  finishLtiHandoff: { allow: 'public' },
  relaunchLti: { allow: 'public' },
  openLtiRegistration: { allow: 'public' },
  registerWithLti: { allow: 'public' },
  returnLtiDeepLink: { allow: 'public', params: { launchId: `=${NO_SUCH_ID}` } },
  getLtiDeepLinkOptions: {
    allow: TEACHER,
    params: { launchId: `=${NO_SUCH_ID}` },
    skipOwnRead: true,
  },
  chooseLtiDeepLink: { allow: TEACHER, params: { launchId: `=${NO_SUCH_ID}` } },
  getLtiClassLinks: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  importLtiRoster: { allow: TEACHER, params: { classId: 'class' }, isolated: true, noBody: true },
  sendLtiScores: {
    allow: TEACHER,
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    noBody: true,
  },
  sendLtiTestScores: {
    allow: TEACHER,
    params: { classId: 'class', testId: 'test' },
    isolated: true,
    noBody: true,
  },
  listLtiPlatforms: { allow: ['owner'] },
  createLtiPlatform: { allow: ['owner'] },
  updateLtiPlatform: { allow: ['owner'], params: { id: `=${NO_SUCH_ID}` } },
  deleteLtiPlatform: { allow: ['owner'], params: { id: `=${NO_SUCH_ID}` } },
  listLtiRegistrationLinks: { allow: ['owner'] },
  createLtiRegistrationLink: { allow: ['owner'] },
  deleteLtiRegistrationLink: { allow: ['owner'], params: { id: `=${NO_SUCH_ID}` } },

  // A class's tests (issues 28, 29): its teacher writes; the school's admin reads; an enrolled
  // student reads one test (an LMS link opens it).
  listClassTests: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class' },
    isolated: true,
  },
  createClassTest: {
    allow: TEACHER,
    params: { classId: 'class' },
    isolated: true,
    body: (o) => ({ title: 'Intruders', questionIds: [o.questionId] }),
  },
  getClassTest: {
    allow: ['teacher', 'admin', 'student'],
    params: { classId: 'class', testId: 'test' },
    isolated: true,
  },
  updateClassTest: {
    allow: TEACHER,
    params: { classId: 'class', testId: 'test' },
    isolated: true,
    body: (o) => ({ title: 'Intruders', questionIds: [o.questionId] }),
  },
  deleteClassTest: { allow: TEACHER, params: { classId: 'class', testId: 'test' }, isolated: true },
  getClassTestResults: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', testId: 'test' },
    isolated: true,
  },
  exportClassTestCsv: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', testId: 'test' },
    isolated: true,
  },

  // Release of marks, and re-mark requests (issue 27)
  getClassMarking: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  updateClassQuestionMarking: {
    allow: TEACHER,
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    body: () => ({ releaseMode: 'on_release' }),
  },
  releaseClassQuestionMarks: {
    allow: TEACHER,
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    noBody: true,
  },
  // Marking one question across the class (issue 27)
  listClassQuestionAnswers: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
  },
  proposeFewFirst: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
  },
  markRestWithExamples: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    noBody: true,
  },
  // Answer groups (issue 27)
  listAnswerGroups: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
  },
  markAnswerGroup: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', groupId: '=mNotAGroupAtAll' },
    isolated: true,
    body: () => ({ score: 1 }),
  },
  acceptAnswerGroup: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', groupId: '=mNotAGroupAtAll' },
    isolated: true,
    noBody: true,
  },
  splitAnswerGroup: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', groupId: '=mNotAGroupAtAll' },
    isolated: true,
    body: () => ({}),
  },
  mergeAnswerGroups: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', groupId: '=mNotAGroupAtAll' },
    isolated: true,
    body: () => ({ groupId: 'mAnotherGroup' }),
  },
  moveAnswerToGroup: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    body: () => ({ answerId: '00000000-0000-4000-8000-000000000000', toGroupId: null }),
  },
  resetAnswerGroups: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    noBody: true,
  },
  // Rubric items, saved comments and re-marks on the marking screen (issue 27)
  listRubricItems: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
  },
  createRubricItem: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    body: () => ({ label: 'Names the gas', points: 1 }),
  },
  reorderRubricItems: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    body: () => ({ itemIds: [] }),
  },
  updateRubricItem: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', itemId: `=${NO_SUCH_ID}` },
    isolated: true,
    body: () => ({ points: 1 }),
  },
  deleteRubricItem: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', itemId: `=${NO_SUCH_ID}` },
    isolated: true,
  },
  applyRubricItems: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', answerId: 'answer' },
    isolated: true,
    body: () => ({ itemIds: [] }),
  },
  listSavedComments: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
  },
  saveComment: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    body: () => ({ text: 'Name the gas.' }),
  },
  deleteSavedComment: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question', commentId: `=${NO_SUCH_ID}` },
    isolated: true,
  },
  remarkEarlierRubric: {
    allow: ['teacher', 'admin'],
    params: { classId: 'class', questionId: 'question' },
    isolated: true,
    noBody: true,
  },
  requestRegrade: {
    allow: STUDENT,
    params: { id: 'submission', answerId: 'answer' },
    isolated: true,
    body: () => ({ reason: 'Please mark this again: I named the light reaction.' }),
  },
  getSubmissionRegrades: {
    allow: ['student', 'teacher', 'admin'],
    params: { id: 'submission' },
    isolated: true,
  },
  listRegradeRequests: { allow: TEACHER },
  replyToRegradeRequest: {
    allow: ['teacher', 'admin'],
    params: { requestId: '=00000000-0000-4000-8000-000000000000' },
  },

  // Paper sheets and bulk scans (issue 12)
  getAnswerSheets: { allow: TEACHER, params: { classId: 'class' }, isolated: true },
  createScanBatch: { allow: TEACHER },
  listScanBatches: { allow: TEACHER },
  getScanBatch: {
    allow: TEACHER,
    params: { id: '=00000000-0000-4000-8000-000000000000' },
    skipOwnRead: true,
  },
  assignScanPage: {
    allow: TEACHER,
    params: {
      id: '=00000000-0000-4000-8000-000000000000',
      pageId: '=00000000-0000-4000-8000-000000000001',
    },
  },
  releaseScanBatch: {
    allow: TEACHER,
    params: { id: '=00000000-0000-4000-8000-000000000000' },
  },
  discardScanPage: {
    allow: TEACHER,
    params: {
      id: '=00000000-0000-4000-8000-000000000000',
      pageId: '=00000000-0000-4000-8000-000000000001',
    },
  },
  markScanPageAbsent: {
    allow: TEACHER,
    params: {
      id: '=00000000-0000-4000-8000-000000000000',
      pageId: '=00000000-0000-4000-8000-000000000001',
    },
  },
  replaceScanPage: {
    allow: TEACHER,
    params: {
      id: '=00000000-0000-4000-8000-000000000000',
      pageId: '=00000000-0000-4000-8000-000000000001',
    },
  },
  // Issue 28: a batch's kept scan image; the world holds none (students 403, the rest 404; the
  // crops' own tests serve one to its teacher and admin and refuse another school)
  getScanCrop: {
    allow: ['teacher', 'admin'],
    params: { cropId: '=00000000-0000-4000-8000-000000000000' },
    skipOwnRead: true,
  },

  // The platform owner (spec 02 §7 Owner, issue 10): every school is theirs
  listOwnerSchools: { allow: ['owner'] },
  createOwnerSchool: { allow: ['owner'] },
  getOwnerSchool: { allow: ['owner'], params: { id: 'school' } },
  listOwnerSchoolUsers: { allow: ['owner'], params: { id: 'school' } },
  listOwnerSchoolDomains: { allow: ['owner'], params: { id: 'school' } },
  addOwnerSchoolDomain: { allow: ['owner'], params: { id: 'school' } },
  removeOwnerSchoolDomain: { allow: ['owner'], params: { id: 'school', domain: '=example.org' } },
  updateOwnerSchool: { allow: ['owner'], params: { code: 'schoolCode' } },
  deleteOwnerSchool: { allow: ['owner'], params: { code: 'schoolCode' } },
  uploadOwnerSchoolLogo: { allow: ['owner'] },
  createOwnerSchoolAdmin: { allow: ['owner'] },
  createOwnerSchoolTeacher: { allow: ['owner'] },
  listOwnerUsers: { allow: ['owner'] },
  getOwnerUserStats: { allow: ['owner'], params: { id: 'student' } },

  // Analytics and export (issue 11)
  getClassAnalytics: { allow: ['teacher', 'admin'], params: { classId: 'class' }, isolated: true },
  getQuestionAnalytics: {
    allow: ['teacher', 'admin'],
    params: { questionId: 'question' },
    isolated: true,
  },
  getSchoolAnalytics: { allow: ['admin'] },
  exportClassCsv: { allow: ['teacher', 'admin'], params: { classId: 'class' }, isolated: true },
  exportSubmissionsCsv: { allow: TEACHER },
  exportSchoolSubmissionsCsv: { allow: ['admin'] },

  // Site
  getPublicSiteConfig: { allow: 'public' },
};
