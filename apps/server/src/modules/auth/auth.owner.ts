import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { hashPassword } from './auth.passwords';
import { emailExists, insertUserIfEmailFree, ownerExists } from './auth.queries';

/**
 * Creates the platform owner from OWNER_EMAIL / OWNER_PASSWORD when no owner exists yet. Idempotent and
 * safe when several processes start together (the insert skips an e-mail that is already taken).
 */
export async function ensureOwnerAccount(deps: {
  db: TDb;
  config: Pick<TConfig, 'owner'>;
  logger: FastifyBaseLogger;
}): Promise<'created' | 'exists' | 'skipped'> {
  const owner = deps.config.owner;
  if (!owner) return 'skipped';
  if (await ownerExists(deps.db)) return 'exists';
  if (await emailExists(deps.db, owner.email)) {
    deps.logger.warn(
      { email: owner.email },
      'OWNER_EMAIL belongs to an existing non-owner account: no owner created',
    );
    return 'skipped';
  }
  const id = await insertUserIfEmailFree(deps.db, {
    schoolId: null,
    name: 'Platform Owner',
    email: owner.email,
    passwordHash: await hashPassword(owner.password),
    role: 'owner',
    permissions: [],
  });
  if (!id) return 'exists';
  deps.logger.info({ email: owner.email }, 'platform owner account created');
  return 'created';
}
