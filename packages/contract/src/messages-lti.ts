/**
 * The texts of the LTI 1.3 tool (issue 29): the launch pages a Canvas, Moodle, Schoology or
 * Blackboard course opens, the owner's platform registrations, and the teacher's LMS actions.
 * MESSAGES (./messages) includes them as `lti`.
 */
export const LTI_MESSAGES = {
  // The launch's refusals (HTML pages the LMS shows, and JSON for the web app).
  pageTitle: 'STEM@Home: LMS launch',
  refusedTitle: 'This launch could not be accepted',
  unknownPlatform:
    'This LMS is not registered with STEM@Home. Ask the platform owner to register its issuer and client id.',
  missingLoginParam: (name: string) => `The LMS's login request has no ${name}.`,
  badTargetLink: 'The LMS asked to open an address that is not part of this tool.',
  stateInvalid:
    'This launch has expired or was already used. Open the assignment again from your course.',
  otherBrowser:
    'This launch was started in another browser or tab that is gone. Open the assignment again from your course.',
  tokenMissing: "The LMS's launch has no id_token.",
  lmsRefused: (said: string) =>
    said === '' ? 'The LMS refused the launch.' : `The LMS refused the launch: ${said}`,
  tokenInvalid: (reason: string) => `The LMS's launch token was refused: ${reason}.`,
  reasons: {
    signature: 'its signature does not match the LMS’s keys',
    expired: 'it has expired',
    audience: 'it was not issued to this tool',
    issuer: 'it was not issued by this LMS',
    azp: 'its authorized party is not this tool',
    nonce: 'it was already used or does not belong to this launch',
    malformed: 'it is not a valid token',
    keys: 'the LMS’s keys could not be fetched',
  },
  unknownDeployment: (id: string) =>
    `The deployment "${id}" is not registered for this LMS. Ask the platform owner to add it.`,
  badVersion: 'The launch is not LTI 1.3.0.',
  badMessageType: (type: string) => `The launch's message type "${type}" is not supported.`,
  claimMissing: (claim: string) => `The launch token has no ${claim} claim.`,
  noEmail:
    'Your LMS did not share your e-mail address, so no STEM@Home account can be made for you. Ask your LMS admin to share names and e-mail addresses with this tool.',
  otherSchool:
    'Your e-mail address belongs to an account of another school on STEM@Home, so this course cannot sign you in.',
  instructorWithoutAccount:
    'Your LMS says you teach this course, but you have no teacher account at this school on STEM@Home. Ask your school’s admin to invite you (or promote your account), then open the course again.',
  deepLinkTeachersOnly: 'Only a teacher can choose what this assignment opens.',
  handoffInvalid: 'This launch link has expired or was already used. Open the course again.',
  signedIn: 'Signed in from your course',
  launchingTitle: 'Opening STEM@Home...',
  launchingText: 'Please wait while we sign you in from your course.',

  // A launch inside the LMS's frame (Platform Storage, or a new tab when the frame cannot keep it).
  storageChecking: 'Checking this launch with your course...',
  loginContinue: 'Continue',
  newTabTitle: 'Continue in a new tab',
  newTabText:
    'Your browser keeps STEM@Home from remembering you inside the course page. Open it in a new tab to continue: you will be signed in there.',
  newTabButton: 'Open in a new tab',
  newTabOpened: 'STEM@Home opened in a new tab. You can carry on there.',
  relaunchInvalid:
    'This button has expired or was already used. Open the assignment again from your course.',

  // Deep linking (the teacher's picker).
  deepLinkTitle: 'Choose what this assignment opens',
  deepLinkHelp: (platform: string) =>
    `Pick a question or a test of one of your classes. ${platform} gets a link to it and a gradebook column for its marks (for a test, each student's total out of the test's marks).`,
  deepLinkLinkedClass: (name: string) => `This course is linked to your class ${name}.`,
  deepLinkClass: 'Class',
  deepLinkQuestion: 'Question',
  deepLinkKind: 'The assignment opens',
  deepLinkKindQuestion: 'A question',
  deepLinkKindTest: 'A test',
  deepLinkTest: 'Test',
  deepLinkTestOption: (title: string, questions: number, marks: number) =>
    `${title} (${questions} ${questions === 1 ? 'question' : 'questions'}, ${marks} marks)`,
  deepLinkQuestionOrTest: 'Choose one question or one test.',
  testNotInClass: 'That test is not one of this class’s tests.',
  deepLinkSubmit: 'Add to the course',
  deepLinkNoQuestions: 'This class has no questions yet. Add a question to it first.',
  deepLinkNoClasses: 'You have no classes yet. Create a class and add a question to it first.',
  deepLinkExpired: 'This choice has expired. Open the assignment settings in your course again.',
  deepLinkNotYours: 'Choose one of your own classes and one of its questions.',
  deepLinkContextTaken: (name: string) =>
    `This course is already linked to the class ${name}: choose a question of that class.`,
  deepLinkSending: 'Returning to your course...',

  // The teacher's LMS section of a class.
  classTitle: 'LMS (LTI 1.3)',
  classNone:
    'This class is not linked to an LMS course. Add a STEM@Home assignment in your course (Canvas, Moodle, Schoology, Blackboard) to link it.',
  classCourse: (title: string, platform: string) => `Course "${title}" on ${platform}`,
  importRoster: 'Bring the roster from the LMS',
  rosterNoService:
    'The LMS did not offer its class list (Names and Role Provisioning) to this tool.',
  rosterImported: (created: number, placed: number, skipped: number) =>
    `${created} new ${created === 1 ? 'student' : 'students'}, ${placed} placed in the class, ${skipped} skipped.`,
  rosterNoEmail: 'The LMS shares no e-mail address for this person.',
  rosterNotStudent: 'Not a learner in the course.',
  sendMarks: 'Send marks to the LMS',
  marksSent: (sent: number, failed: number) =>
    `${sent} ${sent === 1 ? 'mark' : 'marks'} sent${failed ? `, ${failed} failed` : ''}.`,
  noLineItem:
    'This question has no gradebook column in the LMS yet: add it to the course as an assignment first.',
  noScoreService: 'The LMS did not allow this tool to send scores.',
  serviceFailed: (status: string) => `The LMS refused the request (${status}).`,
  serviceUnreachable: 'The LMS could not be reached. Please try again.',
  outcomeSent: 'Sent',
  outcomeFailed: 'Failed',
  outcomeNotLinked: 'Not known to the LMS',
  lastSent: 'Last sent',
  columnStudent: 'Student',
  columnMark: 'Mark',
  classNotFound: 'The class was not found.',
  questionNotInClass: 'This question is not in the class.',

  // LTI Dynamic Registration: the pages the registration link opens inside the LMS.
  registration: {
    title: 'Register STEM@Home with your LMS',
    text: (school: string, lms: string) =>
      `This registers STEM@Home as an LTI 1.3 tool of the LMS at ${lms}, for ${school}. The registration link works once.`,
    submit: 'Register',
    doneTitle: 'STEM@Home is registered',
    done: (name: string, school: string) =>
      `${name} is registered with STEM@Home for ${school}. You can close this window.`,
    noDeployment:
      'The LMS gave no deployment id. Once the tool is deployed, give its deployment id to the STEM@Home platform owner: launches work after that.',
    close: 'Close',
    refusedTitle: 'This registration could not be completed',
    linkInvalid:
      'This registration link has expired, was already used or was withdrawn. Ask the STEM@Home platform owner for a new one.',
    configMissing:
      'The LMS did not say where its OpenID configuration is (openid_configuration). Start the registration from the LMS.',
    configUrlInvalid: "The LMS's OpenID configuration address is not a valid https:// address.",
    configUnreachable: (detail: string) =>
      `The LMS's OpenID configuration could not be read (${detail}).`,
    configInvalid: (what: string) => `The LMS's OpenID configuration cannot be used: ${what}.`,
    /** Why an address the LMS gave did not answer usably. */
    fetchProblems: {
      timeout: 'no answer within 10 seconds',
      unreachable: 'no answer',
      redirected: 'it redirects elsewhere, which is not followed',
      tooLarge: 'its reply is too large',
      status: (status: number) => `HTTP ${status}`,
      notJson: 'its reply is not JSON',
    },
    /** What is wrong with an LMS's OpenID configuration. */
    configProblems: {
      field: (name: string) => `${name} is missing or not of the expected type`,
      issuer: 'its issuer is not an https:// address without a query or fragment',
      endpoint: (name: string) => `its ${name} is not an https:// address`,
      authMethod: 'its token endpoint does not accept private_key_jwt',
      signing: 'it does not sign its tokens with RS256',
    },
    issuerMismatch: (issuer: string, origin: string) =>
      `The LMS's OpenID configuration names the issuer ${issuer}, which is not at ${origin}, where the configuration was read.`,
    refused: (status: string, said: string) =>
      said
        ? `The LMS refused the registration (${status}): ${said}`
        : `The LMS refused the registration (${status}).`,
    unreachable: (detail: string) =>
      `The LMS could not be reached to register (${detail}). Please try again.`,
    replyInvalid: "The LMS's reply to the registration has no client id.",
    taken: 'This LMS has already registered STEM@Home under the same client id.',
    // What the LMS shows of the tool.
    toolName: 'STEM@Home',
    toolDescription: "Marks students' handwritten and typed answers against the teacher's rubric.",
    deepLinkLabel: 'STEM@Home question',
  },

  // The owner's registrations.
  platforms: {
    title: 'LMS platforms (LTI 1.3)',
    help: 'Register each Canvas, Moodle, Schoology or Blackboard installation that launches STEM@Home. Give the LMS the tool settings below.',
    toolSettings: 'Tool settings for the LMS',
    registered: 'Registered platforms',
    loginUrl: 'OpenID Connect login initiation URL',
    launchUrl: 'Target link / redirect URI',
    jwksUrl: 'Public key set (JWKS) URL',
    deepLinkUrl: 'Deep linking URL',
    name: 'Name',
    school: 'School',
    issuer: 'Issuer',
    clientId: 'Client id',
    authLoginUrl: 'Authentication request URL',
    accessTokenUrl: 'Access token URL',
    keySetUrl: 'Key set (JWKS) URL',
    deploymentIds: 'Deployment ids (one a line)',
    add: 'Register platform',
    actions: 'Actions',
    remove: (name: string) => `Remove ${name}`,
    removeConfirm: (name: string) =>
      `Remove ${name}? Its launches stop working; accounts and marks stay.`,
    empty: 'No platforms registered yet.',
    added: (name: string) => `${name} registered.`,
    removed: (name: string) => `${name} removed.`,
    taken: 'A platform with this issuer and client id is already registered.',
    notFound: 'The platform was not found.',
    schoolNotFound: 'The school was not found.',
    urlInvalid: 'Enter an https:// address.',
    deploymentsMissing: 'Enter at least one deployment id.',
    loadFailed: 'The platforms could not be loaded. Please try again.',
    frameOrigins: 'Other addresses of the LMS that open the tool in a frame (one a line)',
    frameOriginsHelp:
      'The issuer and authentication request addresses may always show launches in a frame. Add the LMS’s own address when it is another one, e.g. https://yourschool.instructure.com for Canvas.',
    frameOriginInvalid: 'Enter an address like https://lms.example.org (no path).',
    framedBy: 'May show launches in a frame',
    edit: (name: string) => `Edit ${name}`,
    save: 'Save',
    cancel: 'Cancel',
    updated: (name: string) => `${name} updated.`,
    needsDeployment: 'No deployment id yet',
    byLms: 'Registered by the LMS',
    // Registration links (LTI Dynamic Registration).
    linksTitle: 'Let an LMS register itself',
    linksHelp:
      'Make a registration link for one school and give it to the LMS admin, who pastes it into the LMS (Canvas: Developer Keys, LTI Registration; Moodle: Manage tools, Tool URL). The LMS then registers itself here. A link works once, within 1 hour.',
    linkName: 'Name of the LMS',
    makeLink: 'Make a registration link',
    linkMade: 'Registration link made. Copy it now: it is shown only this once.',
    linkUrl: 'Registration link (shown once)',
    copy: 'Copy link',
    copied: 'Copied',
    links: 'Registration links',
    linksEmpty: 'No registration links yet.',
    linkWaiting: (until: string) => `Waiting, until ${until}`,
    linkUsed: (platform: string) => `Used: ${platform} registered`,
    linkExpired: 'Expired',
    linkStatus: 'Status',
    revokeLink: (name: string) => `Withdraw the link for ${name}`,
    linkRevoked: 'Registration link withdrawn.',
    linkNotFound: 'The registration link was not found.',
  },
} as const;
