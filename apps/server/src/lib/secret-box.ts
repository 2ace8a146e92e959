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

export function seal(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(secret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, data, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) {
    throw new Error('not a sealed secret');
  }
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyOf(secret, purpose),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
