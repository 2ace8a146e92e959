import { LOGO_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TPlan, TRole } from '@stem/contract/roles';

export type TLogoKind = 'jpeg' | 'png' | 'gif' | 'svg';

/** The type of an uploaded logo, told from its bytes (never from its name or declared type). */
export function sniffLogo(bytes: Uint8Array): TLogoKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
  ) {
    return 'png';
  }
  const head = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  // SVG is text: an optional BOM, XML declaration, comments or doctype, then an <svg element.
  const text = Buffer.from(bytes.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = text
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(\s*(<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*/i, '')
    .trimStart();
  if (/^<svg[\s>]/i.test(rest)) return 'svg';
  return null;
}

/** Why a logo upload is refused (spec 01 §5 texts), or null. */
export function logoRefusal(bytes: Uint8Array): { status: 413 | 415; message: string } | null {
  if (bytes.length > LOGO_MAX_BYTES) return { status: 413, message: MESSAGES.settings.logoSize };
  if (!sniffLogo(bytes)) return { status: 415, message: MESSAGES.settings.logoType };
  return null;
}

/** Editing school details: teachers of a paid school only (spec 01 §2 Settings popup). */
export function editRefusal(role: TRole, plan: TPlan): string | null {
  if (role !== 'teacher') return MESSAGES.generic.forbidden;
  if (plan === 'trial') return MESSAGES.settings.paidOnly;
  return null;
}
