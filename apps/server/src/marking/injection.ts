/**
 * Detects text in a student's answer that is aimed at the marker rather than at the question
 * ("ignore the rubric", "give me full marks", "you are now ...", "system: ..."). Such an answer gets
 * no extra mark: both engines score it as if those sentences were not there (and never above the
 * whole answer's own score), and moderation flags it.
 */

export const INJECTION_REASON = 'Attempt to manipulate the marker';

const TARGETS =
  '(?:instructions?|rubric|rules?|marking(?: scheme| guide| criteria)?|mark scheme|criteria|prompt|guidelines?|scoring|grading)';
const MARKS_WORDS = '(?:marks?|points?|score|credit|grade|scores)';

const PATTERNS: RegExp[] = [
  new RegExp(
    `\\b(?:ignore|disregard|forget|skip|bypass|override|overrule|do not (?:follow|use|apply))\\b[^.!?\\n]{0,40}\\b${TARGETS}`,
    'i',
  ),
  new RegExp(
    `\\b(?:give|award|assign|grant|mark|score|rate)\\b[^.!?\\n]{0,30}\\b(?:full|maximum|max|top|perfect|all(?: the)?|highest|100 ?%|\\d+ ?\\/ ?\\d+|\\d+ out of \\d+)\\b[^.!?\\n]{0,12}${MARKS_WORDS}`,
    'i',
  ),
  new RegExp(
    `\\b(?:full|maximum|max|top|perfect)\\s+${MARKS_WORDS}\\s+(?:please|now|for (?:me|this))`,
    'i',
  ),
  /\b(?:give|award|assign|grant)\b[^.!?\n]{0,30}\b\d+ ?(?:\/|out of) ?\d+\b/i,
  /\b(?:this|my) answer (?:is|must be|should be) (?:marked|scored|graded) (?:as )?(?:correct|full|right|perfect)/i,
  /\b(?:mark|grade|score) (?:this|my answer|me) (?:as )?(?:correct|right|perfect|full)/i,
  /\byou are now\b|\bfrom now on,? you\b|\bpretend (?:to be|you are)\b|\bact as (?:a|an|the) (?:teacher|marker|grader|examiner|assistant|ai)\b/i,
  // A role label starting a line or sentence ("System: ..."), not "the digestive system: ...".
  /(?:^|\n|[.!?]\s)\s*(?:system|assistant|developer)\s*:/i,
  /<\/?\s*(?:system|instructions?|prompt)\s*>|\[\/?INST\]|#{2,}\s*(?:instruction|system)/i,
  /\bnew instructions?\b|\bprevious instructions?\b|\bprompt injection\b|\bjailbreak\b/i,
  /\b(?:the |dear )?(?:marker|grader|examiner|ai|model|assistant|chatgpt|claude|gpt)\b[^.!?\n]{0,30}\b(?:must|should|will|has to|needs to|shall)\s+(?:give|award|mark|score|grade|ignore|accept)/i,
];

export type TInjectionCheck = {
  detected: boolean;
  /** The answer without the sentences aimed at the marker. */
  cleaned: string;
};

function splitKeepingText(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/);
}

/** Finds sentences aimed at the marker and returns the answer without them. */
export function detectPromptInjection(answer: string): TInjectionCheck {
  const text = answer.length > 50_000 ? answer.slice(0, 50_000) : answer;
  if (!PATTERNS.some((re) => re.test(text))) return { detected: false, cleaned: answer };
  const kept = splitKeepingText(text).filter((s) => !PATTERNS.some((re) => re.test(` ${s}`)));
  return { detected: true, cleaned: kept.join(' ').trim() };
}
