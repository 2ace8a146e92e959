import { isNearSpelling } from '../offline/question-model';
import { contentStems } from '../offline/text';

/**
 * The claims a feedback text makes about an answer (issue 27), for `bench:feedback-claims` and the
 * tests: the objects of its crediting sentences, "It correctly states/explains/describes/names/works
 * out/points out X", "It correctly says that X, which …", "It mentions X, but …", "It points out X,
 * but that alone …". Quotes of the answer's own words are left out.
 */

const CLAIM_RES: RegExp[] = [
  /\bIt correctly (?:states|explains|describes|names|works out|points out) (.+?)(?:, which earns part of the marks)?\.(?: |$)/g,
  /\bIt correctly says that (.+?), which earns part of the marks\./g,
  /\bIt mentions (.+?), but does not explain/g,
  /\bIt points out (.+?), but that alone/g,
];

/** The objects of the feedback's crediting sentences. */
export function claimsOf(feedback: string): string[] {
  const own = feedback.replace(/"[^"]*"/g, '""');
  const out: string[] = [];
  for (const re of CLAIM_RES) for (const m of own.matchAll(re)) if (m[1]) out.push(m[1]);
  return out;
}

/** Items of a claim list ("a, b and c"; "that x and that y"). */
export function itemsOf(claim: string): string[] {
  return claim
    .split(/,\s+(?:and\s+)?(?=that\s)|\s+and\s+(?=that\s)|,\s+/)
    .flatMap((part) => part.split(/\s+and\s+(?=the\s|a\s|an\s)/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function found(stem: string, answerStems: ReadonlySet<string>): boolean {
  if (answerStems.has(stem)) return true;
  for (const a of answerStems) if (isNearSpelling(a, stem)) return true;
  return false;
}

/**
 * True when fewer than half of a claimed item's key words (its content words that are not the
 * question's; all of them when every one is) are in the answer, as the word, a synonym of the
 * marker's lexicon or a near spelling; undefined when the item has no content word.
 */
export function isUnsupported(
  item: string,
  questionStems: ReadonlySet<string>,
  answerStems: ReadonlySet<string>,
): boolean | undefined {
  const stems = [...contentStems(item.replace(/^that\s+/, ''))];
  if (stems.length === 0) return undefined;
  const own = stems.filter((s) => !questionStems.has(s));
  const key = own.length > 0 ? own : stems;
  const hits = key.filter((s) => found(s, answerStems)).length;
  return hits * 2 < key.length;
}
