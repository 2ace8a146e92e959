import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (issue 29: a teacher's Google refresh token): AES-256-GCM under a key derived
 * with HKDF-SHA256 from the server's own secret (JWT_SECRET, or the one kept in DATA_DIR) and a
 * purpose, so a copy of the database alone reveals nothing. Sealed text: "v1.<iv>.<tag>.<data>",
 * base64url. Opening text sealed under another secret or purpose, or altered, throws.
 */
const VERSION = 'v1';

/** The 32-byte key of one purpose under the server's secret (scan images use it too). */
export function keyOf(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'stem@home secret-box', purpose, 32));
}

/** Bytes sealed with AES-256-GCM: a fresh 12-byte iv, the tag, and the cipher text. */
export type TSealedBytes = { iv: Buffer; tag: Buffer; data: Buffer };

/**
 * Seals bytes under a 32-byte key; `boundTo` (associated data) must be given again to open them, so
 * sealed bytes moved to another row (another id in `boundTo`) do not open.
 */
export function sealBytes(key: Buffer, plain: Uint8Array, boundTo?: Buffer): TSealedBytes {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (boundTo) cipher.setAAD(boundTo);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

/** Opens what `sealBytes` sealed; throws when the key, the binding or the bytes differ. */
export function openBytes(key: Buffer, sealed: TSealedBytes, boundTo?: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  if (boundTo) decipher.setAAD(boundTo);
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]);
}

export function seal(secret: string, purpose: string, plain: string): string {
  const { iv, tag, data } = sealBytes(keyOf(secret, purpose), Buffer.from(plain, 'utf8'));
  return [VERSION, ...[iv, tag, data].map((p) => p.toString('base64url'))].join('.');
}

export function open(secret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, data, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) {
    throw new Error('not a sealed secret');
  }
  const bytes = (part: string) => Buffer.from(part, 'base64url');
  const sealedBytes = { iv: bytes(iv), tag: bytes(tag), data: bytes(data) };
  return openBytes(keyOf(secret, purpose), sealedBytes).toString('utf8');
}
