import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Link,
  redirect,
  RouterProvider,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router';
import type { TRole } from '@stem/contract/roles';
import { InternalLinkContext } from '../components/internal-link';
import { GuestOnly, RequireAuth, RequireRole } from './guards';
import { getStoredRole } from '../lib/session-core';
import { landingRedirect } from './landing-redirect';
import { RouteError } from './route-error';

type TPageModule = { default: ComponentType };

/** Every page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<TPageModule>, title?: string): NonIndexRouteObject => ({
  lazy: async () => ({ Component: (await load()).default }),
  ...(title ? { handle: { title } } : {}),
});

const usersPage = page(() => import('../features/users/pages/users-page'));
const adminClassesPage = page(() => import('../features/classes/pages/admin-classes-page'));
const adminClassPage = page(() => import('../features/classes/pages/admin-class-details-page'));
/** Marking one question across a class (issue 27): the class's teacher, or the school's admin. */
const classMarkingPage = page(() => import('../features/class-marking/pages/class-marking-page'));
const adminSubmissionsPage = page(
  () => import('../features/submissions/pages/admin-submissions-page'),
);

/** A teacher who opens /all-classes (teacher-only in spec 02 §2) gets their own /classes. */
function teacherToClasses() {
  return getStoredRole() === 'teacher' ? redirect('/classes') : null;
}

const roleGroup = (roles: readonly TRole[], children: RouteObject[]): RouteObject => ({
  element: <RequireRole roles={roles} />,
  children,
});

/** The routes of spec 01 §2 and spec 02 §2, each behind the guard its "Route access" list gives. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: (
      <Center mih="100vh">
        <Loader />
      </Center>
    ),
    children: [
      {
        path: '/',
        loader: landingRedirect,
        ...page(() => import('../features/landing/pages/landing-route')),
      },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', ...page(() => import('../features/auth/pages/login-page')) },
          { path: '/register', ...page(() => import('../features/auth/pages/register-page')) },
        ],
      },
      {
        path: '/login/oidc',
        ...page(() => import('../features/auth/pages/oidc-callback-page')),
      },
      {
        path: '/lti/launch',
        ...page(() => import('../features/lti/pages/lti-launch-page')),
      },
      {
        path: '/login/verify',
        ...page(() => import('../features/auth/pages/verify-magic-link-page')),
      },
      {
        path: '/reset-password',
        ...page(() => import('../features/auth/pages/reset-password-page')),
      },
      {
        path: '/invitation',
        ...page(() => import('../features/auth/pages/invitation-page')),
      },
      {
        path: '/privacy-policy',
        ...page(() => import('../features/legal/pages/privacy-policy-page')),
      },
      { path: '/eula', ...page(() => import('../features/legal/pages/eula-page')) },
      {
        path: '/payment/success',
        ...page(() => import('../features/payments/pages/payment-success-page')),
      },
      {
        path: '/payment/cancel',
        ...page(() => import('../features/payments/pages/payment-cancel-page')),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            ...page(() => import('./shell/app-shell')),
            children: [
              {
                path: '/dashboard',
                ...page(() => import('../features/dashboard/pages/dashboard-page')),
              },
              roleGroup(
                ['owner'],
                [
                  {
                    path: '/owner-dashboard',
                    ...page(() => import('../features/dashboard/pages/owner-dashboard-page')),
                  },
                  {
                    path: '/school-management',
                    ...page(() => import('../features/owner/pages/school-management-page')),
                  },
                  {
                    path: '/user-management',
                    ...page(() => import('../features/owner/pages/user-management-page')),
                  },
                  {
                    path: '/lms-platforms',
                    ...page(() => import('../features/lti/pages/lti-platforms-page')),
                  },
                ],
              ),
              roleGroup(
                ['admin'],
                [
                  {
                    path: '/admin-dashboard',
                    ...page(() => import('../features/dashboard/pages/admin-dashboard-page')),
                  },
                  { path: '/users', ...usersPage },
                  { path: '/admin/users', ...usersPage },
                  {
                    path: '/users/:id',
                    ...page(() => import('../features/users/pages/user-details-page')),
                  },
                  {
                    path: '/admin/create-class',
                    ...page(() => import('../features/classes/pages/admin-create-class-page')),
                  },
                  { path: '/admin/all-classes', ...adminClassesPage },
                  { path: '/admin/class/:id', ...adminClassPage },
                  { path: '/admin/class/:id/questions/:questionId/mark', ...classMarkingPage },
                  { path: '/all-classes/:id', ...adminClassPage },
                  { path: '/admin/submissions', ...adminSubmissionsPage },
                  { path: '/all-submissions', ...adminSubmissionsPage },
                  {
                    path: '/admin/analytics',
                    ...page(() => import('../features/analytics/pages/school-analytics-page')),
                  },
                ],
              ),
              roleGroup(
                ['teacher', 'owner', 'admin'],
                [
                  {
                    path: '/payments',
                    ...page(() => import('../features/payments/pages/subscription-page')),
                  },
                  {
                    path: '/payments/cancel',
                    ...page(() => import('../features/payments/pages/cancel-subscription-page')),
                  },
                ],
              ),
              // /all-classes is the admin's page (issue 18's decision); a teacher goes to /classes.
              {
                path: '/all-classes',
                loader: teacherToClasses,
                element: <RequireRole roles={['admin']} />,
                children: [{ index: true, lazy: adminClassesPage.lazy }],
              },
              roleGroup(
                ['teacher'],
                [
                  {
                    path: '/classes',
                    ...page(() => import('../features/classes/pages/classes-page')),
                  },
                  {
                    path: '/class/:id',
                    ...page(() => import('../features/classes/pages/class-details-page')),
                  },
                  {
                    path: '/classroom/callback',
                    ...page(() => import('../features/classroom/pages/classroom-callback-page')),
                  },
                  { path: '/class/:id/questions/:questionId/mark', ...classMarkingPage },
                  {
                    path: '/class/:id/analytics',
                    ...page(() => import('../features/analytics/pages/class-analytics-page')),
                  },
                  {
                    path: '/questions/:id/analytics',
                    ...page(() => import('../features/analytics/pages/question-analytics-page')),
                  },
                  {
                    path: '/insert-question',
                    ...page(() => import('../features/questions/pages/insert-question-page')),
                  },
                  {
                    path: '/view-questions',
                    ...page(() => import('../features/questions/pages/view-questions-page')),
                  },
                  {
                    path: '/edit-question/:id',
                    ...page(() => import('../features/questions/pages/edit-question-page')),
                  },
                  {
                    path: '/create-class',
                    ...page(() => import('../features/classes/pages/create-class-page')),
                  },
                  {
                    path: '/submissions',
                    ...page(() => import('../features/submissions/pages/teacher-submissions-page')),
                  },
                  {
                    path: '/upload-student-work',
                    ...page(() => import('../features/upload-work/pages/upload-student-work-page')),
                  },
                  {
                    path: '/lti/deep-link/:launchId',
                    ...page(() => import('../features/lti/pages/lti-deep-link-page')),
                  },
                  {
                    path: '/upload-stack',
                    ...page(() => import('../features/answer-sheets/pages/upload-stack-page')),
                  },
                ],
              ),
              roleGroup(
                ['student'],
                [
                  {
                    path: '/my-classes',
                    ...page(() => import('../features/student-classes/pages/my-classes-page')),
                  },
                  {
                    path: '/my-submissions',
                    ...page(() => import('../features/submissions/pages/my-submissions-page')),
                  },
                  {
                    path: '/my-submissions/:id',
                    ...page(() => import('../features/submissions/pages/submission-details-page')),
                  },
                  {
                    path: '/student/class/:classId',
                    ...page(() => import('../features/student-classes/pages/class-overview-page')),
                  },
                  {
                    path: '/class-details/:id',
                    ...page(() => import('../features/student-classes/pages/class-overview-page')),
                  },
                  {
                    path: '/submission/:id',
                    ...page(() => import('../features/submissions/pages/submission-details-page')),
                  },
                  {
                    path: '/submission-complete/:id',
                    ...page(() => import('../features/answering/pages/submission-complete-page')),
                  },
                  {
                    path: '/start-submission',
                    ...page(
                      () =>
                        import('../features/student-classes/pages/start-submission-select-page'),
                    ),
                  },
                  {
                    path: '/start-submission/:classId',
                    ...page(() => import('../features/answering/pages/answer-questions-page')),
                  },
                  {
                    path: '/start-submission/:classId/:questionId',
                    ...page(() => import('../features/answering/pages/answer-questions-page')),
                  },
                ],
              ),
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
];

const router = createBrowserRouter(routes);

/** The app's routes; links of the pages that also have their own entry are the router's here. */
export function AppRouter() {
  return (
    <InternalLinkContext.Provider value={Link}>
      <RouterProvider router={router} />
    </InternalLinkContext.Provider>
  );
}
