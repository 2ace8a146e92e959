import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import {
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { TAppContext } from '../../context';
import * as queries from './lti.queries';

/**
 * The tool's own RSA key pair (issue 29, LTI 1.3): made on first use and kept in the database, the
 * private key encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret
 * (JWT_SECRET, or the one generated in DATA_DIR), so a copy of the database alone cannot sign as the
 * tool. The LMS reads the public half at GET /lti/jwks.
 */

export const TOOL_KEY_ALG = 'RS256';

export type TToolKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

function encryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'stem-lti-tool-key', 'lti private key', 32));
}

/** `iv.tag.ciphertext`, each base64url. */
export function encryptSecret(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(secret), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(secret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('The sealed key is malformed');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** Loaded keys, per database (tests build many apps in one process). */
const loaded = new WeakMap<object, Promise<TToolKey>>();

async function loadOrCreate(ctx: TAppContext): Promise<TToolKey> {
  let row = await queries.findToolKey(ctx.db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair(TOOL_KEY_ALG, {
      modulusLength: 2048,
      extractable: true,
    });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOOL_KEY_ALG, use: 'sig' };
    const pem = await exportPKCS8(privateKey);
    // Two servers starting at once: the first row wins, both use it.
    await queries.insertToolKey(ctx.db, {
      kid,
      publicJwk,
      privateKeyEncrypted: encryptSecret(ctx.config.jwtSecret, pem),
      createdAt: ctx.now(),
    });
    row = await queries.findToolKey(ctx.db);
    if (!row) throw new Error('The LTI tool key could not be stored');
  }
  const pem = decryptSecret(ctx.config.jwtSecret, row.privateKeyEncrypted);
  return {
    kid: row.kid,
    privateKey: await importPKCS8(pem, TOOL_KEY_ALG),
    publicJwk: row.publicJwk as JWK,
  };
}

export function toolKey(ctx: TAppContext): Promise<TToolKey> {
  const known = loaded.get(ctx.database);
  if (known) return known;
  const pending = loadOrCreate(ctx);
  loaded.set(ctx.database, pending);
  pending.catch(() => loaded.delete(ctx.database));
  return pending;
}

/** The public key set the LMS fetches. */
export async function toolJwks(ctx: TAppContext): Promise<{ keys: JWK[] }> {
  const key = await toolKey(ctx);
  return { keys: [key.publicJwk] };
}
