import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { TAppContext } from '../../context';
import { open, seal } from '../../lib/secret-box';
import * as queries from './lti.queries';

/**
 * The tool's own RSA key pair (issue 29, LTI 1.3): made on first use and kept in the database, the
 * private key sealed by `lib/secret-box.ts` (AES-256-GCM under a key derived from the server's
 * secret, JWT_SECRET or the one generated in DATA_DIR), so a copy of the database alone cannot sign
 * as the tool. The LMS reads the public half at GET /lti/jwks.
 */

export const TOOL_KEY_ALG = 'RS256';

export type TToolKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

/** What the tool key is sealed for (`lib/secret-box.ts`: one key per purpose). */
export const TOOL_KEY_PURPOSE = 'lti tool private key';

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
      privateKeyEncrypted: seal(ctx.config.jwtSecret, TOOL_KEY_PURPOSE, pem),
      createdAt: ctx.now(),
    });
    row = await queries.findToolKey(ctx.db);
    if (!row) throw new Error('The LTI tool key could not be stored');
  }
  const pem = open(ctx.config.jwtSecret, TOOL_KEY_PURPOSE, row.privateKeyEncrypted);
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
