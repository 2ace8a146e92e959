import { describe, expect, it } from 'vitest';
import { writeOfflineRubric } from '../language/offline-rubric';
import { combineRubric } from '../language/rubric.format';
import { criteriaModelOf } from './criteria';
import { markOffline } from './offline-marker';
import { questionModel } from './question-model';

/**
 * Product sanity for the default set-up: a teacher writes a question, the offline writer drafts its
 * rubric (no subject content, only what a good answer must do), and the offline marker marks with
 * it. A correct, developed answer must reach the High Mark Range; a copy of the question, an
 * unrelated answer and "I don't know" must not score; a partial answer sits in between.
 */

type TCase = {
  question: string;
  marks: number;
  low: [number, number];
  high: [number, number];
  strong: string;
  partial: string;
  restated: string;
  offTopic: string;
};

const CASES: TCase[] = [
  {
    question: 'Explain why a metal spoon feels colder than a wooden spoon at the same temperature.',
    marks: 3,
    low: [0, 0],
    high: [2, 3],
    strong:
      'Metal is a good thermal conductor, so it takes heat away from your hand quickly and feels cold. Wood is an insulator so it conducts heat slowly and feels warmer, even though both are at the same temperature.',
    partial: 'The metal spoon conducts heat away from your hand faster than the wooden spoon.',
    restated: 'The metal spoon feels colder than a wooden spoon at the same temperature.',
    offTopic: 'I like football and pizza.',
  },
  {
    question: 'Explain why the Moon appears to change shape during the month.',
    marks: 4,
    low: [0, 1],
    high: [3, 4],
    strong:
      'The Moon does not make its own light; we see sunlight reflected from it. As the Moon orbits the Earth, we see different amounts of its lit half, so the shape we see changes from new moon to full moon and back over about a month.',
    partial: 'The Moon orbits the Earth and we see different parts of it lit up.',
    restated: 'The Moon changes shape.',
    offTopic: 'My favourite film is about dragons.',
  },
  {
    question: 'Describe how the heart pumps blood around the body.',
    marks: 4,
    low: [0, 1],
    high: [3, 4],
    strong:
      'The heart muscle contracts to push blood out. The right side pumps deoxygenated blood to the lungs and the left side pumps oxygenated blood through the aorta to the body. Valves stop the blood flowing backwards.',
    partial: 'The heart muscle squeezes and pushes blood into the arteries.',
    restated: 'The heart pumps blood.',
    offTopic: 'Volcanoes erupt when magma rises through the crust.',
  },
  {
    question: 'Describe what happens to the particles in ice when it melts.',
    marks: 3,
    low: [0, 0],
    high: [2, 3],
    strong:
      'In ice the particles are held in fixed positions and only vibrate. When it is heated the particles gain energy and vibrate more, until they break free of their fixed positions. Then they can move around each other, so the ice becomes liquid water.',
    partial: 'The particles start to move around more.',
    restated: 'The ice melts.',
    offTopic: 'The French Revolution began in 1789.',
  },
  {
    question: 'Name two renewable energy resources and give one advantage of each.',
    marks: 4,
    low: [0, 1],
    high: [3, 4],
    strong:
      'Wind power does not produce carbon dioxide when it generates electricity. Solar power will never run out because the sun keeps shining.',
    partial: 'Wind and solar.',
    restated: 'Renewable energy resources have advantages.',
    offTopic: 'My cat sleeps on the sofa all afternoon.',
  },
  {
    question: 'Name three greenhouse gases.',
    marks: 3,
    low: [0, 0],
    high: [2, 3],
    strong: 'Carbon dioxide, methane and water vapour.',
    partial: 'Carbon dioxide.',
    restated: 'Greenhouse gases.',
    offTopic: 'Shakespeare wrote plays in London.',
  },
  {
    question: 'Compare aerobic and anaerobic respiration.',
    marks: 4,
    low: [0, 1],
    high: [3, 4],
    strong:
      'Both release energy from glucose. Aerobic respiration needs oxygen and produces carbon dioxide and water, whereas anaerobic respiration happens without oxygen and produces lactic acid in muscles. Aerobic respiration releases much more energy than anaerobic respiration.',
    partial: 'Aerobic respiration uses oxygen. Anaerobic does not.',
    restated: 'Aerobic and anaerobic respiration.',
    offTopic: 'The Eiffel Tower is in Paris.',
  },
  {
    question: 'Calculate the speed of a car that travels 150 m in 10 s. Show your working.',
    marks: 2,
    low: [0, 0],
    high: [2, 2],
    strong: 'speed = distance / time = 150 / 10 = 15 m/s',
    partial: 'speed = 150 / 10',
    restated: 'The speed of the car.',
    offTopic: 'I enjoy painting landscapes.',
  },
  {
    question: 'Suggest one way to make the experiment a fair test and explain why it helps.',
    marks: 2,
    low: [0, 0],
    high: [2, 2],
    strong:
      'Use the same volume of water in every test, because then only the temperature changes and the results can be compared.',
    partial: 'Use the same volume of water.',
    restated: 'Make the experiment a fair test.',
    offTopic: 'Football is popular in Brazil.',
  },
  {
    question: 'Evaluate the use of wind turbines to generate electricity.',
    marks: 4,
    low: [0, 1],
    high: [3, 4],
    strong:
      'An advantage is that wind turbines produce no carbon dioxide while generating electricity and the wind will never run out. However, a disadvantage is that they do not generate electricity when there is no wind, and some people think they spoil the landscape. Overall they are useful but need to be used alongside other power stations.',
    partial: 'Wind turbines do not pollute the air.',
    restated: 'Wind turbines generate electricity.',
    offTopic: 'Romeo loves Juliet.',
  },
];

const range = ([start, end]: [number, number]) => `${start}-${end}`;

function rubricOf(c: TCase): string {
  const low = { start: c.low[0], end: c.low[1] };
  const high = { start: c.high[0], end: c.high[1] };
  const written = writeOfflineRubric({ question: c.question, marks: c.marks, low, high });
  return combineRubric(written.low, written.high, range(c.low), range(c.high));
}

function mark(c: TCase, answer: string, rubric = rubricOf(c)) {
  return markOffline({
    question: c.question,
    marks: c.marks,
    rubric,
    lowMarkRange: range(c.low),
    highMarkRange: range(c.high),
    referenceAnswer: '',
    answer,
  });
}

describe('marking with the offline writer’s rubric', () => {
  it.each(CASES)('reads "$question" by what its rubric asks for', (c) => {
    expect(criteriaModelOf(questionModel(c.question, rubricOf(c)))).toBeDefined();
  });

  it.each(CASES)('puts a correct, developed answer to "$question" in the high range', (c) => {
    const result = mark(c, c.strong);
    expect(result.score).toBeGreaterThanOrEqual(c.high[0]);
    expect(result.aiComment).toMatch(/^Your response is (?:correct|partially correct)\. You /);
    // The rubric's own wording is never quoted back as if it were content to add.
    expect(`${result.aiComment} ${result.suggestion}`).not.toMatch(/key terms correctly|mechanism/);
  });

  it.each(CASES)('gives a partial answer to "$question" less than a full one', (c) => {
    const partial = mark(c, c.partial);
    expect(partial.score).toBeLessThan(mark(c, c.strong).score);
    expect(partial.score).toBeLessThanOrEqual(c.high[0]);
    expect(partial.suggestion).toMatch(/^To improve, /);
  });

  it.each(CASES)(
    'gives a copy of "$question", "I don\'t know" and an unrelated answer nothing above the low range',
    (c) => {
      const restated = mark(c, c.restated);
      expect(restated.score).toBeLessThanOrEqual(c.low[1]);
      expect(mark(c, "I don't know").score).toBe(0);
      expect(mark(c, c.offTopic).score).toBe(c.low[0]);
    },
  );

  it('names only the key terms an answer uses whole, and asks a reason given for a further one', () => {
    const [spoon] = CASES;
    if (!spoon) throw new Error('no case');
    const result = mark(spoon, 'Metal feels colder because it is a conductor.');
    // It wrote "Metal", not "metal spoon", and it did give a reason ("because").
    expect(result.aiComment).not.toContain('"metal spoon"');
    expect(`${result.aiComment} ${result.suggestion}`).not.toMatch(/explain why: link each cause/);
    expect(result.suggestion).toContain('give a further reason');
  });

  it('says when an answer only repeats the question', () => {
    const [spoon] = CASES;
    if (!spoon) throw new Error('no case');
    const result = mark(spoon, spoon.restated);
    expect(result.score).toBe(0);
    expect(result.aiComment).toBe(
      'Your answer repeats the question without adding anything of its own.',
    );
    expect(mark(spoon, spoon.offTopic).aiComment).toMatch(
      /^Your answer does not address the question/,
    );
  });

  it('reads a short answer that points back at the question ("They carry oxygen.") as on topic', () => {
    const c: TCase = {
      question: 'What is the function of the red blood cells?',
      marks: 2,
      low: [0, 0],
      high: [2, 2],
      strong:
        'Red blood cells carry oxygen from the lungs to the cells of the body, using haemoglobin which binds to oxygen.',
      partial: 'They carry oxygen.',
      restated: 'They are red.',
      offTopic: 'The Nile is a long river.',
    };
    expect(mark(c, c.strong).score).toBe(2);
    expect(mark(c, c.partial).score).toBe(1);
    expect(mark(c, c.restated).score).toBe(0);
  });

  it('marks by content when the teacher adds a point of subject content to the drafted rubric', () => {
    const [spoon] = CASES;
    if (!spoon) throw new Error('no case');
    const drafted = writeOfflineRubric({
      question: spoon.question,
      marks: 3,
      low: { start: 0, end: 0 },
      high: { start: 2, end: 3 },
    });
    const high = drafted.high.replace(
      '- Uses the key terms',
      '- Metal is a good thermal conductor, so it takes heat from the hand quickly; wood is a poor conductor (an insulator).\n- Uses the key terms',
    );
    const rubric = combineRubric(drafted.low, high, '0-0', '2-3');
    expect(criteriaModelOf(questionModel(spoon.question, rubric))).toBeUndefined();
    const strong = mark(spoon, spoon.strong, rubric);
    expect(strong.score).toBe(3);
    expect(strong.aiComment).toContain('metal is a good thermal conductor');
    const weak = mark(spoon, 'Because metal is colder.', rubric);
    expect(weak.score).toBe(0);
    // Only the teacher's content is suggested, not the drafted lines about form.
    expect(weak.suggestion).toContain('metal is a good thermal conductor');
    expect(weak.suggestion).not.toMatch(/key terms correctly/);
  });

  it('keeps rubrics that list subject content on the content path', () => {
    const rubric =
      'Low Mark Range (0-0):\nNo correct process.\n\nHigh Mark Range (2-3):\nPossible correct responses:\n- Diffusion moves particles from high to low concentration.\n- Osmosis moves water across a partially permeable membrane.\n- Active transport uses energy to move substances against a concentration gradient.';
    const question = 'List and describe three processes used by cells to move substances.';
    expect(criteriaModelOf(questionModel(question, rubric))).toBeUndefined();
  });
});
