import { fillPath } from '@stem/contract/api';
import {
  LTI_PATHS,
  ZLtiClassLinksResponse,
  ZLtiDeepLinkOptions,
  ZLtiDeepLinkResponse,
  ZLtiHandoffResponse,
  ZLtiPlatformResponse,
  ZLtiPlatformsResponse,
  ZLtiRegistrationLinkCreated,
  ZLtiRegistrationLinksResponse,
  ZLtiRosterResponse,
  ZLtiScoresResponse,
  type TCreateLtiPlatformRequest,
  type TCreateLtiRegistrationLinkRequest,
  type TLtiDeepLinkRequest,
  type TUpdateLtiPlatformRequest,
} from '@stem/contract/lti';
import { ZMessageResponse } from '@stem/contract/owner';
import { api } from '../../lib/http';

/** The web app's LTI 1.3 calls (issue 29). */

export async function finishLtiHandoff(code: string) {
  return ZLtiHandoffResponse.parse(await api.post<unknown>(LTI_PATHS.handoff, { code }));
}

export async function getDeepLinkOptions(launchId: string) {
  return ZLtiDeepLinkOptions.parse(
    await api.get<unknown>(fillPath(LTI_PATHS.deepLink, { launchId })),
  );
}

export async function chooseDeepLink(launchId: string, body: TLtiDeepLinkRequest) {
  return ZLtiDeepLinkResponse.parse(
    await api.post<unknown>(fillPath(LTI_PATHS.deepLink, { launchId }), body),
  );
}

export async function getClassLinks(classId: string) {
  return ZLtiClassLinksResponse.parse(
    await api.get<unknown>(fillPath(LTI_PATHS.classLinks, { classId })),
  );
}

export async function importLmsRoster(classId: string) {
  return ZLtiRosterResponse.parse(
    await api.post<unknown>(fillPath(LTI_PATHS.classRoster, { classId })),
  );
}

/** A gradebook column's question or test (exactly one is set). */
export type TLmsScoresTarget = {
  lineItemId: string;
  questionId: string | null;
  testId: string | null;
};

/** Sends a question's marks, or a test's totals, to its gradebook columns. */
export async function sendLmsScores(classId: string, target: TLmsScoresTarget) {
  const path = target.testId
    ? fillPath(LTI_PATHS.classTestScores, { classId, testId: target.testId })
    : fillPath(LTI_PATHS.classScores, { classId, questionId: target.questionId ?? '' });
  return ZLtiScoresResponse.parse(await api.post<unknown>(path));
}

export async function listPlatforms() {
  return ZLtiPlatformsResponse.parse(await api.get<unknown>(LTI_PATHS.platforms));
}

export async function createPlatform(body: TCreateLtiPlatformRequest) {
  return ZLtiPlatformResponse.parse(await api.post<unknown>(LTI_PATHS.platforms, body));
}

export async function removePlatform(id: string) {
  return ZMessageResponse.parse(await api.delete<unknown>(fillPath(LTI_PATHS.platform, { id })));
}

export async function updatePlatform(id: string, body: TUpdateLtiPlatformRequest) {
  return ZLtiPlatformResponse.parse(
    await api.patch<unknown>(fillPath(LTI_PATHS.platform, { id }), body),
  );
}

export async function listRegistrationLinks() {
  return ZLtiRegistrationLinksResponse.parse(await api.get<unknown>(LTI_PATHS.registrationLinks));
}

export async function createRegistrationLink(body: TCreateLtiRegistrationLinkRequest) {
  return ZLtiRegistrationLinkCreated.parse(
    await api.post<unknown>(LTI_PATHS.registrationLinks, body),
  );
}

export async function removeRegistrationLink(id: string) {
  return ZMessageResponse.parse(
    await api.delete<unknown>(fillPath(LTI_PATHS.registrationLink, { id })),
  );
}
