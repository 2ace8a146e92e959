import { SCHOOL_CODE_LENGTH } from './limits';

/**
 * "ABCD-EFGH-IJKL-MNOP" for a 16-character code; anything else is shown as it is. On its own (also
 * exported by ./school-code), so the login page's first load does not take every text of the app
 * with ./school-code's messages.
 */
export function formatSchoolCode(code: string): string {
  if (code.length !== SCHOOL_CODE_LENGTH) return code;
  return code.match(/.{4}/g)?.join('-') ?? code;
}
