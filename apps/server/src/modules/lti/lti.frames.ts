import type { TDb } from '../../db/client';
import * as queries from './lti.queries';

/**
 * Which LMS may show the tool's pages in a frame (issue 29). Only the pages an LMS frames (the
 * login and launch pages, the web app's launch hand-off and deep linking picker, the page that
 * returns the deep link) allow it, and only to registered platforms; every other page keeps
 * `frame-ancestors 'none'` against clickjacking.
 */

/** The origin (scheme, host, port) of an http(s) address, or null. */
export function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

type TFrameSource = {
  issuer: string;
  authLoginUrl: string;
  frameOrigins: readonly string[];
};

/**
 * The origins that may frame a platform's pages: its issuer's and its authentication endpoint's (an
 * LMS serves its course pages from one of them, usually), and the extras the owner added (Canvas
 * Cloud's issuer is canvas.instructure.com while a school's pages are on its own host).
 */
export function platformFrameOrigins(platform: TFrameSource): string[] {
  const found = [
    originOf(platform.issuer),
    originOf(platform.authLoginUrl),
    ...platform.frameOrigins.map(originOf),
  ];
  return [...new Set(found.filter((origin): origin is string => origin !== null))];
}

/**
 * Every registered platform's origins: for a page that cannot tell which LMS frames it (the web
 * app's hand-off page, whose code is in the fragment; a refusal that names no platform).
 */
export async function allFrameOrigins(db: TDb): Promise<string[]> {
  const rows = await queries.selectFrameSources(db);
  return [...new Set(rows.flatMap(platformFrameOrigins))];
}

/** The origins that may frame the pages of a platform, by its id ([] when it is gone). */
export async function frameOriginsOfPlatform(db: TDb, platformId: string): Promise<string[]> {
  const platform = await queries.findPlatformById(db, platformId);
  return platform ? platformFrameOrigins(platform) : [];
}

/** The origins that may frame the pages of a launch (its deep linking picker and return page). */
export async function frameOriginsOfLaunch(db: TDb, launchId: string): Promise<string[]> {
  const launch = await queries.findLaunch(db, launchId);
  return launch ? frameOriginsOfPlatform(db, launch.platformId) : [];
}
