/**
 * STEM@Home as an LTI 1.3 tool (issue 29): the platform owner registers each LMS (Canvas, Moodle,
 * Schoology, Blackboard) for one school; the LMS signs people in through OIDC login initiation and a
 * signed launch, a teacher deep links a question or a test into the course (with a gradebook column), brings
 * the course's roster (Names and Role Provisioning Services) and sends marks back (Assignment and
 * Grade Services).
 */
import { z } from 'zod';
import { ZSessionResponse } from './auth';
import { LTI_MESSAGES } from './messages-lti';

const P = LTI_MESSAGES.platforms;

export const LTI_PATHS = {
  /** The tool's public key set (the LMS checks the tool's signed messages with it). */
  jwks: '/lti/jwks',
  /** OIDC third-party login initiation (GET or POST from the LMS). */
  login: '/lti/login',
  /** The launch (redirect URI): the LMS posts the id_token here. */
  launch: '/lti/launch',
  /** The web app's launch page trades its single-use code for a session here. */
  handoff: '/lti/handoff',
  /** A teacher's deep linking choice. */
  deepLink: '/lti/deep-links/:launchId',
  /** The page that posts the signed deep linking response back to the LMS. */
  deepLinkReturn: '/lti/deep-links/:launchId/return',
  /** The teacher's LMS section of a class: linked courses, gradebook columns, outcomes. */
  classLinks: '/lti/classes/:classId',
  /** Names and Role Provisioning Services: the course's learners into the class. */
  classRoster: '/lti/classes/:classId/roster',
  /** Assignment and Grade Services: a question's marks to its gradebook column. */
  classScores: '/lti/classes/:classId/questions/:questionId/scores',
  /** Assignment and Grade Services: a test's totals to its gradebook column. */
  classTestScores: '/lti/classes/:classId/tests/:testId/scores',
  /** The owner's registrations. */
  platforms: '/owner/lti/platforms',
  platform: '/owner/lti/platforms/:id',
  /**
   * A launch the LMS's frame could not tie to the browser continues in a new tab: the page's button
   * posts its single-use code here, which starts the login again at the top level.
   */
  relaunch: '/lti/relaunch',
  /** LTI Dynamic Registration: the page an LMS admin's registration link opens (GET) and submits. */
  register: '/lti/register',
  /** The owner's single-use registration links. */
  registrationLinks: '/owner/lti/registration-links',
  registrationLink: '/owner/lti/registration-links/:id',
} as const;

/** The web app's pages the launch and the deep linking open. */
export const LTI_LAUNCH_PAGE = '/lti/launch';
export const LTI_DEEP_LINK_PAGE = '/lti/deep-link';

const ZUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, P.urlInvalid);

/**
 * An address that may frame the tool (an LMS's own pages, when they are on another host than its
 * issuer and authentication endpoint): scheme, host and port only.
 */
export const ZFrameOrigin = z
  .string()
  .trim()
  .max(300)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v.replace(/\/$/, '')
      );
    } catch {
      return false;
    }
  }, P.frameOriginInvalid)
  .transform((v) => new URL(v).origin);

const ZDeploymentIds = z
  .array(z.string().trim().min(1).max(255))
  .min(1, { message: P.deploymentsMissing })
  .max(50);
const ZFrameOrigins = z.array(ZFrameOrigin).max(20);

export const ZCreateLtiPlatformRequest = z.object({
  name: z.string().trim().min(1).max(120),
  schoolId: z.uuid({ message: 'must be a UUID' }),
  issuer: ZUrl,
  clientId: z.string().trim().min(1).max(255),
  authLoginUrl: ZUrl,
  accessTokenUrl: ZUrl,
  jwksUrl: ZUrl,
  deploymentIds: ZDeploymentIds,
  frameOrigins: ZFrameOrigins.optional(),
});
export type TCreateLtiPlatformRequest = z.input<typeof ZCreateLtiPlatformRequest>;

/** What the owner may change of a registration: its deployments and the extra frame origins. */
export const ZUpdateLtiPlatformRequest = z.object({
  deploymentIds: ZDeploymentIds,
  frameOrigins: ZFrameOrigins,
});
export type TUpdateLtiPlatformRequest = z.input<typeof ZUpdateLtiPlatformRequest>;

export const ZLtiPlatform = z.object({
  id: z.string(),
  name: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  authLoginUrl: z.string(),
  accessTokenUrl: z.string(),
  jwksUrl: z.string(),
  deploymentIds: z.array(z.string()),
  /** The owner's extra origins allowed to frame the tool's launch pages. */
  frameOrigins: z.array(z.string()),
  /** Every origin that may frame this platform's launch pages (issuer, auth endpoint, extras). */
  framedBy: z.array(z.string()),
  /** Registered by the LMS itself (LTI Dynamic Registration) rather than typed in by the owner. */
  registeredByLms: z.boolean(),
  createdAt: z.string(),
});
export type TLtiPlatform = z.infer<typeof ZLtiPlatform>;

/** What the owner gives each LMS: the tool's addresses. */
export const ZLtiToolSettings = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  deepLinkUrl: z.string(),
  jwksUrl: z.string(),
});
export type TLtiToolSettings = z.infer<typeof ZLtiToolSettings>;

export const ZLtiPlatformsResponse = z.object({
  success: z.literal(true),
  tool: ZLtiToolSettings,
  platforms: z.array(ZLtiPlatform),
});
export type TLtiPlatformsResponse = z.infer<typeof ZLtiPlatformsResponse>;

export const ZLtiPlatformResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  platform: ZLtiPlatform,
});
export type TLtiPlatformResponse = z.infer<typeof ZLtiPlatformResponse>;

/** The login initiation's parameters (query on GET, form on POST). */
export const ZLtiLoginParams = z.object({
  iss: z.string().max(2000).optional(),
  login_hint: z.string().max(2000).optional(),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(255).optional(),
  lti_deployment_id: z.string().max(255).optional(),
  /** LTI Platform Storage: the frame to ask to keep the state (`_parent`, or a frame's name). */
  lti_storage_target: z.string().max(200).optional(),
});
export type TLtiLoginParams = z.infer<typeof ZLtiLoginParams>;

export const ZLtiLaunchForm = z.object({
  id_token: z.string().max(20_000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  /** Accepted as LMSs send it; the login's own lti_storage_target is the one that counts. */
  lti_storage_target: z.string().max(200).optional(),
});

/** The new-tab button's form: the launch's single-use relaunch code. */
export const ZLtiRelaunchForm = z.object({ code: z.string().min(1).max(200) });

export const ZLtiHandoffRequest = z.object({ code: z.string().min(1).max(200) });

/** Where the web app goes after a launch. */
export const ZLtiDestination = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('question'), classId: z.string(), questionId: z.string() }),
  /** A student's launch of a test link: the test's questions to answer. */
  z.object({ kind: z.literal('test'), classId: z.string(), testId: z.string() }),
  /** A teacher's launch: the class (with `testId`, the test's results opened). */
  z.object({ kind: z.literal('class'), classId: z.string(), testId: z.string().optional() }),
  z.object({ kind: z.literal('deepLink'), launchId: z.string() }),
  z.object({ kind: z.literal('home') }),
]);
export type TLtiDestination = z.infer<typeof ZLtiDestination>;

export const ZLtiHandoffResponse = z.object({
  success: z.literal(true),
  session: ZSessionResponse,
  destination: ZLtiDestination,
});
export type TLtiHandoffResponse = z.infer<typeof ZLtiHandoffResponse>;

export const ZLtiLaunchIdParam = z.object({ launchId: z.uuid({ message: 'must be a UUID' }) });

export const ZLtiDeepLinkOptions = z.object({
  success: z.literal(true),
  platformName: z.string(),
  courseTitle: z.string(),
  /** The class the course is already linked to: only its questions may be chosen. */
  linkedClassId: z.string().nullable(),
  classes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      questions: z.array(z.object({ id: z.string(), question: z.string(), marks: z.number() })),
      /** The class's tests (a test becomes one gradebook column worth its total marks). */
      tests: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          questionCount: z.number(),
          marks: z.number(),
        }),
      ),
    }),
  ),
});
export type TLtiDeepLinkOptions = z.infer<typeof ZLtiDeepLinkOptions>;

/** A question of the class, or one of its tests: exactly one. */
export const ZLtiDeepLinkRequest = z
  .object({
    classId: z.uuid({ message: 'must be a UUID' }),
    questionId: z.uuid({ message: 'must be a UUID' }).optional(),
    testId: z.uuid({ message: 'must be a UUID' }).optional(),
  })
  .refine((body) => (body.questionId === undefined) !== (body.testId === undefined), {
    message: LTI_MESSAGES.deepLinkQuestionOrTest,
    path: ['questionId'],
  });
export type TLtiDeepLinkRequest = z.infer<typeof ZLtiDeepLinkRequest>;

export const ZLtiDeepLinkResponse = z.object({
  success: z.literal(true),
  /** Open this address: a page that posts the signed response to the LMS. */
  returnPage: z.string(),
});
export type TLtiDeepLinkResponse = z.infer<typeof ZLtiDeepLinkResponse>;

export const ZLtiTicketQuery = z.object({ ticket: z.string().min(1).max(200) });

export const ZLtiClassParam = z.object({ classId: z.uuid({ message: 'must be a UUID' }) });
export const ZLtiClassQuestionParams = z.object({
  classId: z.uuid({ message: 'must be a UUID' }),
  questionId: z.uuid({ message: 'must be a UUID' }),
});
export const ZLtiClassTestParams = z.object({
  classId: z.uuid({ message: 'must be a UUID' }),
  testId: z.uuid({ message: 'must be a UUID' }),
});

export const ZLtiScoreOutcome = z.object({
  studentId: z.string(),
  studentName: z.string(),
  status: z.enum(['sent', 'failed', 'notLinked']),
  scoreGiven: z.number().nullable(),
  scoreMaximum: z.number().nullable(),
  detail: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type TLtiScoreOutcome = z.infer<typeof ZLtiScoreOutcome>;

export const ZLtiClassLinksResponse = z.object({
  success: z.literal(true),
  courses: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      platformName: z.string(),
      hasRosterService: z.boolean(),
      lineItems: z.array(
        z.object({
          id: z.string(),
          /** The column's question, or (testId) its test: exactly one. */
          questionId: z.string().nullable(),
          testId: z.string().nullable(),
          /** The question's text, or the test's title. */
          question: z.string(),
          outcomes: z.array(ZLtiScoreOutcome),
        }),
      ),
    }),
  ),
});
export type TLtiClassLinksResponse = z.infer<typeof ZLtiClassLinksResponse>;

export const ZLtiRosterResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.number(),
  existing: z.number(),
  placed: z.number(),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type TLtiRosterResponse = z.infer<typeof ZLtiRosterResponse>;

export const ZLtiScoresResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  sent: z.number(),
  failed: z.number(),
  outcomes: z.array(ZLtiScoreOutcome),
});
export type TLtiScoresResponse = z.infer<typeof ZLtiScoresResponse>;

// LTI Dynamic Registration (1EdTech LTI Dynamic Registration 1.0)

/** The owner's new registration link: for one school, under a name the platform will carry. */
export const ZCreateLtiRegistrationLinkRequest = z.object({
  name: z.string().trim().min(1).max(120),
  schoolId: z.uuid({ message: 'must be a UUID' }),
});
export type TCreateLtiRegistrationLinkRequest = z.infer<typeof ZCreateLtiRegistrationLinkRequest>;

export const ZLtiRegistrationLink = z.object({
  id: z.string(),
  name: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  status: z.enum(['waiting', 'used', 'expired']),
  /** The platform the LMS registered with it, once used. */
  platformName: z.string().nullable(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TLtiRegistrationLink = z.infer<typeof ZLtiRegistrationLink>;

export const ZLtiRegistrationLinksResponse = z.object({
  success: z.literal(true),
  links: z.array(ZLtiRegistrationLink),
});
export type TLtiRegistrationLinksResponse = z.infer<typeof ZLtiRegistrationLinksResponse>;

/** A new link: its address is shown this once and never stored (only its hash is). */
export const ZLtiRegistrationLinkCreated = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string(),
  link: ZLtiRegistrationLink,
});
export type TLtiRegistrationLinkCreated = z.infer<typeof ZLtiRegistrationLinkCreated>;

/** The LMS opens the link with its OpenID configuration's address and maybe a registration token. */
export const ZLtiRegisterQuery = z.object({
  link: z.string().max(200).optional(),
  openid_configuration: z.string().max(2000).optional(),
  registration_token: z.string().max(8000).optional(),
});
export type TLtiRegisterQuery = z.infer<typeof ZLtiRegisterQuery>;

/** The registration page's form (the LMS admin's "Register"). */
export const ZLtiRegisterForm = ZLtiRegisterQuery.extend({
  /** The origin of the LMS page that opened the registration (it frames the page). */
  opener: z.string().max(300).optional(),
});
export type TLtiRegisterForm = z.infer<typeof ZLtiRegisterForm>;
