import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../context';
import { authRoutes } from './auth/auth.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { classRoutes } from './classes/classes.routes';
import { questionRoutes } from './questions/questions.routes';
import { studentClassRoutes } from './student/student.routes';
import { trialLimitRoutes } from './trial-limits/trial-limits.routes';
import { trialRoutes } from './trials/trials.routes';
import { schoolRoutes } from './school/school.routes';
import { submissionRootRoutes, submissionRoutes } from './submissions/submissions.routes';
import { extractionRoutes } from './extraction/extraction.routes';
import { paymentRoutes } from './payments/payments.routes';
import { siteRoutes } from './site/site.routes';
import { accountRoutes } from './account/account.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { adminRoutes } from './admin/admin.routes';
import { classAssignRoutes } from './classes/classes.assign.routes';
import { scanRoutes } from './scans/scans.routes';
import { ownerRoutes } from './owner/owner.routes';
import { releaseRoutes } from './release/release.routes';
import { regradeRoutes } from './regrades/regrades.routes';
import { classMarkingRoutes } from './class-marking/class-marking.routes';
import { answerGroupRoutes } from './answer-groups/answer-groups.routes';
import { rosterRoutes } from './roster/roster.routes';
import { rubricItemRoutes } from './rubric-items/rubric-items.routes';
import { oidcRoutes } from './oidc/oidc.routes';
import { schoolDomainRoutes } from './oidc/oidc.domains.routes';
import { ltiRegistrationRoutes } from './lti/lti.registration.routes';
import { ltiRoutes } from './lti/lti.routes';
import { ltiWebPageRoutes } from './lti/lti.web-pages.routes';
import { classroomRoutes } from './classroom/classroom.routes';
import { classTestRoutes } from './class-tests/class-tests.routes';

/** Every API module, registered under API_BASE. Later modules add one line here. */
export async function registerModules(api: FastifyInstance, ctx: TAppContext): Promise<void> {
  await api.register(authRoutes, { ctx });
  await api.register(dashboardRoutes, { ctx });
  await api.register(classRoutes, { ctx });
  await api.register(questionRoutes, { ctx });
  await api.register(studentClassRoutes, { ctx });
  await api.register(trialLimitRoutes, { ctx });
  await api.register(trialRoutes, { ctx });
  await api.register(schoolRoutes, { ctx });
  await api.register(submissionRoutes, { ctx });
  await api.register(paymentRoutes, { ctx });
  await api.register(siteRoutes, { ctx });
  await api.register(accountRoutes, { ctx });
  await api.register(analyticsRoutes, { ctx });
  await api.register(adminRoutes, { ctx });
  await api.register(classAssignRoutes, { ctx });
  await api.register(scanRoutes, { ctx });
  await api.register(ownerRoutes, { ctx });
  await api.register(releaseRoutes, { ctx });
  await api.register(regradeRoutes, { ctx });
  await api.register(classMarkingRoutes, { ctx });
  await api.register(answerGroupRoutes, { ctx });
  await api.register(rosterRoutes, { ctx });
  await api.register(rubricItemRoutes, { ctx });
  await api.register(oidcRoutes, { ctx });
  await api.register(schoolDomainRoutes, { ctx });
  await api.register(ltiRoutes, { ctx });
  await api.register(ltiRegistrationRoutes, { ctx });
  await api.register(classroomRoutes, { ctx });
  await api.register(classTestRoutes, { ctx });
}

/** Modules whose spec paths sit at the site root ("/api/textract/...", "/api/claude/..."). */
export async function registerRootModules(root: FastifyInstance, ctx: TAppContext): Promise<void> {
  await root.register(submissionRootRoutes, { ctx });
  await root.register(extractionRoutes, { ctx });
  await root.register(ltiWebPageRoutes, { ctx });
}
