/**
 * A small hand-written synonym and lemma map for common school-science and everyday words. Each group
 * is written as `canonical: variant variant ...`; every variant (and the canonical word) is mapped to
 * the canonical word before stemming. Groups join words a teacher would accept for one another; they
 * never join opposites.
 */
const GROUPS = `
amount: amount amounts quantity quantities volume volumes
type: type types kind kinds sort brand brands variety varieties
size: size sizes big bigger biggest large larger largest dimension dimensions
small: small smaller smallest tiny little
increase: increase increases increased increasing rise rises rose risen rising grow grows grew grown growing raise raised gain gains expand expands expanded
decrease: decrease decreases decreased decreasing reduce reduces reduced reducing reduction drop drops dropped fall falls fell decline declines declined shrink shrinks lessen diminish diminishes
fast: fast faster fastest quick quicker quickest quickly rapid rapidly speedy
slow: slow slower slowest slowly slows slowed slowing decelerate decelerates decelerated decelerating deceleration
accelerate: accelerate accelerates accelerated accelerating acceleration
downward: downward downwards downwardly
same: same identical equal equally constant consistent uniform
different: different differ differs differed difference differences vary varies varied variation various distinct
repeat: repeat repeats repeated repeating replicate replicated redo trial trials retest
measure: measure measures measured measuring measurement measurements
dense: dense denser densest
mass: mass masses weigh weighs weighed weighing heavy heavier
weight: weight weights
container: container containers cup cups jar jars beaker beakers bowl bowls
rinse: rinse rinsed rinsing wash washed washing
heat: heat heats heated heating hot hotter hottest warm warmer warmest warmth
cold: cold colder coldest cool cooler coolest chilly
dark: dark darker darkest
light: light lighter lightest
absorb: absorb absorbs absorbed absorbing absorption soak soaks soaked
reflect: reflect reflects reflected reflecting reflection bounce bounces
move: move moves moved moving movement movements travel travels traveled travelled travelling traveling motion
produce: produce produces produced producing create creates created creating generate generates generated build builds built synthesize synthesizes synthesized synthesise synthesised
bond: bond bonds bonded bonding link links linked linking join joins joined joining connect connects connected attach attaches attached
danger: danger dangers dangerous harmful harm harms threat threats threaten threatens risk risks risky
help: help helps helped helping aid aids assist assists assisted
conclusion: conclusion conclusions conclude concludes concluded
stretch: stretch stretches stretched stretching stretchy stretchable stretchability elastic elasticity
strong: strong stronger strongest strength
weak: weak weaker weakest weakness
long: long longer longest length lengths
short: short shorter shortest
time: time times duration period
number: number numbers count counts
good: good better best
bad: bad worse worst
more: more most
less: less least fewer fewest
high: high higher highest
low: low lower lowest
temperature: temperature temperatures temp temps
information: information info
experiment: experiment experiments investigation investigations
result: result results outcome outcomes finding findings
`;

/** Phrases rewritten before tokenising ("how much" names an amount). */
export const PHRASES: [RegExp, string][] = [
  [/\bhow much\b/g, 'amount'],
  [/\bhow many\b/g, 'number'],
  [/\bhow long\b/g, 'time'],
  // Formulas written for the substance's name ("H2" for hydrogen); an equation is read before this
  // as one token (text.ts), so only a formula on its own is renamed.
  ...(
    [
      ['h2', 'hydrogen'],
      ['o2', 'oxygen'],
      ['n2', 'nitrogen'],
      ['cl2', 'chlorine'],
      ['co2', 'carbon dioxide'],
      ['h2o', 'water'],
      ['nacl', 'sodium chloride'],
      ['ch4', 'methane'],
      ['nh3', 'ammonia'],
      ['hcl', 'hydrochloric acid'],
    ] as const
  ).map(([formula, name]): [RegExp, string] => [new RegExp(`\\b${formula}\\b`, 'g'), name]),
  // A reaction that "slows down" is one whose rate falls (a ball that slows down decelerates).
  [/\breactions? (?:slows?|slowed|slowing) down\b/g, 'rate of reaction decreases'],
  [/\breactions? (?:speeds?|sped|speeding) up\b/g, 'rate of reaction increases'],
  [/\bgo(es)? up\b/g, 'increase'],
  [/\bgo(es)? down\b/g, 'decrease'],
  // "It gets lower when hotter": a change said with a comparative, and the temperature by its feel
  // when it is the condition.
  [/\b(?:gets?|getting|got|becomes?|becoming|became) (?:lower|smaller|less)\b/g, 'decrease'],
  [
    /\b(?:gets?|getting|got|becomes?|becoming|became) (?:higher|bigger|larger|greater)\b/g,
    'increase',
  ],
  // Only as a condition ("when hotter"): "the doghouse will be warmer" keeps its word.
  [
    /\b(as|when|if|while) (?:it is |it gets |it's |it becomes |gets |getting )?(?:hotter|warmer)\b/g,
    '$1 temperature increases',
  ],
  [
    /\b(as|when|if|while) (?:it is |it gets |it's |it becomes |gets |getting )?(?:colder|cooler)\b/g,
    '$1 temperature decreases',
  ],
  // The energy stores by name: "potential energy" is a store of energy, as a rubric's "names one
  // store of energy" means.
  [
    /\b((?:gravitational |elastic )?potential|kinetic|thermal|chemical|nuclear) energy\b(?! store)/g,
    '$1 energy store',
  ],
  [/\btake[sn]? in\b/g, 'absorb'],
  // Physics in plain words: "slows down" is decelerating, "speeds up" is accelerating, and a force
  // that "pulls it down" acts downwards (bare "down" stays a stopword elsewhere).
  // The energy stores by the abbreviations pupils write (after lower-casing).
  [/\b(?:gpe|g\.p\.e\.)(?!\w)/g, 'gravitational potential energy'],
  [/\b(?:epe|e\.p\.e\.)(?!\w)/g, 'elastic potential energy'],
  [/\b(?:ke|k\.e\.)(?!\w)/g, 'kinetic energy'],
  // "Stays the same everywhere" is what a rubric writes as "does not change with place": both are
  // read as "unchanged", with no negation left in the answer to contradict its other points ("mass stays
  // the same" is not the opposite of "weight is the force of gravity on that mass").
  [
    /\b(?:stay|stays|stayed|staying|remain|remains|remained|remaining) (?:the same|constant|unchanged)\b/g,
    'unchanged',
  ],
  [/\b(?:does|do|did|will|would) not change\b/g, 'unchanged'],
  [/\b(?:everywhere|anywhere|wherever you (?:are|go))\b/g, 'in any place'],
  // A bare "g" multiplied in ("mass times g") or compared ("g is smaller on the Moon") is the
  // gravitational field strength; elsewhere it may be grams or guanine (ASAP's protein sets).
  [
    /(?<=\b(?:times|x|×|\*|mass|m) )g(?![\w'.])|(?<![\w'.]|\d\s?)g(?= (?:is|was|gets|becomes) (?:smaller|weaker|less|lower|bigger|larger|greater|stronger|higher)\b| on the (?:moon|earth)\b)/g,
    'gravitational field strength',
  ],
  // "Gravity on the Moon is weaker" is the rubric's "the gravitational field strength on the Moon is
  // smaller" in a pupil's words (weaker and smaller are not synonyms elsewhere: a weak acid). Only
  // this direction: "stronger on Earth" read as "larger" would contradict "smaller on the Moon".
  [
    /\b(?:gravity|gravitational (?:pull|force|field(?: strength)?))((?: (?:on|of) (?:the )?(?:moon|earth|mars|jupiter|planet))?) (is|was|gets|becomes) (?:weaker|less|lower|smaller)\b/g,
    'gravitational field strength$1 $2 smaller',
  ],
  [/\bslow(s|ed|ing)? down\b/g, 'slow$1'],
  [/\bspeed(s|ed|ing)? up\b/g, 'accelerate'],
  [
    /\b((?:pull|push|act|fall|fell|drop|accelerat|mov|sink|sank|bring|brought)\w*)((?: (?:it|them|things|objects?|the \w+|back))?) down\b/g,
    '$1$2 downward',
  ],
];

function buildSynonyms(): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of GROUPS.split('\n')) {
    const [, canonical, variants] = /^(\w+):\s*(.+)$/.exec(line.trim()) ?? [];
    if (!canonical || !variants) continue;
    for (const variant of variants.split(/\s+/)) map.set(variant, canonical);
  }
  return map;
}

/** Word -> canonical word. */
export const SYNONYMS: ReadonlyMap<string, string> = buildSynonyms();
