/**
 * Word lists for reading a question without a language model: command words and the demand each
 * one makes, number words, and the function words that separate key terms.
 */

/** What a task asks the student to do; each demand has its own high-band and low-band wording. */
export type TDemand =
  | 'explain'
  | 'describe'
  | 'outline'
  | 'compare'
  | 'calculate'
  | 'list'
  | 'define'
  | 'evaluate'
  | 'justify'
  | 'suggest'
  | 'predict'
  | 'conclude'
  | 'choose'
  | 'order'
  | 'effect'
  | 'purpose'
  | 'yesno'
  | 'process'
  | 'analyse'
  | 'show'
  | 'draw'
  | 'classify'
  | 'answer';

/** Imperative command words (lower case) → demand. */
export const COMMANDS: Record<string, TDemand> = {
  explain: 'explain',
  account: 'explain',
  justify: 'justify',
  support: 'justify',
  describe: 'describe',
  illustrate: 'describe',
  outline: 'outline',
  summarise: 'outline',
  summarize: 'outline',
  compare: 'compare',
  contrast: 'compare',
  distinguish: 'compare',
  differentiate: 'compare',
  calculate: 'calculate',
  compute: 'calculate',
  determine: 'calculate',
  estimate: 'calculate',
  solve: 'calculate',
  convert: 'calculate',
  find: 'calculate',
  work: 'calculate',
  name: 'list',
  list: 'list',
  state: 'list',
  give: 'list',
  identify: 'list',
  mention: 'list',
  include: 'list',
  provide: 'list',
  write: 'list',
  define: 'define',
  evaluate: 'evaluate',
  assess: 'evaluate',
  discuss: 'evaluate',
  critique: 'evaluate',
  judge: 'evaluate',
  suggest: 'suggest',
  propose: 'suggest',
  recommend: 'suggest',
  predict: 'predict',
  hypothesise: 'predict',
  hypothesize: 'predict',
  conclude: 'conclude',
  choose: 'choose',
  select: 'choose',
  pick: 'choose',
  arrange: 'order',
  order: 'order',
  rank: 'order',
  sort: 'order',
  show: 'show',
  prove: 'show',
  derive: 'show',
  deduce: 'show',
  draw: 'draw',
  sketch: 'draw',
  plot: 'draw',
  label: 'draw',
  analyse: 'analyse',
  analyze: 'analyse',
  interpret: 'analyse',
  examine: 'analyse',
  classify: 'classify',
  categorise: 'classify',
  categorize: 'classify',
  use: 'justify',
};

/** Words that open a direct question. */
export const QUESTION_WORDS = new Set(['what', 'why', 'how', 'which', 'where', 'when', 'who']);
export const AUXILIARIES = new Set([
  'does',
  'do',
  'is',
  'are',
  'can',
  'could',
  'will',
  'would',
  'should',
  'has',
  'have',
  'did',
  'was',
  'were',
]);

export { NUMBER_WORDS } from '../../lib/number-words';

/** Fillers that may precede a command word at the start of a clause. */
export const CLAUSE_FILLERS = new Set(['please', 'also', 'then', 'now', 'briefly', 'clearly']);

/**
 * Function words and everyday verbs: they separate the key terms of a question and are never key
 * terms themselves.
 */
export const STOP_WORDS = new Set(
  (
    'a an the and or but nor if then than so as of at by for from in into on onto to with without ' +
    'about above across after against along among around before behind below beneath beside ' +
    'between beyond during except inside near off out outside over per since through throughout ' +
    'toward towards under until up upon via within i me my we us our you your yours he him his she ' +
    'her it its they them their this that these those there here what which who whom whose why ' +
    'how where when whether while is are was were be been being am do does did doing done has have ' +
    'had having can could will would shall should may might must need needs needed ought not no ' +
    'yes all any each every some such other another more most less least much many few several ' +
    'own same both either neither only very just also too even still again ever never always ' +
    'often sometimes usually really quite rather please let lets get gets got make makes made ' +
    'making take takes took taken go goes went come comes came see sees saw seen know known think ' +
    'want wants like use uses used using occur occurs happen happens happened happening offer ' +
    'offers offered include includes included involve involves involved change changes changed ' +
    'affect affects affected help helps allow allows put puts keep keeps set sets become becomes ' +
    'consider assume assumed expect expected learned learnt discussed shown given taught read ' +
    'reading wrote written recorded performed following follow follows based sure well way ways ' +
    'thing things something anything lot lots etc e.g eg i.e ie vs versus one two three four five ' +
    'six seven eight nine ten first second third last next new old good better best bad small ' +
    'large big little long short high low able regarding concerning related according answer ' +
    'answers response question questions student students sentence sentences word words part ' +
    'parts detail details information example examples lecture lesson class text article story ' +
    'passage reader author order rest similar different times minute minutes second seconds ' +
    'hour hours day days working showing however else equal being whole'
  ).split(/\s+/),
);

/**
 * Verbs that questions use around their key terms ("the cells control", "the system reaches") and
 * procedures start their steps with: never key terms.
 */
export const VERBS = new Set(
  (
    'control controls construct modify modified monitor reach reaches reached expect arrive ' +
    'arrives arrived serve served hold holds held manage manages managed flip flipped travel ' +
    'travels travelled traveled appealing support supports supported met increase increases ' +
    'decrease decreases reduce reduces place placing pour remove rinse repeat attach tape add ' +
    'measure record turn wait hang perform designing exposed'
  ).split(/\s+/),
);

/** Nouns that name what to produce rather than what the question is about: kept low in ranking. */
export const GENERIC_NOUNS = new Set(
  (
    'difference differences similarity similarities advantage advantages disadvantage ' +
    'disadvantages benefit benefits objective objectives challenge challenges reason reasons ' +
    'purpose effect effects result results data conclusion conclusions step steps stage stages ' +
    'phase phases process processes method methods feature features property properties type ' +
    'types kind kinds piece pieces problem problems requirement requirements factor factors ' +
    'experiment investigation procedure justification evidence description explanation trait ' +
    'significance effect impact role function use uses'
  ).split(/\s+/),
);

/**
 * Units a numeric answer may need (matched after a number, case-sensitive where it matters). The
 * number may group its thousands with spaces ("180 000 J"), never starting mid-group.
 */
export const UNIT_PATTERN =
  /(?<![\w.]|\d[ \u2009\u202f])(\d{1,3}(?:[ \u2009\u202f]\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)\s*(°\s*[CF]|%|[kKmMG]?(?:b|B)\s*\/\s*s|km\/h|m\/s²?|m\/s|g\/cm³|kg\/m³|[cdkm]?m[²³]|mm|cm|km|kg|mg|g|ml|mL|L|ms|min|minutes?|hours?|h|seconds?|s|m|N|J|kJ|W|kW|V|A|Ω|Hz|kHz|MHz|mol|K|Pa|kPa|bytes?|bits?|packets?)(?![\w])/g;
