import { DataSet, englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import type { TContentModeration } from '@stem/contract/marking';

/**
 * Offline moderation of a student's answer: profanity and slurs through `obscenity` (its English
 * word list and recommended transformers, so repeated letters and leetspeak are caught), plus patterns for
 * self-harm, threats of violence and bullying. The reason names the category only; it never repeats
 * the offending words, since teachers read it.
 */

export const MODERATION_REASONS = {
  language: 'Inappropriate language',
  selfHarm: 'Possible self-harm or distress: please check on this student',
  violence: 'Threat of violence',
  bullying: 'Bullying or harassment',
  /** A model's flag that came without a reason. */
  flagged: 'Flagged as inappropriate',
} as const;

/**
 * Words the English list flags that school science and reading answers use in their ordinary sense
 * (reproduction, anatomy, animal droppings, a pricked finger, a bird): they must not flag an answer.
 */
const SCIENCE_WORDS = new Set([
  'anal',
  'anus',
  'penis',
  'semen',
  'sex',
  'vagina',
  'ejaculate',
  'scat',
  'prick',
  'tit',
]);

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => SCIENCE_WORDS.has(phrase.metadata?.originalWord ?? ''))
  .build();

const matcher = new RegExpMatcher({
  ...dataset,
  ...englishRecommendedTransformers,
  whitelistedTerms: [
    ...(dataset.whitelistedTerms ?? []),
    'cockpit',
    'cockroach',
    'cocktail',
    'peacock',
    'hancock',
    'cockerel',
    'woodcock',
    'shuttlecock',
    'retardant',
    'retardation',
    'flame retardant',
    'scunthorpe',
    'sussex',
    'essex',
    'middlesex',
  ],
});

const SELF_HARM =
  /\b(?:kill(?:ing)? myself|end(?:ing)? my (?:own )?life|suicidal|commit suicide|take my (?:own )?life|(?:cut|cutting|hurt|hurting|harm|harming) myself|self[- ]harm(?:ing)?|i (?:want|wanna) to die|i wish i (?:was|were) dead|no reason to live)\b/i;
const VIOLENCE =
  /\b(?:i(?:'m| am|'ll| will| am going to|'m going to|m gonna| gonna| want to| wanna)\s+(?:kill|shoot|stab|murder|beat up|hurt|strangle|bomb)\s+(?:you|him|her|them|everyone|everybody|my teacher|the teacher|my classmates?|people)|(?:shoot|bomb|blow) up (?:the|this|my) school|bring(?:ing)? a (?:gun|knife|weapon) to school)\b/i;
const BULLYING =
  /\b(?:you(?:'re| are| r) (?:so |such an? |a |an )?(?:stupid|idiot|moron|ugly|fat|worthless|dumb|loser|retard|pathetic)|nobody (?:likes|loves) you|everyone hates you|go (?:and )?die|kill yourself|kys)\b/i;

/** Checks one text; `isInappropriate` with the categories found, or `{ false, '' }`. */
export function moderateText(text: string): TContentModeration {
  const sample = text.length > 50_000 ? text.slice(0, 50_000) : text;
  const reasons: string[] = [];
  if (SELF_HARM.test(sample)) reasons.push(MODERATION_REASONS.selfHarm);
  if (VIOLENCE.test(sample)) reasons.push(MODERATION_REASONS.violence);
  if (BULLYING.test(sample)) reasons.push(MODERATION_REASONS.bullying);
  if (matcher.hasMatch(sample)) reasons.push(MODERATION_REASONS.language);
  return reasons.length > 0
    ? { isInappropriate: true, reason: reasons.join('; ') }
    : { isInappropriate: false, reason: '' };
}

/** Either verdict flags the answer; the reasons are joined without repeats. */
export function combineModeration(...verdicts: TContentModeration[]): TContentModeration {
  const reasons = new Set<string>();
  for (const v of verdicts) {
    if (!v.isInappropriate) continue;
    for (const r of v.reason.split(/;\s*/)) if (r.trim()) reasons.add(r.trim());
    if (v.reason.trim() === '') reasons.add(MODERATION_REASONS.flagged);
  }
  return reasons.size > 0
    ? { isInappropriate: true, reason: [...reasons].join('; ') }
    : { isInappropriate: false, reason: '' };
}
