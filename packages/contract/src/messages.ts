import { LOGIN_MESSAGES } from './messages-login';
import { PUBLIC_MESSAGES } from './messages-public';
import { ROSTER_MESSAGES } from './messages-roster';
import { OIDC_MESSAGES } from './messages-oidc';
import { LTI_MESSAGES } from './messages-lti';
import { CLASSROOM_MESSAGES } from './messages-classroom';
import { CLASS_TEST_MESSAGES } from './messages-class-tests';

/**
 * Every user-facing text of the spec that web and server share, written exactly as the spec writes it.
 * Tests assert on these by reference, so a typo cannot hide. The landing page's texts are written in
 * ./messages-public (its own entry loads only those), the login page's in ./messages-login, and
 * they appear here under the same names.
 */
export const MESSAGES = {
  roster: ROSTER_MESSAGES,
  oidc: OIDC_MESSAGES,
  lti: LTI_MESSAGES,
  classroom: CLASSROOM_MESSAGES,
  classTests: CLASS_TEST_MESSAGES,
  generic: {
    forbidden: 'You do not have permission to perform this action.',
    notFound: 'The requested resource was not found.',
    server: 'Server error. Please try again later.',
    /** The database is out of reach for a moment (a restart, a failover): a 503 worth retrying. */
    unavailable: 'The service is briefly unavailable. Please try again in a moment.',
    fallback: 'An error occurred.',
    network: PUBLIC_MESSAGES.generic.network,
    unexpected: 'An unexpected error occurred. Please try again.',
    rateLimited: PUBLIC_MESSAGES.generic.rateLimited,
    /** A list's `cursor` that this list did not make, or that belongs to another order. */
    badCursor: 'This list position is no longer valid. Please reload the list.',
    retry: 'Retry',
  },
  login: {
    invalidCredentials: 'Invalid credentials. Please check your email and password.',
    resetUnauthorized: 'Unable to process password reset. Please check your email address.',
    loginFailed: 'Login failed. Please try again.',
    magicLinkFailed: 'Failed to send magic link.',
    resetFailed: 'Failed to send password reset instructions.',
    magicLinkSent: LOGIN_MESSAGES.login.magicLinkSent,
    resetSent: LOGIN_MESSAGES.login.resetSent,
    loggedIn: 'Login successful',
    loggedOut: 'Logged out successfully',
  },
  password: {
    tooShort: 'Password must be at least 8 characters long',
    /** A password from the list of commonly used (and so easily guessed) ones, or the e-mail or name. */
    tooCommon: 'This password is too easy to guess. Please choose another.',
    mismatch: 'Passwords do not match',
    tokenMissing: 'Reset token is missing. Please use the link provided in the email.',
    invalidToken: 'Invalid or expired reset token. Please request a new password reset link.',
    network: 'Unable to connect to the server. Please try again later.',
    failed: 'Failed to reset password. Please try again.',
    success: 'Your password has been successfully reset.',
  },
  magicLink: {
    missingToken: 'Invalid or missing token. Please request a new magic link.',
    verificationFailed: 'Verification failed',
    expired: 'This magic link has expired. Please request a new one.',
    alreadyUsed: 'This magic link has already been used. Please request a new one.',
    other: 'There was an error verifying your magic link. Please try again or request a new one.',
    /** Server texts: the client looks for 'expired' and 'already used' in them (spec 01 §8). */
    serverExpired: 'This magic link has expired.',
    serverUsed: 'This magic link was already used.',
    serverInvalid: 'This magic link is not valid.',
    verified: 'Authentication successful',
  },
  register: {
    licenceRequired: 'Please accept the Privacy Policy and End User Licence Agreement to continue.',
    trialFieldsRequired: 'Please fill in all required fields',
    codeLength: 'School code must be 16 characters',
    codeFormat:
      'Invalid school code format. Code must be 16 characters and contain only uppercase letters and numbers.',
    codeRequired: 'Please enter a valid school code',
    trialTeacherLimit:
      'This trial has reached the teacher limit. Only 1 teacher account is allowed.',
    trialStudentLimit:
      'This trial has reached the student limit. Only 1 student account is allowed.',
    trialExpired: 'This trial has expired. Please upgrade to a full plan.',
    emailInvalid: PUBLIC_MESSAGES.register.emailInvalid,
    badRequest: 'Invalid registration information. Please check your details and try again.',
    unauthorized: 'Authentication failed. Please check your credentials.',
    conflict: 'This email address is already in use. Please use a different email.',
    server: 'Server error. Please try again later or contact support.',
    otherStatus: (status: number) => `Registration failed: ${status}`,
    noResponse: 'No response from server. Please check your internet connection and try again.',
    validateFailed: 'Failed to validate school code',
    trialFailed: 'Failed to create trial',
    noTrialCode: 'No school code returned from trial creation',
    attemptsExhausted: 'Failed to register after multiple attempts',
    invalidCode: 'Invalid school code',
    validCode: 'School code is valid',
    inactiveSchool: 'This school is not active. Please contact your school.',
    /** Server text: a paid plan's student limit (Personal 1, Classroom 30) is reached. */
    planStudentLimit:
      "This school has reached its plan's student limit. Please ask your school to upgrade.",
    success: 'User registered successfully',
    redirecting: 'Your account has been created. Redirecting to login page...',
    generatingTrialCode: 'Generating your trial code...',
  },
  settings: {
    userNotFound: 'User data not found. Please login again.',
    logoUploadFailed: 'Failed to upload logo',
    logoNetwork: 'Network error while uploading logo',
    nameFailed: 'Failed to update school name',
    nameNetwork: 'Network error while updating school name',
    codeLoadFailed: "Couldn't load school code",
    copyFailed: PUBLIC_MESSAGES.settings.copyFailed,
    copied: LOGIN_MESSAGES.settings.copied,
    copiedLabel: PUBLIC_MESSAGES.settings.copiedLabel,
    paidOnly: 'Editing school details is only available on paid plans',
    logoType: 'Please select a valid image file (JPG, PNG, GIF, SVG)',
    logoSize: 'Image size should be less than 2MB',
    nameEmpty: 'School name cannot be empty',
    /** Server texts of the school calls (the spec shows none). */
    nameUpdated: 'School name updated successfully',
    logoUpdated: 'Logo updated successfully',
    logoMissing: 'Please choose a logo image to upload.',
    logoUnreadable: 'The image could not be read. Please choose another file.',
    logoTooComplex:
      'This image is too complex to draw as a logo. Please choose a simpler image, or save it as a PNG.',
    studentUsage: 'Student Usage',
    trialUsage: 'Trial Usage',
    trialExpires: 'Trial expires',
    trialEnded: 'Trial ended',
    daysRemaining: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} remaining`,
    teachers: 'Teachers',
    students: 'Students',
    submissionsPerWeek: 'Submissions per student per week',
    submissionsPerWeekAll: 'Submissions per week, all students together',
    allStudents: 'All students',
    noUsage: 'No submissions in the last 12 weeks.',
    studentsUsed: (used: number, limit: number) => `${used} of ${limit} students`,
  },
  /** The Settings popup's "Your data" section: a copy of one's data, and deleting one's account. */
  account: {
    heading: 'Your data',
    intro:
      'Download a copy of everything STEM@Home holds about you, or delete your account and your work.',
    /** For the roles that cannot delete their own account (admin, owner). */
    introDownloadOnly: 'Download a copy of everything STEM@Home holds about you.',
    download: 'Download my data',
    downloadFailed: 'Failed to download your data. Please try again.',
    deleteButton: 'Delete my account',
    deleteTitle: 'Delete your account?',
    deleteWarning:
      'Your account, your class memberships and all your submissions, scores and feedback are deleted at once. This cannot be undone.',
    /** A teacher has no submissions of their own; what blocks the deletion is said before the password. */
    deleteWarningTeacher:
      'Your account is deleted at once. This cannot be undone. It can be deleted only once you teach no classes and own no questions.',
    passwordLabel: 'Your password',
    confirmDelete: 'Delete my account',
    cancel: 'Cancel',
    deleteFailed: 'Failed to delete your account. Please try again.',
    deleted: 'Your account and your work have been deleted.',
    wrongPassword: 'The password is not correct.',
    noPassword:
      'Your account has no password yet. Set one with "Forgot password?" on the login page, then try again.',
    teacherOwnsWork:
      'You still teach classes or own questions. Delete them, or ask your school admin to give your classes to another teacher, before deleting your account.',
    adminAccount:
      "An administrator's account is removed by the platform owner. Please contact them.",
    ownerAccount: "The platform owner's account cannot delete itself.",
  },
  classes: {
    loadFailed: 'Failed to load classes',
    retrying: '(Retrying...)',
    detailsFailed: 'Failed to load class details',
    notFound:
      'The requested class could not be found. It may have been deleted or you might not have permission to view it.',
    removeQuestionFailed: 'Failed to remove question from class.',
    removeStudentFailed: 'Failed to remove student from class.',
    empty: "You haven't created any classes yet",
    loadStudentsFailed: 'Failed to load students',
    createFailed: 'Failed to create class',
    created: 'Class created successfully!',
    nameRequired: 'Class name is required',
    studentsRequired: 'Please select at least one student',
    studentNotInSchool: 'Only students of your school can be added to a class.',
    trialLimit: 'Trial accounts are limited to 3 classes. Upgrade to a paid plan to create more.',
    /** Server texts (the spec shows none for these replies). */
    loaded: 'Classes loaded successfully',
    studentRemoved: 'Student removed from class successfully!',
  },
  questions: {
    saveFailed: (detail: string) => `Failed to save question: ${detail}`,
    saved: 'Question saved successfully!',
    generateFailed: 'Failed to generate rubric. Please try again.',
    detailsFailed: 'Failed to load question details',
    updateFailed: 'Failed to update question.',
    loadFailed: 'Failed to load questions.',
    deleted: 'Question deleted successfully!',
    deleteFailed: 'Failed to delete question',
    deleteFailedRetry: 'Failed to delete question. Please try again.',
    addedToClass: 'Question added to class successfully!',
    addToClassFailed: 'Failed to add question to class. Please try again.',
    noActiveClasses: 'No active classes found. Please create a class first.',
    empty: "You haven't created any questions yet",
    generateMissing: 'Please provide all required details before generating a rubric.',
    rubricsRequired:
      'Both low mark range and high mark range rubrics must be filled out before saving.',
    reviewConfirm:
      'Please make sure you have reviewed both the low and high mark range rubrics before saving. Do you want to proceed?',
    deleteConfirm: 'Are you sure you want to delete this question?',
    trialLimit: 'Trial accounts are limited to 3 questions. Upgrade to a paid plan to create more.',
    trialBanner: 'TRIAL LIMIT REACHED',
    alreadyInClass: 'This question is already in that class.',
    /** Server texts (the spec shows none for these replies). */
    notFound: 'The requested question could not be found.',
    updated: 'Question updated successfully!',
    removedFromClass: 'Question removed from class successfully!',
    /** The per-question option of issue 18: feedback is instant unless the teacher holds it. */
    holdFeedbackLabel: 'Hold marks and feedback until I review them',
    holdFeedbackHint:
      'Students see the mark and feedback of each answer to this question only after you accept or change it in Needs review. Off: they see them as soon as the answer is marked.',
    holdFeedbackBadge: 'Held for review',
  },
  /** Screen texts of the teacher's class pages (spec 02 §2 Teacher); spec wording where it gives one. */
  classesPage: {
    documentTitle: 'Classes · STEM@Home',
    title: 'My Classes',
    heading: (count: number) => `My Classes (${count})`,
    addNewClass: 'Add New Class',
    createFirst: 'Create Your First Class',
    loading: 'Loading classes...',
    retry: 'Retry',
    studentCount: (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`,
    questionCount: (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`,
    detailsDocumentTitle: 'Class Details · STEM@Home',
    classDocumentTitle: (name: string) => `${name} · STEM@Home`,
    loadingDetails: 'Loading class details...',
    backToClasses: 'Back to Classes',
    notFoundTitle: 'Class not found',
    showQuestions: (count: number) => `Show Questions (${count})`,
    hideQuestions: 'Hide Questions',
    questionsHeading: 'Questions',
    studentsHeading: (count: number) => `Students (${count})`,
    questionColumn: 'Question',
    totalMarksColumn: 'Total Marks',
    markRangeColumn: 'Mark Range',
    markRange: (low: string, high: string) => `Low ${low} · High ${high}`,
    nameColumn: 'Name',
    emailColumn: 'Email',
    actionsColumn: 'Actions',
    remove: 'Remove',
    removeQuestionLabel: (question: string) => `Remove question "${question}" from class`,
    removeStudentLabel: (name: string) => `Remove ${name} from class`,
    removeStudentTitle: 'Remove student',
    removeStudentConfirm: (name: string, className: string) =>
      `Remove ${name} from ${className}? Their past submissions are kept.`,
    cancel: 'Cancel',
    noClassQuestions: 'No questions assigned to this class yet.',
    noClassStudents: 'No students in this class.',
    createDocumentTitle: 'Create Class · STEM@Home',
    createHeading: 'Create New Class',
    stepClassInfo: 'Class Info',
    stepAddStudents: 'Add Students',
    classNameLabel: 'Class Name',
    classNamePlaceholder: 'e.g. Year 10 Physics',
    next: 'Next',
    back: 'Back',
    createClass: 'Create Class',
    searchStudents: 'Search students',
    searchPlaceholder: 'Search by name or email',
    selectAll: 'Select all shown',
    selectedCount: (count: number) => `${count} selected`,
    loadingStudents: 'Loading students...',
    noSchoolStudents:
      'There are no students in your school yet. Students join with your school code.',
    noMatchingStudents: 'No students match your search.',
    selectStudentLabel: (name: string, email: string) => `${name} (${email})`,
  },
  /**
   * What a new teacher reads on the dashboard and in Create Class (issue 26): the school code to
   * share, and the next steps. Ours; the spec shows the code only in the trial modal and Settings.
   */
  gettingStarted: {
    title: 'Get started',
    intro: 'Three steps to your first marked answers:',
    codeLabel: 'School code',
    copy: 'Copy',
    stepShare: 'Share your school code with your students.',
    stepShareDetail: (registerUrl: string) =>
      `They create their account at ${registerUrl} and type the code in.`,
    stepClass: 'Create a class.',
    stepClassDetail:
      'You can add students now, or later from the class page once they have joined.',
    stepQuestions: 'Add questions and assign them to your class.',
    stepQuestionsDetail: 'Your students can then answer them, and get their marks and feedback.',
    done: 'Done',
    createClassLink: 'Create your first class',
    addQuestionLink: 'Add your first question',
    /** Create Class, step 2. */
    laterHint: 'You can create the class now and add students later from the class page.',
    registerAt: (registerUrl: string) => `Students register at ${registerUrl} with this code.`,
  },
  /** Screen texts of the teacher's question pages (spec 02 §2 Teacher). */
  questionsPage: {
    insertDocumentTitle: 'Insert New Question · STEM@Home',
    insertHeading: 'Insert New Question',
    editDocumentTitle: 'Edit Question · STEM@Home',
    editHeading: 'Edit Question',
    viewDocumentTitle: 'View Questions · STEM@Home',
    title: 'My Questions',
    viewHeading: (count: number) => `My Questions (${count})`,
    questionLabel: 'Question',
    questionPlaceholder: 'Type the question students will answer',
    marksLabel: 'Marks',
    lowRangeLabel: 'Low Mark Range',
    highRangeLabel: 'High Mark Range',
    marksHint: 'Fills in both ranges',
    /** Ours: each example is a valid range of its own kind (a 10-mark question's default ranges). */
    lowRangeHint: 'start-end, e.g. 0-3',
    highRangeHint: 'start-end, e.g. 6-10',
    rubricRangeHint: (range: string) => `For answers scoring ${range} marks`,
    /** Ours: the marks changed after the rubric was written (its ranges and wording may be stale). */
    rubricMarksChanged: (was: string, now: string) =>
      `This rubric was written for ${was} ${was === '1' ? 'mark' : 'marks'}, and the question now has ${now}. Check what it says about marks, or generate it again.`,
    rubricHeading: 'Rubric',
    rubricHint: 'Generate a rubric with AI or write one yourself, then review both ranges.',
    generateWithAi: 'Generate with AI',
    writeManually: 'Write manually',
    lowRubricLabel: 'Low Mark Range Rubric',
    highRubricLabel: 'High Mark Range Rubric',
    lowRubricPlaceholder: 'What an answer in the low mark range looks like',
    highRubricPlaceholder: 'What an answer in the high mark range looks like',
    /** Who drafted the rubric: the offline engine's internal name is never shown (issue 11). */
    draftedAutomatically: 'Drafted automatically',
    draftedBy: (provider: string) => `Drafted by ${provider}`,
    /** Ours: a draft of the offline writer knows the question's wording, not its answer. */
    draftNeedsAnswer:
      "This draft comes from the question's wording and does not know the answer. Add what a right answer says (its points, values or method) to the High Mark Range Rubric. Until you do, marks rest on how answers are written, and each one waits for you in Needs review.",
    saveQuestion: 'Save Question',
    updateQuestion: 'Update Question',
    confirmTitle: 'Review rubrics',
    cancel: 'Cancel',
    save: 'Save',
    loadingQuestion: 'Loading question...',
    backToQuestions: 'Back to Questions',
    retry: 'Retry',
    addQuestion: 'Add Question',
    createFirst: 'Create Your First Question',
    loadingQuestions: 'Loading questions...',
    sortLabel: 'Sort by',
    sortPlaceholder: 'Choose an order',
    sortNewest: 'Newest first',
    sortOldest: 'Oldest first',
    sortMarksHigh: 'Marks high to low',
    sortMarksLow: 'Marks low to high',
    searchLabel: 'Search questions',
    searchPlaceholder: 'Words in the question',
    noMatches: 'No questions match your search.',
    marks: (marks: number) => `${marks} ${marks === 1 ? 'mark' : 'marks'}`,
    lowRange: (range: string) => `Low: ${range}`,
    highRange: (range: string) => `High: ${range}`,
    created: (date: string) => `Created ${date}`,
    inClasses: (count: number) => `In ${count} ${count === 1 ? 'class' : 'classes'}`,
    edit: 'Edit',
    delete: 'Delete',
    addToClass: 'Add To Class',
    deleteTitle: 'Delete question',
    selectClassTitle: 'Select a Class',
    loadingClasses: 'Loading classes...',
    alreadyInClass: 'Already added',
    paginationLabel: 'Question pages',
    pageLabel: (page: number) => `Page ${page}`,
    showMore: 'Show more',
    showLess: 'Show less',
    classCounts: (students: number, questions: number) =>
      `${students} ${students === 1 ? 'student' : 'students'} · ${questions} ${questions === 1 ? 'question' : 'questions'}`,
  },
  /** Trial calls, trial sign-up by e-mail and the trial banner (spec 01 §2, §4, §8; issue 18). */
  trial: {
    created: 'Your trial school has been created.',
    failedCreate: 'Failed to create trial account',
    createError: 'An error occurred while creating your trial account. Please try again.',
    emailExists:
      'This email address is already associated with an existing account. Please use a different email address to start a free trial.',
    emailFree: 'This email address can be used to start a free trial.',
    emailCheckError: 'An error occurred while verifying your email. Please try again.',
    linkSent: (email: string) =>
      `We have e-mailed a link to ${email}. Open it within 24 hours to create your trial account.`,
    linkMissing:
      'This trial sign-up link is incomplete. Please open the link from your e-mail, or start a new trial from the home page.',
    linkInvalid:
      'This trial sign-up link is not valid. Please open the link from your e-mail, or start a new trial from the home page.',
    /** A sign-up link opened again after its trial was made (issue 26). */
    linkUsed: (email: string) =>
      `A trial account for ${email} already exists, so this link has been used. Sign in with that e-mail address on the sign-in page; if you do not know the password, choose "Forgot password?" there.`,
    linkExpired:
      'This trial sign-up link has expired. Please start a new trial from the home page to get a new link.',
    notTrialSchool: 'This school code does not belong to a free trial.',
    codeValid: 'This trial school code is valid.',
    codeUnknown: 'Invalid school code',
    codeTaken: 'This school code is already in use.',
    notTrial: 'This school is not on a free trial.',
    upgradeInvalidPlan: "planId must be 'personal' or 'classroom'",
    statusLoaded: 'Trial status loaded',
    badge: 'TRIAL',
    limitedAccess: 'Limited access for 14 days',
    oneTeacher: '1 teacher account',
    oneStudent: '1 student account',
    expires: (date: string) => `Expires on ${date}`,
    daysLeft: (days: number) => `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`,
    lastDay: 'Your free trial ends today.',
    upgrade: 'Upgrade',
    upgradeToPaid: 'Upgrade to a paid plan',
    /** Registration page, trial mode without a sign-up link: asks for the address to send one to. */
    needLink:
      'To start your free trial, enter your e-mail address and we will send you a sign-up link.',
    sendLink: 'Send sign-up link',
    trialSchool: 'Your trial school',
    aiMarkingNote: (aiMarked: number, total: number) =>
      `On the trial, the first ${aiMarked} pieces of work are marked by the AI provider; the rest of the ${total} are marked by the built-in offline marker.`,
    assessmentsOver:
      'This trial has used all 30 of its practice assessments. Please upgrade to a full plan.',
    codeMailSubject: 'Your STEM@Home school code',
  },
  /** Plan limits other than the trial's (spec 01 §5 and §9; issue 8). */
  limits: {
    limitReached: 'Limit Reached',
    assessmentsUsed: (remaining: number, limit: number, resetsOn: string) =>
      `${remaining} of ${limit} practice assessments left this month (resets on ${resetsOn}).`,
    assessmentsOver: (limit: number, resetsOn: string) =>
      `All ${limit} practice assessments for this month have been used. You can submit again on ${resetsOn}.`,
    trialAssessmentsLeft: (remaining: number, limit: number) =>
      `${remaining} of ${limit} practice assessments left on this trial.`,
    attemptsUsed: (used: number, limit: number) => `${used} of ${limit} attempts used`,
    /** A card of the student's My Submissions: which attempt it was ('Attempts 2–3 of 3' when its
     * questions were at different attempts). */
    attemptOf: (from: number, to: number, limit: number) =>
      from === to ? `Attempt ${from} of ${limit}` : `Attempts ${from}–${to} of ${limit}`,
    /** The result page, per question. */
    tryAgain: 'Try again',
    tryAgainLabel: (question: number) => `Try again, question ${question}`,
    attemptsLeft: (left: number) => `${left} ${left === 1 ? 'attempt' : 'attempts'} left`,
    noAttemptsLeft: (limit: number) => `No attempts left: you have used all ${limit}.`,
    attemptsExhaustedFor: (question: string) =>
      `You have used all 3 attempts for the question "${question}".`,
    exhaustedHidden: (count: number) =>
      `${count} ${count === 1 ? 'question is' : 'questions are'} not shown: you have used all 3 attempts for ${count === 1 ? 'it' : 'them'}.`,
    answerTooLong: (max: number) =>
      `Your answer is too long. Please keep it under ${max.toLocaleString('en-GB')} characters.`,
    characters: (used: number, max: number) =>
      `${used.toLocaleString('en-GB')} / ${max.toLocaleString('en-GB')} characters`,
  },
  /** GET /trial/validate/{limitType} (spec 01 §7); the refusals reuse classes/questions.trialLimit. */
  trialLimits: {
    withinLimit: 'You can create more within your trial.',
    paidPlan: 'Paid plans have no class or question limit.',
  },
  student: {
    userNotFound: 'User data not found. Please login again.',
    noClasses: 'No classes found',
    classesFailed: 'Failed to load your classes. Please try again.',
    noQuestions: 'No questions found for this class',
    questionsFailed: 'Failed to load questions. Please try again.',
    invalidClassId: 'Invalid class ID. Please go back and try again.',
    classFailed: 'Failed to load class data',
    classQuestionsFailed: 'Failed to load class questions. Please try again.',
    noQuestionsYet: 'No questions available for this class yet.',
    noClassesYet: 'No Classes Yet',
    noClassesAvailable: 'No classes available',
    unknownTeacher: 'Unknown Teacher',
    notAssigned: 'Not assigned',
    notEnrolled: 'You are not enrolled in this class.',
  },
  submissions: {
    answerRequired: 'Please provide an answer',
    saving: 'Saving your submission...',
    saveFailed: 'Failed to save submission. Please try again.',
    processImageFailed: 'Failed to process image. Please try again.',
    loadFailed: 'Failed to load submissions',
    unexpectedFormat: 'The submissions could not be read: the server sent an unexpected format.',
    noId: 'No submission ID provided',
    detailsFailed: (message: string) => `Failed to load submission details: ${message}`,
    notFound: 'No submission details found.',
    noData: 'No Submission Data',
    empty: 'No submissions yet',
    /** Shown instead of an answer whose text was removed after its 24 months (spec 01 §9). */
    answerTextRemoved: 'The text of this answer was removed 24 months after it was submitted.',
    deletedClass: 'Deleted Class',
    pending: 'Pending',
    noFeedback: 'No feedback provided yet',
    notEnrolled: 'You can only answer questions of classes you are enrolled in.',
    questionNotInClass: 'This question is not part of that class.',
    attemptsExhausted: 'You have used all 3 attempts for this question.',
    markingFailed: 'Marking failed. You can try marking it again.',
    /** Server texts: why marking failed (kept with the submission), and the replies of the mark calls. */
    markingTimedOut: 'The marking service took too long to answer.',
    markingUnavailable: 'The marking service is unavailable at the moment.',
    markingUnreadable: 'The marking service gave an answer that could not be read.',
    markingError: 'The answers could not be marked.',
    created: 'Submission saved',
    markingRequeued: 'Marking started again.',
    notFailed: 'Only a submission whose marking failed can be marked again.',
    markingInProgress: 'Marking is still in progress. Please check again shortly.',
    allTitle: (count: number) => `All Submissions (${count})`,
    noneFound: 'No submissions found.',
  },
  upload: {
    required:
      'Please select a class, student, question, upload an image, and ensure there is text to submit',
    unsupportedType: 'Please upload a supported file type (JPEG/JPG, PNG, PDF, or TIFF)',
    extracting: 'Extracting text from image...',
    processingError: 'Error processing image. Please try again.',
    extractFailed: 'Failed to extract text from image',
    extractionFailed: 'Text extraction failed',
    uploadFailed: 'Upload failed',
    uploadFailedRetry: 'Failed to upload submission. Please try again.',
    uploaded: 'Work uploaded successfully!',
    noClassQuestions: 'No questions assigned to this class yet.',
    loadClassesFailed: 'Failed to load classes',
    loadStudentsFailed: 'Failed to load students',
    tooLarge: 'This file is too large. Please upload a file under 10 MB.',
    studentNotInClass: 'That student is not in the selected class.',
    /** Server texts of the extraction calls. */
    extracted: 'Text extracted successfully',
    noFile: 'Please choose a file to upload.',
    invalidImage: 'The image could not be read: send it as base64 text.',
  },
  /** Camera and file pickers shared by answering and the teacher's upload (spec 02 §2). */
  imageCapture: {
    openCamera: 'Open Camera',
    capturePhoto: 'Capture Photo',
    closeCamera: 'Close Camera',
    cameraPreview: 'Camera preview',
    startingCamera: 'Starting the camera...',
    cameraUnavailable: 'The camera could not be opened here. Use your device camera instead.',
    useDeviceCamera: 'Use Device Camera',
    chooseFile: 'Choose File',
    supportedTypes: 'JPEG, PNG, TIFF or PDF',
    stageCompressing: 'Preparing your image...',
    stageReading: 'Reading the handwriting...',
    stageTidying: 'Tidying up the text...',
    stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
    /** A student's photo or file in which no writing was found (a blank page, a blurred photo). */
    noTextFound:
      'No writing could be read from this image. Please take a clearer photo, or type your answer.',
  },
  /** Screen texts of the answering screen and its completion page (spec 02 §2 Student). */
  answeringPage: {
    documentTitle: 'Start Submission · STEM@Home',
    heading: 'Start Submission',
    loading: 'Loading questions...',
    totalQuestions: (count: number) => `Total Questions: ${count}`,
    questionOf: (index: number, total: number) => `Question ${index} of ${total}`,
    marks: (marks: number) => `${marks} ${marks === 1 ? 'mark' : 'marks'}`,
    clockLabel: 'Current time',
    modeLabel: 'How do you want to answer?',
    takePhoto: 'Take Photo',
    uploadImage: 'Upload Image',
    typeAnswer: 'Type Answer',
    answerLabel: 'Your Answer',
    answerPlaceholder: 'Type your answer here...',
    checkExtracted:
      'This is the text read from your work. Check it and correct any mistakes before you go on.',
    answered: (count: number, total: number) => `${count} of ${total} answered`,
    previous: 'Previous',
    next: 'Next',
    submit: 'Submit',
    backToClass: 'Back to Class',
    backToClasses: 'Back to Start Submission',
    retry: 'Retry',
    completeDocumentTitle: 'Submission Complete · STEM@Home',
    completeHeading: 'Submission Complete',
    completeIntro: 'Your answers have been saved.',
    overallScore: 'Overall Score',
    percentage: 'Percentage',
    marking: 'Marking your answers…',
    markingHint: 'This usually takes a few seconds. You can stay on this page.',
    questionHeading: (index: number) => `Question ${index}`,
    yourAnswer: 'Your Answer',
    score: 'Score',
    feedback: 'Feedback',
    backToDashboard: 'Back to Dashboard',
    viewSubmission: 'View Submission',
    noDataHint: 'Your submissions and their marks are listed under My Submissions.',
    /** Ours: every question of the class has used its attempts (not an error: the work is done). */
    allAttemptsUsed: (limit: number) =>
      `You have used all ${limit} attempts for every question in this class. Your marks and feedback are in My Submissions.`,
    viewMySubmissions: 'View My Submissions',
  },
  /** Screen texts of the submission lists and details (spec 02 §2 Student, Teacher, shared list). */
  submissionsPage: {
    myDocumentTitle: 'My Submissions · STEM@Home',
    myHeading: 'My Submissions',
    loading: 'Loading submissions...',
    retry: 'Retry',
    detailsDocumentTitle: 'Submission Details · STEM@Home',
    detailsHeading: 'Submission Details',
    loadingDetails: 'Loading submission details...',
    submittedOn: (date: string) => `Submitted on ${date}`,
    status: 'Status',
    statusLabel: { pending: 'Pending', marked: 'Marked', failed: 'Marking failed' },
    totalScore: 'Total Score',
    backToSubmissions: 'Back to Submissions',
    markingLive: 'Your answers are being marked. This page updates by itself.',
    tryMarkingAgain: 'Try marking again',
    questionHeading: (index: number) => `Question ${index}`,
    answer: 'Answer',
    noAnswer: 'No answer',
    score: 'Score',
    feedback: 'Feedback',
    aiComment: 'Comment',
    suggestion: 'Suggestion',
    markRange: (range: string) => `Mark range: ${range}`,
    moderation: 'Moderation',
    flagged: 'Flagged',
    flaggedReason: (reason: string) => `Flagged: ${reason}`,
    notFlagged: 'No content concerns',
    uploadedByTeacher: 'Uploaded by teacher',
    documentTitle: 'All Submissions · STEM@Home',
    searchLabel: 'Search submissions',
    searchPlaceholder: 'Student name, class name or question',
    filterLabel: 'Filter',
    filterAll: 'All',
    filterFlagged: 'Flagged Only',
    filterUnflagged: 'Unflagged Only',
    sortLabel: 'Sort by',
    sortRecent: 'Most Recent',
    sortOldest: 'Oldest First',
    sortStudent: 'Student Name',
    sortClass: 'Class Name',
    sortScore: 'Score',
    uploadStudentWork: 'Upload Student Work',
    viewClasses: 'View Classes',
    viewDetails: 'View Details',
    viewDetailsLabel: (student: string, date: string) =>
      `View details of ${student}'s submission of ${date}`,
    noMatches: 'No submissions match your search.',
    drawerTitle: (student: string) => `Submission by ${student}`,
    closeDrawer: 'Close',
    /** Under a paged list: more pages load as it scrolls into view; the button is the fallback. */
    showMore: 'Show more',
    loadingMore: 'Loading more...',
    /** The student's list: search reads the class name and the questions. */
    mySearchPlaceholder: 'Class name or question',
  },
  /** Teacher review of the AI's marks (issue 11): overrides, the review queue, agreement. */
  review: {
    /** Issue 28: the text read from a scanned answer, corrected by the teacher beside its scan. */
    textCorrected: 'Text corrected: the answer is being marked again.',
    textNotScanned: 'Only text read from a scanned answer sheet can be corrected here.',
    textReviewed:
      'This mark has been reviewed already: give your own mark instead of correcting the text.',
    textUnchanged: 'The text is unchanged.',
    textEmpty: 'Please type the answer.',
    correctTextLabel: 'Text read (correct it from the scan)',
    correctText: 'Save and re-mark',
    scanHeading: 'Scan',
    saved: 'Mark saved',
    accepted: 'Marked as reviewed',
    /** The mark box and the server say the same: a whole mark within the question's marks. */
    scoreOutOfRange: (marks: number) => `Enter a mark from 0 to ${marks}`,
    notMarked: 'This answer has not been marked yet',
    scoreLabel: (marks: number) => `Your mark (out of ${marks})`,
    commentLabel: 'Your comment to the student',
    commentHint: "Leave it empty to keep the AI's comment",
    save: 'Save mark',
    saving: 'Saving...',
    accept: 'Mark as reviewed (unchanged)',
    aiSuggested: (score: number, marks: number) => `AI suggested ${score}/${marks}`,
    aiComment: "AI's comment",
    teacherComment: "Teacher's comment",
    yourTeachersComment: "Your teacher's comment",
    markedByTeacher: 'Marked by your teacher',
    overriddenBy: (name: string, date: string) => `Changed by ${name} on ${date}`,
    reviewedOn: (date: string) => `Reviewed on ${date}`,
    history: 'History',
    historyOverride: (by: string, before: string, after: string, date: string) =>
      `${by} changed the mark from ${before} to ${after} on ${date}`,
    historyAccept: (by: string, date: string) => `${by} kept the AI's mark on ${date}`,
    historyComment: (by: string, date: string) => `${by} changed the comment on ${date}`,
    /** A re-scan of the answer's paper page replaced its text (issue 28); `before`: "2/4" or "–/4". */
    historyRescan: (by: string, before: string, date: string) =>
      `${by} replaced the answer with a re-scan of its page on ${date}; it had been marked ${before}`,
    historyEarlierText: (text: string) => `Earlier text: ${text}`,
    someone: 'A teacher',
    reason: {
      flagged: 'Flagged by the content check',
      unreadable: 'Handwriting hard to read',
      uncertain: 'The marker was unsure',
      held: 'Held until you review it',
    },
    /** Teacher's view of an answer whose question holds feedback until review (issue 18). */
    heldForStudent:
      'The student does not see this mark or feedback yet: accept it or change it to release it.',
    /** The student's view of a held answer and submission. */
    heldAnswer:
      'Your teacher is reviewing this answer. Your mark and feedback will appear here once they have.',
    heldTotal: 'Awaiting teacher review',
    needsReview: 'Needs review',
    needsReviewCount: (n: number) => `Needs review (${n})`,
    needsReviewFilterAll: 'All submissions',
    queueEmpty: 'Nothing waits for review. Well done!',
    queuePosition: (index: number, total: number) => `${index} of ${total}`,
    /** A digit saves that mark at once (no Enter), as A keeps the AI's. */
    queueHelp:
      'Keys: J or ↓ next answer, K or ↑ previous, A mark as reviewed, 0-9 save that mark at once.',
    next: 'Next',
    previous: 'Previous',
    failedInQueue: 'Marking failed for this submission: try marking it again.',
    agreement: (agreed: number, reviewed: number, withinOne: number) =>
      `AI and you agreed on ${agreed} of ${reviewed} answers (within 1 mark: ${withinOne})`,
    /** The review queue's line in one answer, about that answer's question. */
    questionAgreement: (agreed: number, reviewed: number, withinOne: number) =>
      `On this question, AI and you agreed on ${agreed} of ${reviewed} answers (within 1 mark: ${withinOne})`,
    noAgreementYet: 'No answers to this question reviewed yet',
  },
  /** When a class's marks of a question reach its students (issue 27). */
  release: {
    /** The student's view of a mark waiting for the teacher's release (the issue's text). */
    waitingForRelease: 'Marked — waiting for your teacher to release the mark',
    /** Its short form on a score badge. */
    waitingBadge: 'Waiting for release',
    /** The teacher's view of an answer held for release. */
    heldForRelease:
      'The student does not see this mark yet: it is released with the rest of the class when you press Release marks on the class page.',
    heldForReleaseBadge: 'Held for release',
    /** The class page's short badge beside a question. */
    heldShort: (n: number) => `${n} to release`,
    onReleaseShort: 'On release',
    settingsButton: 'Marks & re-marks',
    /** Starts with the button's visible words, so speech input finds it by what it shows. */
    settingsButtonLabel: (question: string) => `Marks & re-marks for "${question}"`,
    settingsTitle: 'Marks and re-mark requests',
    close: 'Close',
    modeLabel: 'When students see their marks',
    modeInstant: 'At once (instant feedback)',
    modeOnRelease: 'When I release them',
    releaseButton: 'Release marks',
    releaseButtonCount: (n: number) => `Release marks (${n})`,
    released: (n: number) =>
      n === 1 ? '1 mark released to the class.' : `${n} marks released to the class.`,
    stateInstant: 'Marks go to students at once',
    stateHeld: (n: number) =>
      n === 1 ? '1 mark waits for your release' : `${n} marks wait for your release`,
    stateReleased: (date: string) => `All marks released (last on ${date})`,
    stateNothingYet: 'No marks to release yet',
    deadlineLabel: 'Students may ask for a re-mark until',
    deadlineDefault: 'Default: 14 days after each mark reaches the student',
    deadlineClosed: 'Closed: no new re-mark requests',
    deadlineChoice: { default: 'Default (14 days)', date: 'Until a date', closed: 'Closed' },
    save: 'Save',
    saved: 'Saved.',
    saveFailed: 'Could not save the settings. Please try again.',
    releaseFailed: 'Could not release the marks. Please try again.',
    badDeadline: 'must be a date and time (ISO 8601)',
    notInClass: 'This question is not in this class.',
  },
  /** Students asking for a re-mark of an answer, and the teacher's reply (issue 27). */
  regrades: {
    ask: 'Ask for a re-mark',
    askTitle: 'Ask your teacher to mark this answer again',
    reasonLabel: 'Why should this answer be marked again?',
    reasonHint: (max: number) => `Up to ${max} characters. You can ask once for each answer.`,
    send: 'Send request',
    sent: 'Your request was sent to your teacher.',
    cancel: 'Cancel',
    openUntil: (date: string) => `You can ask for a re-mark until ${date}.`,
    yourRequest: 'Your re-mark request',
    waiting: 'Waiting for your teacher',
    answered: 'Answered',
    teacherReply: "Your teacher's reply",
    markChanged: (before: number, after: number, marks: number) =>
      `Your mark changed from ${before}/${marks} to ${after}/${marks}.`,
    markKept: (score: number, marks: number) => `Your mark stays ${score}/${marks}.`,
    // Refusals (server and page).
    reasonRequired: 'Please say why the answer should be marked again.',
    reasonTooLong: (max: number) => `The reason can be at most ${max} characters.`,
    already: 'You have already asked for a re-mark of this answer.',
    closed: 'Re-mark requests for this answer are closed.',
    notVisible: 'This answer has no mark you can see yet, so it cannot be re-marked.',
    notFound: 'Re-mark request not found',
    alreadyAnswered: 'This re-mark request has already been answered.',
    replyRequired: 'Write a reply, or give a new mark, or both.',
    replyTooLong: (max: number) => `The reply can be at most ${max} characters.`,
    // The teacher's list.
    tab: 'Re-mark requests',
    tabCount: (n: number) => `Re-mark requests (${n})`,
    listTitle: 'Re-mark requests',
    openCount: (n: number) => (n === 1 ? '1 open request' : `${n} open requests`),
    none: 'No re-mark requests wait for you.',
    showAnswered: 'Show answered requests too',
    askedOn: (date: string) => `Asked on ${date}`,
    open: 'Open',
    studentReason: "Student's reason",
    currentMark: (score: number, marks: number) => `Current mark: ${score}/${marks}`,
    newMarkLabel: (marks: number) => `New mark (0-${marks})`,
    newMarkHint: 'Leave it empty to keep the mark.',
    replyLabel: 'Your reply to the student',
    sendReply: 'Send reply',
    replySent: 'Reply sent. The student has been told.',
    replyFailed: 'Could not send the reply. Please try again.',
    loadFailed: 'Could not load the re-mark requests.',
    openSubmission: 'Open the submission',
    answeredBy: (name: string, date: string) => `Answered by ${name} on ${date}`,
    // The e-mail to the student.
    mailSubject: 'Your teacher answered your re-mark request',
    mailBody: (name: string, question: string) =>
      `Hello ${name},\n\nYour teacher has answered your request to mark your answer to "${question}" again.`,
    mailMark: (before: number, after: number, marks: number) =>
      before === after
        ? `Your mark stays ${after}/${marks}.`
        : `Your mark changed from ${before}/${marks} to ${after}/${marks}.`,
    mailReply: (reply: string) => `Your teacher wrote: ${reply}`,
    mailLink: 'See it in STEM@Home:',
  },
  /**
   * Marking one question across a class (issue 27): every student's latest answer, one at a time,
   * with the question and its rubric beside it, keyboard first.
   */
  classMarking: {
    documentTitle: 'Mark a question',
    title: 'Mark one question across the class',
    loading: 'Loading the answers...',
    loadFailed: 'Could not load the answers. Please try again.',
    backToClass: (name: string) => `Back to ${name}`,
    /** The class page's button beside each question (its name holds its text), and the queue's link. */
    open: 'Mark answers',
    openLabel: (question: string) => `Mark answers to "${question}"`,
    openFromQueue: 'Mark this question for the whole class',
    questionHeading: 'Question',
    rubricHeading: 'Rubric',
    marks: (marks: number) => (marks === 1 ? '1 mark' : `${marks} marks`),
    markRanges: (low: string, high: string) => `Low ${low} · High ${high}`,
    progress: (reviewed: number, total: number) => `${reviewed} of ${total} reviewed`,
    answeredCount: (answered: number, students: number) =>
      `${answered} of ${students} students answered`,
    studentsHeading: 'Students',
    noStudents: 'This class has no students yet.',
    position: (index: number, total: number) => `Student ${index} of ${total}`,
    anonymous: 'Anonymous',
    anonymousHint: 'Hide names and shuffle the order',
    anonymousName: (n: number) => `Student ${n}`,
    state: {
      none: 'No answer',
      pending: 'Being marked',
      failed: 'Marking failed',
      toReview: 'To review',
      reviewed: 'Reviewed',
      changed: 'Changed',
    },
    noAnswer: 'This student has not answered this question yet.',
    pendingAnswer: 'This answer is still being marked. Its mark will appear here.',
    failedAnswer: 'Marking failed for this answer: mark it again from the submission.',
    answerHeading: 'Answer',
    emptyAnswer: '(no text)',
    markerMark: (score: number, marks: number) => `Marker: ${score}/${marks}`,
    mark: (score: number, marks: number) => `Mark: ${score}/${marks}`,
    band: (range: string) => `Band ${range}`,
    /** The marker's own confidence in its mark, when it was unsure (not the review queue's doubt). */
    markerUnsure: (confidence: number) => `Marker unsure: ${confidence} % confident`,
    /** Beside the marker's doubt: the rubric's point it doubts, in the rubric's words. */
    doubtAbout: (point: string) => `The point it doubts: "${point}"`,
    markerComment: "Marker's feedback",
    markerSuggestion: 'Suggestion',
    teacherComment: 'Your comment',
    reviewedBy: (name: string, date: string) => `Reviewed by ${name} on ${date}`,
    source: { typed: 'Typed', photo: 'Photo', upload: 'Upload', scan: 'Scanned sheet' },
    handedIn: {
      student: 'Handed in by the student',
      teacher_upload: 'Uploaded by a teacher',
      bulk_scan: 'From a stack of scanned sheets',
    },
    ocr: (confidence: number) => `Read by OCR, ${Math.round(confidence)}% confident`,
    // Actions (buttons on a phone, keys on a keyboard).
    previous: 'Previous',
    next: 'Next',
    nextToReview: 'Next to review',
    accept: 'Accept mark',
    acceptLabel: (score: number, marks: number) => `Accept mark ${score}/${marks}`,
    markLabel: (marks: number) => `Mark (0-${marks})`,
    save: 'Save mark',
    typed: (typed: string) => `Mark typed: ${typed} — Enter saves it`,
    typedOutOfRange: (typed: string, marks: number) => `${typed} is not a mark from 0 to ${marks}`,
    openOriginal: 'Open original',
    originalNote:
      'Photos and uploads are deleted once their text is read, as the privacy notice promises: this is the submission as it was handed in.',
    scanNote:
      'The scan of this answer is kept only while its stack is being checked (at most 14 days), as the privacy notice says.',
    scanPlace: (label: string) => `${label}'s answer`,
    allReviewed: 'Every marked answer has been reviewed.',
    saved: (name: string, score: number, marks: number) => `${name}: ${score}/${marks} saved`,
    accepted: (name: string, score: number, marks: number) => `${name}: ${score}/${marks} accepted`,
    saveFailed: 'Could not save the mark. Please try again.',
    keysButton: 'Keys',
    keysHint: 'J/K move · N to review · A accept · 0-9, Enter save · P original · ? keys',
    keysTitle: 'Keyboard shortcuts',
    /** Each line of the keys dialog: its keys (alternatives, or a sequence) and what they do. */
    keys: [
      { keys: ['J', '↓', '→'], join: 'or', what: 'Next student' },
      { keys: ['K', '↑', '←'], join: 'or', what: 'Previous student' },
      { keys: ['N'], join: 'or', what: 'Next answer not yet reviewed' },
      { keys: ['A'], join: 'or', what: "Accept the marker's mark" },
      { keys: ['0-9', 'Enter'], join: 'then', what: 'Type a mark and save it' },
      { keys: ['Esc'], join: 'or', what: 'Clear a typed mark' },
      { keys: ['P', 'O'], join: 'or', what: 'Open the original' },
      { keys: ['?'], join: 'or', what: 'Show these keys' },
    ] as readonly { keys: readonly string[]; join: 'or' | 'then'; what: string }[],
    keyJoin: { or: 'or', then: 'then' },
    close: 'Close',
  },
  /** The school admin's screens (spec 02 §2 Admin, §8 Admin); server texts where the spec shows none. */
  admin: {
    /** Issue 29: the menu of a person's account actions. */
    moreActions: (name: string) => `More actions for ${name}`,
    userDeleted: 'User deleted successfully',
    userPromoted: 'User promoted successfully',
    userDemoted: 'User demoted successfully',
    deleteFailed: (message: string) => `Failed to delete user: ${message}`,
    promoteFailed: (message: string) => `Failed to promote user: ${message}`,
    demoteFailed: (message: string) => `Failed to demote user: ${message}`,
    noUsers: 'No users found matching your criteria.',
    classesFailed: 'Failed to load classes',
    noClasses: 'No classes found matching your criteria.',
    submissionsDataFailed: 'Failed to fetch submissions data',
    submissionsFailed: 'Failed to fetch submissions. Please try again later.',
    classDetailsFailed: 'Failed to fetch class details. Please try again later.',
    classNotFound: 'Class not found',
    /** Server refusals (the spec shows none). */
    userNotFound: 'The requested user could not be found.',
    cannotChangeSelf: 'You cannot delete, promote or demote your own account.',
    cannotChangeAdmin: 'Admins and the platform owner cannot be deleted, promoted or demoted here.',
    onlyStudentsPromoted: 'Only students can be promoted to teacher.',
    onlyTeachersDemoted: 'Only teachers can be demoted to student.',
    teacherOwnsWork: (name: string, classes: number, questions: number) =>
      `${name} still teaches ${classes} ${classes === 1 ? 'class' : 'classes'} and owns ${questions} ${questions === 1 ? 'question' : 'questions'}. Give each class to another teacher on its class page (All Classes), and ask them to delete their questions or delete them together, before deleting this teacher.`,
    teacherOwnsClasses: (name: string, classes: number) =>
      `${name} still teaches ${classes} ${classes === 1 ? 'class' : 'classes'}. Give each class to another teacher on its class page (All Classes) before demoting them.`,
    teacherNotInSchool: 'Choose a teacher of your school.',
    usersDeleted: (n: number) =>
      n === 1 ? 'User deleted successfully' : `${n} users deleted successfully`,
    classReassigned: (teacher: string) => `Class given to ${teacher}.`,
    studentsAdded: (n: number) =>
      n === 1 ? '1 student added to the class.' : `${n} students added to the class.`,
    /** Screen texts. */
    usersTitle: 'All Users',
    usersDocumentTitle: 'All Users · STEM@Home',
    searchUsers: 'Search users',
    searchUsersPlaceholder: 'Name or email',
    roleFilter: 'Role',
    roleAll: 'All roles',
    roleLabels: { student: 'Student', teacher: 'Teacher', admin: 'Admin', owner: 'Owner' },
    columnName: 'Name',
    columnEmail: 'Email',
    columnRole: 'Role',
    columnCreatedAt: 'Created At',
    columnActions: 'Actions',
    promote: 'Promote',
    demote: 'Demote',
    delete: 'Delete',
    deleteSelected: (n: number) => `Delete selected (${n})`,
    selectUser: (name: string) => `Select ${name}`,
    selectAll: 'Select all on this list',
    confirmDeleteTitle: (people: number) => (people === 1 ? 'Delete user' : 'Delete users'),
    confirmDeleteCounting: 'Counting what will be removed...',
    /** The dialog, before anything is tried, when the deletion would be refused (issue 26). */
    deleteBlockedTitle: (teachers: number) =>
      teachers === 1
        ? 'This teacher cannot be deleted yet'
        : 'These teachers cannot be deleted yet',
    deleteBlockedTeacher: (name: string, classes: number, questions: number) => {
      const owns = [
        classes > 0 ? `teaches ${classes} ${classes === 1 ? 'class' : 'classes'}` : '',
        questions > 0 ? `owns ${questions} ${questions === 1 ? 'question' : 'questions'}` : '',
      ].filter(Boolean);
      return `${name} ${owns.join(' and ')}.`;
    },
    deleteBlockedHelp:
      'Give each class to another teacher on its class page (Change teacher), and ask the teacher to delete their questions. Then delete the teacher.',
    teacherClassesLink: (name: string) => `${name}'s classes`,
    deletePreviewFailed: (message: string) =>
      `Could not check what deleting would remove: ${message}`,
    confirmDeleteBody: (users: number, submissions: number, enrolments: number) =>
      `This permanently deletes ${users} ${users === 1 ? 'person' : 'people'}, ${submissions} ${submissions === 1 ? 'submission' : 'submissions'} and ${enrolments} class ${enrolments === 1 ? 'place' : 'places'}. This cannot be undone.`,
    confirmPromote: (name: string) =>
      `Promote ${name} to teacher? They leave every class's student list; their submissions are kept.`,
    confirmDemote: (name: string) => `Demote ${name} to student?`,
    confirm: 'Confirm',
    cancel: 'Cancel',
    usersCount: (shown: number, matched: number) => `Showing ${shown} of ${matched} users`,
    userDetailsTitle: 'User Details',
    basicInformation: 'Basic Information',
    userStatistics: 'User Statistics',
    noStatistics: 'No statistics available',
    notAvailable: 'N/A',
    school: 'School',
    backToUsers: 'Back to Users',
    statLabels: {
      totalTeachers: 'Total Teachers',
      totalStudents: 'Total Students',
      totalClasses: 'Total Classes',
      activeClasses: 'Active Classes',
      questionsCreated: 'Questions Created',
      submissionsEvaluated: 'Submissions Evaluated',
      enrolledClasses: 'Enrolled Classes',
      totalSubmissions: 'Total Submissions',
      averageScore: 'Average Score',
      lastSubmissionDate: 'Last Submission',
    },
    userSubmissions: 'Submissions',
    userLoadFailed: 'Failed to load user details',
    classesTitle: 'All Classes',
    classesDocumentTitle: 'All Classes · STEM@Home',
    searchClasses: 'Search classes',
    searchClassesPlaceholder: 'Class name',
    teacherFilter: 'Teacher',
    allTeachers: 'All teachers',
    createClass: 'Create Class',
    students: (n: number) => (n === 1 ? '1 student' : `${n} students`),
    questions: (n: number) => (n === 1 ? '1 question' : `${n} questions`),
    teacherLabel: 'Teacher',
    classDetailsDocumentTitle: 'Class Details · STEM@Home',
    backToClasses: 'Back to Classes',
    classQuestions: 'Questions',
    classStudents: 'Students',
    noClassQuestions: 'No questions assigned to this class yet.',
    noClassStudents: 'No students in this class yet.',
    questionColumn: 'Question',
    marksColumn: 'Marks',
    lowRangeColumn: 'Low Mark Range',
    highRangeColumn: 'High Mark Range',
    rubric: 'Rubric',
    showRubric: 'Show rubric',
    reassignLabel: 'Give this class to',
    reassign: 'Change teacher',
    addStudents: 'Add Students',
    addStudentsTitle: 'Add students to this class',
    addSelected: (n: number) => `Add ${n} ${n === 1 ? 'student' : 'students'}`,
    noStudentsToAdd: 'Every student of the school is already in this class.',
    viewWork: 'View work',
    studentWorkTitle: (name: string) => `${name}'s work in this class`,
    noStudentWork: 'No submissions yet',
    wizardTitle: 'Create Class',
    wizardDocumentTitle: 'Create Class · STEM@Home',
    stepClassInfo: 'Class Info',
    stepSelectTeacher: 'Select Teacher',
    stepAddStudents: 'Add Students',
    teacherRequired: 'Please select a teacher',
    noTeachers: 'This school has no teachers yet. Promote a student on the All Users page first.',
    noStudents: 'This school has no students yet.',
    next: 'Next',
    back: 'Back',
    creating: 'Creating...',
    submissionsTitle: 'All Submissions',
    submissionsDocumentTitle: 'All Submissions · STEM@Home',
  },
  /** Screen texts of /upload-student-work (spec 02 §2 Teacher). */
  /**
   * Issue 27 on the class marking screen: point-valued rubric items, retroactive re-scoring, saved
   * comments and marks made under an earlier rubric.
   */
  rubricItems: {
    /** Server replies. */
    notFound: 'Rubric item not found.',
    answerNotFound: 'That answer is not an answer of this class to this question.',
    commentNotFound: 'Saved comment not found.',
    cannotEdit: "Only the question's teacher or the school's admin can change its rubric items.",
    pointsTooLarge: (marks: number) =>
      `Points must be from -${marks} to ${marks} (the question's marks).`,
    tooMany: (max: number) => `A question can have at most ${max} rubric items.`,
    unknownItem: 'That rubric item is not an item of this question.',
    orderMismatch: 'Give every rubric item of the question once.',
    tooManyComments: (max: number) => `You can save at most ${max} comments for a question.`,
    added: 'Rubric item added.',
    updated: (rescored: number) =>
      rescored === 0
        ? 'Rubric item saved.'
        : `Rubric item saved. ${rescored === 1 ? '1 mark' : `${rescored} marks`} changed.`,
    deleted: (rescored: number) =>
      rescored === 0
        ? 'Rubric item deleted.'
        : `Rubric item deleted. ${rescored === 1 ? '1 mark' : `${rescored} marks`} changed.`,
    reordered: 'Rubric items reordered.',
    applied: 'Rubric items applied.',
    commentSaved: 'Comment saved for this question.',
    commentDeleted: 'Saved comment deleted.',
    remarkQueued: (n: number) =>
      n === 1 ? '1 answer sent to be marked again.' : `${n} answers sent to be marked again.`,
    /** The screen. */
    heading: 'Rubric items',
    none: 'No rubric items yet. Add items to mark with number keys.',
    points: (points: number) => (points > 0 ? `+${points}` : `${points}`),
    itemKey: (n: number) => `${n}`,
    add: 'Add item',
    labelField: 'Item',
    pointsField: 'Points',
    save: 'Save',
    cancel: 'Cancel',
    editLabel: (label: string) => `Edit "${label}"`,
    delete: 'Delete',
    deleteLabel: (label: string) => `Delete "${label}"`,
    moveUp: (label: string) => `Move "${label}" up`,
    moveDown: (label: string) => `Move "${label}" down`,
    confirmDelete: (label: string) =>
      `Delete "${label}"? Every mark it was applied to is worked out again without it.`,
    rescoreNote: "Changing an item's points re-scores every answer it is applied to.",
    sumNote: (marks: number) =>
      `The mark is the applied items' points added up, from 0 to ${marks}.`,
    appliedHeading: 'Rubric items applied',
    itemToggled: (name: string, score: number, marks: number) =>
      `${name}: ${score}/${marks} from rubric items`,
    failed: 'Could not save. Please try again.',
    noAnswerToApply: 'There is no marked answer here to apply items to.',
    /**
     * The marker's suggested items (from the items on the most alike answer). Worded for whoever
     * reads it: a colleague or the school's admin may have given those items, or the reader none.
     */
    suggestedBadge: 'Suggested',
    suggestedNote: (percent: number) =>
      `Suggested from the items given to the most alike marked answer (${percent} % alike); the marker's mark agrees.`,
    applySuggested: 'Apply the suggested items',
    nothingSuggested: 'No items are suggested for this answer.',
    /** Saved comments. */
    commentsHeading: 'Saved comments',
    commentsNone: 'No saved comments yet. Save the comment you type to use it again.',
    commentField: 'Your comment',
    commentHint: 'Only this student sees it.',
    saveComment: 'Save comment',
    saveForReuse: 'Save for reuse',
    pickComment: 'Use',
    pickCommentLabel: (n: number) => `Use saved comment ${n}`,
    deleteComment: 'Delete saved comment',
    commentInserted: 'Saved comment put in the comment box. Save comment to keep it.',
    commentStored: (name: string) => `${name}: comment saved`,
    /** Marks made under an earlier rubric. */
    earlierRubric: 'Marked under an earlier rubric',
    earlierRubricHint:
      "The question's rubric, bands or marks changed after the marker marked this answer.",
    earlierRubricCount: (n: number) =>
      n === 1
        ? '1 answer was marked under an earlier rubric.'
        : `${n} answers were marked under an earlier rubric.`,
    remark: (n: number) => (n === 1 ? 'Re-mark 1 answer' : `Re-mark ${n} answers`),
    remarkNote: 'Answers you have reviewed keep your mark.',
    /** "Test on a few first": mark a handful, then the marker marks the rest with them. */
    fewFirst: 'Test on a few first',
    fewFirstHint:
      'Mark a few answers the marker picks (one from each of the biggest groups, and the ones it is least sure of); it then marks the rest with your marks as examples.',
    fewFirstFailed: 'Could not choose the answers. Please try again.',
    fewFirstNone: 'Every marked answer has been reviewed: there is nothing left to test on.',
    fewFirstNoAnswers: 'No student has answered this question yet: there is nothing to test on.',
    fewFirstProgress: (done: number, total: number) => `${done} of ${total} marked`,
    fewFirstOpen: (n: number) => `Answer ${n}`,
    fewFirstMarked: 'Marked',
    fewFirstClose: 'Close',
    markRest: (n: number) =>
      n === 1
        ? 'Mark the rest (1 answer) with these examples'
        : `Mark the rest (${n} answers) with these examples`,
    markRestNote: 'Answers you have marked keep your mark; held marks stay held.',
    markRestNeedsExamples: 'Mark at least one answer first: your marks are the examples.',
    markRestNothing: 'Every marked answer has your mark: there is nothing left to mark.',
    markRestQueued: (n: number) =>
      n === 1
        ? '1 answer sent to be marked with your examples.'
        : `${n} answers sent to be marked with your examples.`,
    /** Extra lines of the keys dialog. */
    keys: [
      {
        keys: ['1-9'],
        join: 'or',
        what: 'Apply or remove rubric item 1-9 (when the question has items)',
      },
      { keys: ['I'], join: 'or', what: 'Apply the suggested rubric items' },
      { keys: ['M'], join: 'or', what: 'Type a mark in the mark box' },
      { keys: ['C'], join: 'or', what: 'Write a comment' },
      { keys: ['Shift', '1-9'], join: 'then', what: 'Put saved comment 1-9 in the comment box' },
    ] as readonly { keys: readonly string[]; join: 'or' | 'then'; what: string }[],
    keysHint:
      'With rubric items: 1-9 apply items · M type a mark · C comment · Shift+1-9 saved comment',
  },
  uploadPage: {
    documentTitle: 'Upload Student Work · STEM@Home',
    title: 'Teacher Dashboard',
    section: 'Upload Student Work',
    classLabel: 'Class',
    classPlaceholder: 'Select a class',
    clearClass: 'Clear class',
    studentLabel: 'Student',
    studentPlaceholder: 'Select a student',
    questionLabel: 'Question',
    questionPlaceholder: 'Select a question',
    noStudents: 'No students in this class',
    noQuestions: 'No questions in this class',
    chooseFirst: 'Choose a class, student and question to add their work.',
    takePhoto: 'Take Photo',
    uploadImage: 'Upload Image',
    removeFile: 'Remove file',
    previewAlt: (name: string) => `Preview of ${name}`,
    extractedLabel: 'Extracted Text',
    extractedHint: 'Check the text read from the work and correct it before uploading.',
    uploadWork: 'Upload Work',
    uploading: 'Uploading...',
    classQuestions: 'Class Questions',
    questionColumn: 'Question',
    marksColumn: 'Marks',
    lowColumn: 'Low Mark Range',
    highColumn: 'High Mark Range',
    loadQuestionsFailed: 'Failed to load questions.',
  },
  /** Plans and payments (spec 01 §2 Payment pages, §8 Trial and purchase, Subscription). */
  payments: {
    /** /payments for a teacher of a classroom school without the payment permissions (spec 01 §6). */
    managedByAdmin:
      "Your school's plan and payments are looked after by your school's administrator. Please ask them about your subscription.",
    checkoutFailed: 'Failed to create checkout session',
    emailExists:
      'This email address is already associated with an existing plan. Please use a different email address to start a new subscription.',
    paymentError: 'An error occurred during the payment process. Please try again.',
    subscriptionLoadFailed: 'Failed to load subscription information',
    subscriptionDetailsFailed: 'Could not load subscription details. Please try again later.',
    portalFailed: 'Failed to access payment portal',
    portalUnavailable: 'Could not access payment portal. Please try again later.',
    missingPlan: 'Missing required plan information. Please try again.',
    checkoutUnavailable: 'Could not create checkout session. Please try again later.',
    /** Server texts. The client looks for 'email already exists' in the first (spec 01 §8). */
    serverEmailExists: 'An account with this email already exists.',
    checkoutCreated: 'Checkout session created',
    portalCreated: 'Billing portal session created',
    promoInvalid: 'This promo code is not valid.',
    promoWrongPlan:
      'The promo code EXAM2025 gives 2 months free on the monthly Personal plan only. Choose the monthly Personal plan to use it.',
    /** PAYMENTS=off: every checkout call refuses with this. */
    notOnSale:
      'Plans are not on sale yet, so nothing can be bought here for now. A free 14-day trial can be started from the home page.',
    classroomComingSoon:
      'The Classroom plan is coming soon and cannot be bought yet. The Personal plan is available now.',
    alreadySubscribed:
      'This school already has an active subscription. Use Manage in portal to change it.',
    /** allowTrialUpgrade without a sign-in, and with someone else's e-mail (issue 26). */
    trialUpgradeSignIn: "Sign in as the trial's teacher to upgrade the trial.",
    trialUpgradeNotYours:
      "Only the trial's own teacher can upgrade it. Sign in with the trial's e-mail address and upgrade from the Payments page.",
    notTrial: 'This school is not on a trial. Choose a plan on the Payments page instead.',
    noSchool: 'This account does not belong to a school, so it has no subscription.',
    noSubscription: 'This school has no subscription to cancel.',
    noBillingAccount: 'This school has no billing account yet. Buy a plan first.',
    alreadyCancelled: 'This subscription is already set to end at the end of its billing period.',
    cancelScheduled: (date: string) =>
      `Your subscription has been cancelled. Your access continues until ${date}.`,
    subscriptionLoaded: 'Subscription loaded',
    trialSubscription: 'This school is on a free trial.',
    ownerSubscription: 'The platform owner has no subscription.',
    planEnded:
      'Your plan has ended. Choose a plan on the Payments page (/payments) to create new work again; everything already made can still be read.',
    verifyCompleted: 'Your payment is confirmed and your account is ready.',
    verifyProcessing: 'Your payment was received. Your account is being set up.',
    verifyOpen: 'This payment has not been completed.',
    verifyExpired: 'This checkout session has expired. No payment was taken.',
    verifyEmailExists:
      'This email address already had an account, so no new account was made. Please contact support.',
    verifyNotFound: 'No payment was found for this session.',
    webhookNotConfigured: 'Payment webhooks are not configured on this server.',
    webhookBadSignature: 'The webhook signature could not be verified.',
  },
  /** Screen texts of the payment pages (spec 01 §2 Payment pages). */
  paymentPages: {
    successDocumentTitle: 'Payment Successful · STEM@Home',
    successTitle: 'Payment Successful',
    successText:
      'Thank you for your purchase. Please check your e-mail for your temporary password and school code.',
    /** An existing school's upgrade: no new account, so no temporary password (issue 26). */
    successTextUpgrade:
      'Thank you for your purchase. Your school is now on its new plan: keep signing in with the same e-mail, password and school code. A confirmation is on its way by e-mail.',
    successCountdown: (seconds: number) =>
      `Redirecting to your dashboard in ${seconds} second${seconds === 1 ? '' : 's'}...`,
    returnToDashboard: 'Return to Dashboard',
    cancelDocumentTitle: 'Payment Cancelled · STEM@Home',
    cancelTitle: 'Payment Cancelled',
    cancelText: 'Your payment was cancelled and no charges were made.',
    cancelHint: 'You can try again at any time, or contact support if you need help.',
    cancelCountdown: (seconds: number) =>
      `Redirecting to the home page in ${seconds} second${seconds === 1 ? '' : 's'}...`,
    returnToHome: 'Return to Home',
    subscriptionDocumentTitle: 'Subscription · STEM@Home',
    subscriptionTitle: 'Subscription',
    loading: 'Loading subscription...',
    currentPlan: 'Current plan',
    status: 'Status',
    statusLabel: (status: string) =>
      ({
        active: 'Active',
        trialing: 'Active',
        past_due: 'Payment overdue',
        unpaid: 'Ended (unpaid)',
        canceled: 'Ended',
        incomplete: 'Awaiting payment',
        incomplete_expired: 'Ended',
        paused: 'Paused',
        trial: 'Free trial',
        none: 'No plan',
      })[status] ?? status,
    price: 'Price',
    perMonth: 'per month',
    perYear: 'per year',
    renewsOn: (date: string) => `Renews on ${date}`,
    /** After a promotion code's free months (issue 26). */
    firstCharge: (amount: string, date: string) =>
      `Your free months end on ${date}: the first charge, ${amount}, is taken then.`,
    endsOn: (date: string) => `Your access continues until ${date}, then the subscription ends.`,
    manageInPortal: 'Manage in portal',
    cancelSubscription: 'Cancel Subscription',
    invoices: 'Invoices',
    noInvoices: 'No payments yet.',
    invoiceDate: 'Date',
    invoiceDescription: 'Description',
    invoiceAmount: 'Amount',
    invoiceStatus: 'Status',
    invoicePaid: 'Paid',
    invoiceFailed: 'Failed',
    choosePlan: 'Choose a plan',
    trialNote: (date: string) =>
      `Your free trial ends on ${date}. Choose a plan to keep your work and remove the limits.`,
    trialEnded: 'Your free trial has ended. Choose a plan to keep creating.',
    planEndedNote: 'Your plan has ended. Choose a plan to create new work again.',
    monthly: 'Monthly',
    annual: 'Annual',
    billingLabel: (plan: string) => `Billing period of the ${plan}`,
    was: (price: string) => `was ${price}`,
    perMonthAbout: (price: string) => `about ${price} per month`,
    promoLabel: 'Promo code',
    promoHint: 'EXAM2025: 2 months free on the monthly Personal plan',
    buy: (plan: string) => `Choose ${plan}`,
    comingSoon: 'Coming Soon!',
    comingSoonNote: 'The Classroom plan will be available for teachers soon.',
    notOnSale: PUBLIC_MESSAGES.landing.pricing.notOnSale,
    notOnSaleNote: 'Plans are not on sale yet. Please check back later.',
    introductory: (date: string) => `Introductory prices until ${date}`,
    noPermission: "Only the person who manages this school's payments can change the plan.",
    cancelDocumentTitlePage: 'Cancel Subscription · STEM@Home',
    cancelQuestion: 'Are you sure you want to cancel your subscription?',
    cancelAccess: 'Your access will continue until the end of your current billing period.',
    cancelAccessUntil: (date: string) => `Your current billing period ends on ${date}.`,
    confirmCancel: 'Yes, Cancel Subscription',
    keepSubscription: 'No, Keep Subscription',
    cancelling: 'Cancelling...',
    backToSubscription: 'Back to Subscription',
  },
  dates: PUBLIC_MESSAGES.dates,
  dashboard: {
    noRecentSubmissions: 'No recent submissions',
    unknownStudent: 'Unknown Student',
    unknownClass: 'Unknown Class',
    unknownTeacher: 'Unknown Teacher',
    notAssigned: 'Not assigned',
    scorePending: 'Pending',
    notMarked: 'Not marked',
  },
  owner: {
    statsFailed: 'Failed to load statistics.',
    /** Spec 02 §8 Owner. */
    loadSchoolsFailed: 'Failed to load schools',
    logoUploadFailed: 'Failed to upload logo. Please try again.',
    deactivateFailed: 'Failed to deactivate school',
    deleteFailed: 'Failed to delete school',
    addFailed: 'Failed to add school',
    updateFailed: 'Failed to update school',
    deleteHasUsers: 'Cannot delete a school with associated users. Please deactivate it instead.',
    /** Under the default teacher's one-time sign-in (no password change exists once signed in). */
    defaultTeacherNote: 'Give these to the school: the password is not shown again.',
    adminFailed: (message: string) => `School created but failed to create admin: ${message}`,
    schoolAdminTeacherFailed: (message: string) =>
      `School and admin created but failed to create teacher: ${message}`,
    teacherFailed: (message: string) => `School created but failed to create teacher: ${message}`,
    unknownError: 'Unknown error',
    deleted: 'School deleted successfully',
    updated: 'School updated successfully',
    deactivated: 'School deactivated successfully',
    createdClassroom: 'School, admin account, and default teacher account created successfully',
    createdPersonal: 'School and teacher account created successfully',
    created: 'School created successfully',
    /** Spec 02 §5 school form. */
    nameRequired: 'School name is required',
    codeLength: 'School code must be exactly 16 characters',
    adminEmailRequired: 'Admin email is required for Classroom Success Plan',
    invalidEmail: 'Please enter a valid email address',
    adminPasswordShort: 'Admin password must be at least 8 characters',
    teacherNameRequired: 'Teacher name is required for Personal Learning Plan',
    teacherEmailRequired: 'Teacher email is required for Personal Learning Plan',
    teacherPasswordShort: 'Teacher password must be at least 8 characters',
    logoType: 'Logo must be a JPEG or PNG file',
    /** Spec 02 §2 School Management. */
    noSchools: 'No schools have been added yet...',
    noMatches: 'No schools match your search criteria. Try a different search term.',
    loadingSchools: 'Loading schools...',
    /** Spec 02 §2 User Management: "Page X of Y (N users)", one user said so. */
    usersPage: (page: number, pages: number, users: number) =>
      `Page ${page} of ${pages} (${users} ${users === 1 ? 'user' : 'users'})`,
    deleteWarning: 'This action cannot be undone.',
    /** The add form's code box and welcome note (issue 26). */
    codeDescription: '16 letters and digits: a new code is made for you, or type your own',
    newCode: 'Make a new code',
    welcomeNoteAdmin:
      'The admin is e-mailed a welcome with where to sign in and a link to choose their own password; no password is sent.',
    welcomeNoteTeacher:
      'The teacher is e-mailed a welcome with where to sign in and a link to choose their own password; no password is sent.',
    /** Server texts (ours: the spec shows only that a 400 mentions users). */
    serverHasUsers: (count: number) =>
      `This school still has ${count} ${count === 1 ? 'user' : 'users'}; a school with users cannot be deleted. Deactivate it instead.`,
    serverDeleteActive: 'Only an inactive school can be deleted. Deactivate it first.',
    serverCodeTaken: 'A school with this code already exists.',
    serverCodeChange: 'The school code cannot be changed.',
    serverSchoolNotFound: 'School not found.',
    serverEmailTaken: 'This email address is already in use. Please use a different email.',
    serverUploadMissing: 'The uploaded logo could not be found. Please upload it again.',
    serverWrongSchoolType: (schoolType: string) =>
      `This school is a ${schoolType === 'personal' ? 'Personal Learning Plan' : 'Classroom Success Plan'} school.`,
    serverAdminOnlyClassroom: 'Only a Classroom Success Plan school has an admin account.',
    serverTeacherExists: 'This school already has its teacher account.',
    /** Spec 02 §2 User Management. */
    noUsers: 'No users found',
    noStats: 'No statistics available',
    loadUsersFailed: 'Failed to load users',
    loadStatsFailed: 'Failed to load user statistics',
    unknownSchool: 'Unknown School',
    userNotFound: 'User not found.',
  },
  routing: {
    unexpected: 'Unexpected Application Error!',
  },
  /** Screen texts of the sign-in pages (spec 01 §2 Login page); spec wording where the spec gives it. */
  loginPage: LOGIN_MESSAGES.loginPage,
  /** The one-time School Code box on the login page (spec 01 §2). */
  generatedSchoolCode: LOGIN_MESSAGES.generatedSchoolCode,
  landing: PUBLIC_MESSAGES.landing,
  trialModal: PUBLIC_MESSAGES.trialModal,
  emailModal: PUBLIC_MESSAGES.emailModal,
  magicLinkPage: {
    documentTitle: 'Signing in · STEM@Home',
    verifyingTitle: 'Verifying Magic Link',
    verifyingText: 'Please wait while we authenticate you...',
    successTitle: 'Success!',
    successText: 'You have been authenticated. Redirecting to your dashboard...',
    errorTitle: 'Authentication Failed',
    backToLogin: 'Back to Login',
  },
  resetPasswordPage: {
    documentTitle: 'Reset password · STEM@Home',
    heading: 'Set a new password',
    subtitle: 'Choose a new password of at least 8 characters.',
    newPasswordLabel: 'New Password',
    confirmPasswordLabel: 'Confirm Password',
    submit: 'Reset Password',
    backToLogin: 'Back to login',
    countdown: (seconds: number) =>
      `Redirecting to login in ${seconds} second${seconds === 1 ? '' : 's'}...`,
  },
  registerPage: {
    documentTitle: 'Create account · STEM@Home',
    heading: 'Create your account',
    subtitle: 'Join your school on STEM@Home.',
    fullNameLabel: 'Full Name',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    confirmPasswordLabel: 'Confirm Password',
    schoolCodeLabel: 'School Code',
    schoolCodeHint: 'The 16-character code your school or teacher gave you.',
    schoolCodeBox: (from: number, to: number) => `School code, characters ${from} to ${to}`,
    checkingCode: 'Checking school code...',
    schoolName: (name: string) => `School: ${name}`,
    licenceLabel: 'I accept the Privacy Policy and End User Licence Agreement',
    readDocuments: 'Read the',
    privacyPolicy: 'Privacy Policy',
    eula: 'End User Licence Agreement',
    opensInNewTab: '(opens in a new tab)',
    submit: 'Create Account',
    haveAccount: 'Already have an account?',
    logIn: 'Log in',
    lastUpdated: (date: string) => `Last updated: ${date}`,
    scrollToContinue: 'Please scroll down and read the document to continue.',
    stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
    next: 'Next',
    accept: 'Accept',
    decline: 'Decline',
    close: 'Close',
  },
  /**
   * Server texts of text extraction (the spec's own upload texts are in `upload`). `tooLarge` reads
   * exactly as `upload.tooLarge` at the 10 MB limit.
   */
  extraction: {
    tooLarge: (maxMb: number) => `This file is too large. Please upload a file under ${maxMb} MB.`,
    tooManyPixels: (maxMegapixels: number) =>
      `The image is too large. Please upload an image of at most ${maxMegapixels} megapixels.`,
    tooManyPages: (maxPages: number) =>
      `The document has too many pages. Please upload at most ${maxPages} pages.`,
    unreadable: 'The file could not be read. It may be damaged; please upload it again.',
    emptyFile: 'The file is empty. Please upload an image or PDF of the work.',
    /** A page over its drawing budget (time, operations or memory): a hostile or freak PDF. */
    tooComplex:
      'This file is too complex to read: a page takes too long to draw. Please upload a photo or a simple scan of the page instead.',
    /** Every file reader is busy and the waiting line is full. */
    busy: 'Too many files are being read right now. Please try again in a minute.',
  },
  /**
   * Answer groups on the marking screen (issue 27): similar answers to one question in groups,
   * largest first, marked a group at once; the teacher splits, moves and merges.
   */
  answerGroups: {
    // Server refusals.
    groupNotFound: 'This group is no longer there. Please reload the groups.',
    answerNotInGroups: 'This answer is not in any group of this question (it has no mark yet).',
    notInThisGroup: 'Choose answers of this group.',
    leaveOne: 'Leave at least one answer in the group.',
    nothingToSplit:
      'Every answer in this group is the same text: choose the answers to take out instead.',
    alreadyAlone: 'This answer is already in a group of its own.',
    sameGroup: 'Choose another group.',
    // The screen.
    viewLabel: 'View',
    oneAtATime: 'One at a time',
    groupsView: 'Answer groups',
    loading: 'Grouping the answers...',
    loadFailed: 'Could not load the answer groups. Please try again.',
    none: 'No answer has a mark yet: groups appear once answers are marked.',
    summary: (groups: number, answers: number) =>
      `${groups} ${groups === 1 ? 'group' : 'groups'} of ${answers} marked ${answers === 1 ? 'answer' : 'answers'}`,
    groupTitle: (n: number) => `Group ${n}`,
    size: (n: number) => (n === 1 ? '1 answer' : `${n} answers`),
    exactCopies: 'All the same text',
    texts: (n: number) => `${n} different texts`,
    suggested: (score: number, marks: number) => `Suggested ${score}/${marks}`,
    reviewedOf: (reviewed: number, size: number) => `${reviewed} of ${size} reviewed`,
    markedAs: (score: number, marks: number) => `Marked ${score}/${marks}`,
    edited: 'Edited',
    representative: 'Typical answer',
    showAnswers: (n: number) => (n === 1 ? 'Show its answer' : `Show its ${n} answers`),
    hideAnswers: 'Hide answers',
    answerMark: (score: number, marks: number) => `${score}/${marks}`,
    answerReviewed: 'Reviewed',
    markLabel: (marks: number) => `Mark for the group (0-${marks})`,
    markGroup: 'Mark group',
    acceptSuggested: (score: number, marks: number) => `Accept ${score}/${marks}`,
    /** The accept button's name: its visible text first (WCAG 2.5.3, label in name). */
    acceptLabel: (score: number, marks: number, size: number) =>
      `Accept ${score}/${marks} for all ${size} answers`,
    groupMarked: (score: number, marks: number, marked: number, changed: number) =>
      `${marked} ${marked === 1 ? 'answer' : 'answers'} marked ${score}/${marks} (${changed} changed)`,
    markFailed: 'Could not mark the group. Please try again.',
    split: 'Split into exact matches',
    splitChosen: (n: number) => `Take ${n} out into a new group`,
    choose: (label: string) => `Choose ${label}`,
    moveLabel: (label: string) => `Move ${label}`,
    moveTo: 'Move to',
    moveOut: 'A group of its own',
    moveToGroup: (n: number, size: number) => `Group ${n} (${size})`,
    mergeLabel: 'Merge another group into this one',
    mergeWith: 'Merge with',
    merge: 'Merge',
    reset: "Back to the marker's groups",
    resetDone: "The marker's groups are back.",
    editDone: 'Groups updated.',
    editFailed: 'Could not change the groups. Please try again.',
    keysHint: 'J/K move · A accept · 0-9, Enter mark group · E show answers · S split · ? keys',
    keysTitle: 'Keyboard shortcuts: answer groups',
    keys: [
      { keys: ['J', '↓'], join: 'or', what: 'Next group' },
      { keys: ['K', '↑'], join: 'or', what: 'Previous group' },
      { keys: ['A'], join: 'or', what: "Accept the group's suggested mark" },
      { keys: ['0-9', 'Enter'], join: 'then', what: 'Type a mark and give it to the whole group' },
      { keys: ['Esc'], join: 'or', what: 'Clear a typed mark' },
      { keys: ['E'], join: 'or', what: "Show or hide the group's answers" },
      { keys: ['S'], join: 'or', what: 'Split the group into exact matches' },
      { keys: ['?'], join: 'or', what: 'Show these keys' },
    ] as readonly { keys: readonly string[]; join: 'or' | 'then'; what: string }[],
  },
  server: {
    validation: 'The request is not valid.',
    /** After "<field>: ": NUL, another control character or half of a surrogate pair. */
    unstorableCharacter: 'contains a character that cannot be stored',
    /** Database refusals of a well-formed request (issue 16): 4xx, never a 500. */
    valueOutOfRange: 'A number in the request is too large or too small.',
    valueTooLong: 'A value in the request is too long.',
    valueInvalid: 'A value in the request is not valid.',
    referenceGone:
      'Something this request refers to no longer exists. Please reload and try again.',
    alreadyExists: 'This already exists.',
    clashed: 'This request clashed with another one. Please try again.',
    unauthenticated: 'Authentication required. Please log in.',
    tokenExpired: 'Your session has expired. Please log in again.',
    /** An access token of a session that was signed out, reset or revoked. */
    sessionEnded: 'Your session has ended. Please log in again.',
    refreshInvalid: 'Your session is no longer valid. Please log in again.',
    magicLinkRequested: 'If an account exists for this email, a magic link has been sent.',
    resetRequested:
      'If an account exists for this email, password reset instructions have been sent.',
    passwordUpdated: 'Your password has been successfully reset.',
    accountInactive: 'This account is not active. Please contact your school.',
    /** school-details for the platform owner, who belongs to no school. */
    noSchool: 'This account does not belong to a school.',
  },
} as const;
