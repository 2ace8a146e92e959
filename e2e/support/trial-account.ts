import { readFileSync } from 'node:fs';
import { accountsFile } from './run-state';

export type TTrialAccount = {
  school: { name: string; code: string };
  teacher: { name: string; email: string; password: string };
};

/**
 * The trial school `seed --json --trial` created for this run: a 14-day trial whose one teacher
 * already holds 3 classes and 3 questions.
 */
export function trialAccount(): TTrialAccount {
  const seed = JSON.parse(readFileSync(accountsFile(), 'utf8')) as { trial?: TTrialAccount };
  if (!seed.trial?.teacher.email) {
    throw new Error('the seed printed no trial school: global setup must run it with --trial');
  }
  return seed.trial;
}

/** A second seeded trial school, for tests that change it (payments.spec.ts upgrades it). */
export function trialUpgradeAccount(): TTrialAccount {
  const seed = JSON.parse(readFileSync(accountsFile(), 'utf8')) as { trialUpgrade?: TTrialAccount };
  if (!seed.trialUpgrade?.teacher.email) {
    throw new Error(
      'the seed printed no second trial school: global setup must run it with --trial',
    );
  }
  return seed.trialUpgrade;
}

/** The trial school of this run whose 14 days ended yesterday (seed --trial), teacher at the limit. */
export function expiredTrialAccount(): TTrialAccount {
  const seed = JSON.parse(readFileSync(accountsFile(), 'utf8')) as { expiredTrial?: TTrialAccount };
  if (!seed.expiredTrial?.teacher.email) {
    throw new Error(
      'the seed printed no expired trial school: global setup must run it with --trial',
    );
  }
  return seed.expiredTrial;
}
