import {
  AUXILIARIES,
  CLAUSE_FILLERS,
  COMMANDS,
  NUMBER_WORDS,
  QUESTION_WORDS,
  type TDemand,
} from './question-words';

/** One thing the question asks for, e.g. "name 3 service classes" or "explain the differences". */
export type TTask = {
  demand: TDemand;
  /** The command as written, lower case ("name", "list", "what is", "how many"). */
  verb: string;
  /** What the command applies to, in the question's words ("the differences between the classes"). */
  object: string;
  /** "3" in "name the 3 service classes", with the thing counted ("service classes"). */
  count?: { n: number; written: string; items: string };
  /** The task also asks for similarities or differences ("how they are similar ... different"). */
  compares: boolean;
  /** The task asks for evidence from a source ("from the article", "from the experiment"). */
  source?: string;
};

type TWord = { raw: string; lower: string; start: number; end: number };

function wordsOf(sentence: string): TWord[] {
  return [...sentence.matchAll(/[A-Za-z][A-Za-z'’-]*|\d+(?:\.\d+)?/g)].map((m) => ({
    raw: m[0],
    lower: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * The tasks of one sentence. A command word counts where a clause starts: at the start of the
 * sentence (after "Please", "a.", "Make sure to"...), or after "and", "then", "to", a comma or a
 * semicolon. A sentence opening with a question word is one task read from its pattern.
 */
export function readClauses(sentence: string, previous?: TTask): TTask[] {
  const words = wordsOf(sentence);
  const first = firstContentIndex(words, sentence);
  if (first === -1) return [];
  const head = words[first];
  const isQuestion =
    head &&
    (QUESTION_WORDS.has(head.lower) ||
      (AUXILIARIES.has(head.lower) && sentence.trim().endsWith('?')));
  if (head && isQuestion) return readQuestions(sentence.slice(head.start), previous);
  const starts: { index: number; demand: TDemand }[] = [];
  words.forEach((word, i) => {
    const demand = COMMANDS[word.lower];
    if (demand === undefined) return;
    const before = sentence.slice(words[i - 1]?.end ?? 0, word.start);
    const prev = words[i - 1]?.lower;
    const atStart = i === first;
    const afterJoin =
      /[,;:]\s*$/.test(before) ||
      ['and', 'then', 'to', 'or'].includes(prev ?? '') ||
      CLAUSE_FILLERS.has(prev ?? '');
    if ((atStart || afterJoin) && !isNounUse(words, i)) starts.push({ index: i, demand });
  });
  const tasks: TTask[] = [];
  starts.forEach((start, k) => {
    const word = words[start.index];
    if (!word) return;
    const next = starts[k + 1];
    const endChar = next ? (joinerStart(words, next.index) ?? sentence.length) : sentence.length;
    const object = stripEnd(sentence.slice(word.end, endChar));
    tasks.push(buildTask(refineDemand(start.demand, word.lower, object), word.lower, object));
  });
  return tasks;
}

/** Index of the first word after fillers ("Please", "Also", "a.", "Make sure to", "Be sure to"). */
function firstContentIndex(words: TWord[], sentence: string): number {
  let i = 0;
  if (words[0] && /^[a-z]$/i.test(words[0].raw) && /^\s*\(?[a-z][.)]/i.test(sentence)) i = 1;
  while (words[i] && CLAUSE_FILLERS.has(words[i]?.lower ?? '')) i++;
  const rest = words.slice(i, i + 3).map((w) => w.lower);
  if ((rest[0] === 'make' || rest[0] === 'be' || rest[0] === 'remember') && rest[1] === 'sure') {
    i += rest[2] === 'to' || rest[2] === 'that' ? 3 : 2;
  } else if (rest[0] === 'remember' && rest[1] === 'to') {
    i += 2;
  }
  return i < words.length ? i : -1;
}

/** "state" in "a state in which", "order" in "the order of": nouns, not commands. */
function isNounUse(words: TWord[], i: number): boolean {
  const prev = words[i - 1]?.lower;
  return prev === 'a' || prev === 'an' || prev === 'the' || prev === 'this' || prev === 'that';
}

/** Where the text before the next command ends: before its "and"/"then"/"to"/"or" joiner. */
function joinerStart(words: TWord[], commandIndex: number): number | undefined {
  const prev = words[commandIndex - 1];
  const command = words[commandIndex];
  if (prev && ['and', 'then', 'to', 'or'].includes(prev.lower)) return prev.start;
  return command?.start;
}

function refineDemand(demand: TDemand, verb: string, object: string): TDemand {
  const o = object.toLowerCase();
  if (verb === 'draw' && /\bconclusions?\b/.test(o)) return 'conclude';
  if (
    verb === 'find' &&
    !/\b(value|answer|total|speed|mass|area|volume|number|probability)\b/.test(o)
  ) {
    return 'list';
  }
  if (verb === 'explain' && /^(?:your|the|this)\s+(answer|response|reasoning|choice)\b/.test(o)) {
    return 'justify';
  }
  if (
    demand === 'list' &&
    /^(?:a\s+|the\s+|your\s+)?(justification|reasons?|evidence|explanation)\b/.test(o)
  ) {
    return 'justify';
  }
  if (demand === 'list' && /^(?:the\s+)?(differences?|similarit(?:y|ies))\b/.test(o))
    return 'compare';
  if (
    demand === 'list' &&
    /^(?:the\s+)?(?:advantages?|benefits?)\s+and\s+disadvantages?\b/.test(o)
  ) {
    return 'evaluate';
  }
  if (/\bimprov/.test(o) && (demand === 'list' || demand === 'describe')) return 'suggest';
  return demand;
}

/** "What are X and where are they located?" → one task per question, "they" read as X. */
function readQuestions(text: string, previous?: TTask): TTask[] {
  const tasks: TTask[] = [];
  for (const part of text.split(/\s+and\s+(?=(?:what|where|why|how|when|which|who)\b)/i)) {
    tasks.push(readQuestion(part, tasks.at(-1) ?? previous));
  }
  return tasks;
}

/** A direct question ("What is...?", "Why...?", "How many...?", "Does...?") read as one task. */
function readQuestion(text: string, previous?: TTask): TTask {
  const q = stripEnd(text);
  const lower = q.toLowerCase();
  const subject = previous ? previousSubject(previous) : undefined;
  const resolve = (s: string) =>
    subject
      ? s.replace(/\b(it|they|them)\b/i, subject).replace(/\b(its|their)\b/i, `${subject}'s`)
      : s;
  let m: RegExpExecArray | null;
  if ((m = /^what (?:is|are) the differences? between (.+)$/i.exec(q))) {
    return buildTask('compare', 'what is the difference', `the difference between ${m[1] ?? ''}`);
  }
  if ((m = /^what (?:is|are) the (?:purpose|function|role|job)s? of (.+)$/i.exec(q))) {
    return buildTask('purpose', 'what is the purpose', `the purpose of ${m[1] ?? ''}`);
  }
  if ((m = /^what (?:is|are) (.+?) used for$/i.exec(q))) {
    return buildTask('purpose', 'what is it used for', `what ${resolve(m[1] ?? '')} is used for`);
  }
  if ((m = /^what (?:is|are) the (?:effects?|impacts?|consequences?) of (.+)$/i.exec(q))) {
    return buildTask('effect', 'what is the effect', `the effect of ${m[1] ?? ''}`);
  }
  if ((m = /^what happens to (.+)$/i.exec(q))) {
    return buildTask('effect', 'what happens', q);
  }
  if (
    (m =
      /^what (?:is|are) (?:the |one |two |three |four |\d+ )((?:\w+ )?(?:advantages?|disadvantages?|benefits?|objectives?|aims?|goals?|challenges?|features?|properties|steps|stages|phases|causes?|reasons?|differences?|similarities|uses|examples|characteristics|types|parts) .+)$/i.exec(
        q,
      ))
  ) {
    return buildTask('list', 'what are', q.replace(/^what (?:is|are) /i, ''));
  }
  if (
    (m = /^what (?:is|are) (?:an? |the )?(.+)$/i.exec(q)) &&
    (m[1] ?? '').split(' ').length <= 8
  ) {
    return buildTask('define', 'what is', m[1] ?? '');
  }
  if (/^why\b/.test(lower)) return buildTask('explain', 'why', resolve(q));
  if ((m = /^how (?:many|much) (.+)$/i.exec(q))) return buildTask('calculate', 'how many', q);
  if (/^how (?:does|do|did|can|could|would|is|are) .+ (?:work|function|operate|happen)$/i.test(q)) {
    return buildTask('process', 'how does it work', resolve(q));
  }
  if (/^how\b/.test(lower)) return buildTask('explain', 'how', resolve(q));
  if (/^which\b/.test(lower)) return buildTask('list', 'which', resolve(q), true);
  if (AUXILIARIES.has(lower.split(' ')[0] ?? '')) return buildTask('yesno', 'yes/no', resolve(q));
  return buildTask('list', lower.split(' ')[0] ?? 'what', resolve(q), true);
}

function previousSubject(task: TTask): string | undefined {
  const match =
    /^(?:the (?:purpose|effect|difference|function|role) of |what )?(?:an? |the )?(.+)$/i.exec(
      task.object,
    );
  const subject = match?.[1]?.trim();
  return subject && subject.split(' ').length <= 10 ? subject : undefined;
}

function buildTask(demand: TDemand, verb: string, object: string, quoteAsQuestion = false): TTask {
  const cleaned = object.replace(/\s+/g, ' ').trim();
  const count = COUNTED.has(demand) ? findCount(cleaned) : undefined;
  const source =
    /\b(?:from|in|of) (?:the|your) ((?:student'?s? )?(?:article|story|text|passage|poem|experiment|investigation|data|table|graph|results?|diagram|source|lecture))\b/.exec(
      cleaned,
    )?.[1];
  return {
    demand,
    verb: quoteAsQuestion ? 'question' : verb,
    object: quoteAsQuestion ? `${cleaned}?` : cleaned,
    ...(count ? { count } : {}),
    compares:
      demand !== 'compare' &&
      /\b(similar|similarit|differ|different|difference|compared?|whereas|contrast)/i.test(cleaned),
    ...(source ? { source: source.toLowerCase() } : {}),
  };
}

/** Demands where "N things" is how many the answer must give. */
const COUNTED = new Set<TDemand>([
  'list',
  'describe',
  'explain',
  'suggest',
  'outline',
  'justify',
  'evaluate',
  'compare',
]);

const COUNT =
  /\b(?:(at least|exactly|only|up to)\s+)?(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|single)\s+(?:(?:of the|of your)\s+)?((?:(?!and\b|or\b|to\b|in\b|that\b|which\b|from\b|for\b|by\b|with\b|on\b|the\b)[a-z][a-z'-]*(?:\s+|$)){1,4})/i;

/** "at least three pieces of information" → 3 "pieces of information"; not "1-3 sentences". */
function findCount(object: string): TTask['count'] | undefined {
  const m = COUNT.exec(object);
  if (!m) return undefined;
  const number = (m[2] ?? '').toLowerCase();
  const n = /^\d+$/.test(number) ? Number(number) : NUMBER_WORDS[number];
  let items = (m[3] ?? '').trim();
  const before = object.slice(0, m.index);
  if (n === undefined || n < 1 || n > 10 || /(?:[-–]|factor of|than|=)\s*$/.test(before)) {
    return undefined;
  }
  if (/^(sentences?|times?|seconds?|minutes?|hours?|words?)\b/i.test(items)) return undefined;
  // "pieces of information", "ways the student could": keep "of" phrases, drop trailing verbs.
  const ofMatch = new RegExp(`${escape(items)}\\s+of\\s+([a-z][a-z-]*)`, 'i').exec(
    object.slice(m.index),
  );
  if (
    ofMatch?.[1] &&
    /^(?:pieces?|kinds?|types?|examples?|items?|sources?)$/i.test(items.split(' ').at(-1) ?? '')
  ) {
    items = `${items} of ${ofMatch[1]}`;
  }
  items = items
    .replace(/\s+(?:used|involved|that|which|shown|could|can|should|would)(?:\s.*)?$/i, '')
    .replace(/\s+of$/i, '');
  return { n, written: `${m[1] ? `${m[1]} ` : ''}${m[2] ?? ''}`.trim(), items };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "list and describe four steps": the first command shares the second one's object. */
export function mergeShared(tasks: TTask[]): TTask[] {
  return tasks.map((task, i) => {
    const next = tasks[i + 1];
    if (task.object !== '' || !next) return task;
    return { ...next, demand: task.demand, verb: task.verb };
  });
}

export function stripEnd(text: string): string {
  return text
    .trim()
    .replace(/^[,;:\s]+/, '')
    .replace(/[\s,;:.?!]+$/, '')
    .trim();
}
