import { quadraticWeightedKappa } from '../metrics';
import { dotScattered, HASH_BITS, scatter, type TSparse } from './features';

/**
 * A per-question model learned from teacher-marked answers: kernel ridge regression (in its dual
 * form, fast when answers are fewer than features) on hashed word, word-pair and character n-grams
 * plus a few dense features the rubric engine reads (its zero-shot share, key-point coverage,
 * legibility, length...), with a linear, a Gaussian or a quadratic kernel. The target is the share
 * of the marks.
 *
 * It is blended with the rubric engine: `weight · learned + (1 − weight) · rubric`. The kernel, the
 * ridge penalty, the weight and (from 50 examples) the cut points between marks are chosen by k-fold
 * cross-validation on the examples themselves (the rubric engine is cross-validated the same way,
 * marking each fold with the other folds as its examples). When the blend does not beat the rubric
 * engine alone on the held-out folds (below 150 examples, also with its own choice cross-validated)
 * the weight is 0, so with useless examples (random marks, too few, nearly all the same mark) the
 * marks are the rubric engine's.
 */

export const LEARNED = {
  /** Fewer teacher-marked examples than this: no model (the rubric engine marks alone). */
  minExamples: 40,
  /** At most this many examples are learned from (the newest first, as the caller orders them). */
  maxExamples: 500,
  folds: 5,
  /** Ridge penalties tried, in units of the kernel's mean diagonal. */
  lambdas: [0.01, 0.03, 0.1, 0.3, 1, 3] as readonly number[],
  /**
   * Kernels tried; the one with the smallest cross-validated squared error is kept. The quadratic
   * kernel (pairs of features: words that count only together) added +0.002 / +0.003 at 100 / 300
   * examples on the tuning sets over five splits (cubic: −0.006 / +0.002).
   */
  kernels: [
    { kind: 'linear' },
    { kind: 'rbf', gamma: 1 },
    { kind: 'poly', degree: 2 },
  ] as readonly TKernel[],
  /** Weight of the standardised dense features against the n-gram block (unit length). */
  denseWeight: 0.5,
  /** Blend weights tried (the chosen one is then shrunk by n / (n + shrink)). */
  weightStep: 0.05,
  shrink: 5,
  /** Stretches of the blend around the examples' mean tried (ridge and blending pull toward it). */
  stretches: [1, 1.15, 1.3, 1.5, 1.75] as readonly number[],
  /** Quantiles of the blended scores tried as cut points. */
  cutGrid: 40,
  /** Cut points are fitted from this many examples on. */
  minCutExamples: 50,
  /**
   * The blend must beat the rubric engine's cross-validated QWK by margin / √n, twice that below
   * `smallSample` examples (there the held-out folds' QWK is too noisy: with 0.25 at 50 examples
   * the blend fell below the rubric engine on three tuning sets; 0.5 from 100 on kept it out of
   * sets where it helped).
   */
  margin: 0.25,
  smallSample: 100,
  /**
   * Below this many examples the choice of the blend is itself cross-validated (on each fold, the
   * weight and stretch chosen on the other folds), and that honest QWK must beat the rubric engine's
   * by nestedMargin / √n: the plain choice's QWK is the best of 100 blends on the same folds, and at
   * 50–100 examples it often wins by luck (on the tuning sets over five splits the blend was below
   * the rubric engine on three single splits at 100 examples; with this check, on none).
   */
  nestedBlendBelow: 150,
  nestedMargin: 0.25,
  /** ...with at least this many examples off the most common mark... */
  minInformative: 10,
  /** ...and the learned model alone must reach this cross-validated QWK (random marks do not). */
  minLearnedQwk: 0.2,
} as const;

/** One teacher-marked answer as the model sees it. */
export type TLearnedExample = {
  features: TSparse;
  /** Dense features (same length for every example). */
  dense: readonly number[];
  /** The teacher's mark as a share of the question's marks, 0..1. */
  share: number;
};

export type TLearnedFitOptions = {
  marks: number;
  /**
   * The rubric engine's share (0..1) for each example of `test`, marked with the examples of
   * `train` as its worked examples (indices into the examples given to `fitLearned`).
   */
  rubricShares: (train: readonly number[], test: readonly number[]) => number[];
};

export type TCrossValidation = {
  /** Held-out-fold QWK of the rubric engine alone, the learned model alone and the chosen blend. */
  rubricQwk: number;
  learnedQwk: number;
  blendQwk: number;
  /** Below `nestedBlendBelow` examples: the blend's QWK with its choice cross-validated too. */
  nestedQwk: number | null;
};

export type TLearnedModel = {
  examples: number;
  lambda: number;
  /** Share of the learned model in the blend, 0..1 (0: the rubric engine marks alone). */
  weight: number;
  /** The blend is stretched by this around `center`, the examples' mean share. */
  stretch: number;
  center: number;
  marks: number;
  /** Cut points of the blended score (0..marks) chosen for QWK; null: plain rounding. */
  cuts: number[] | null;
  /** The kernel chosen by cross-validation. */
  kernel: TKernel['kind'];
  cv: TCrossValidation;
  fitMs: number;
  timings: { gramMs: number; rubricMs: number };
  /** The learned share of the marks for one answer (clamped to 0..1). */
  predict(features: TSparse, dense: readonly number[]): number;
};

/** How far the blend's cross-validated QWK must beat the rubric engine's, with `n` examples. */
export function blendMargin(n: number): number {
  return ((n < LEARNED.smallSample ? 2 : 1) * LEARNED.margin) / Math.sqrt(Math.max(1, n));
}

/** The blended share of the marks. */
export function blendShare(model: TLearnedModel, learned: number, rubric: number): number {
  if (model.weight <= 0) return rubric;
  const share = stretched(
    model.center,
    model.stretch,
    model.weight * learned + (1 - model.weight) * rubric,
  );
  return model.cuts
    ? calibrated(share * model.marks, model.cuts, model.marks) / model.marks
    : share;
}

/** Category of `x` (0..marks) under increasing cut points. */
function categoryOf(x: number, cuts: readonly number[]): number {
  let c = 0;
  while (c < cuts.length && x >= (cuts[c] ?? Infinity)) c++;
  return c;
}

/**
 * Moves the cut points to k − ½ by a monotone piecewise-linear map of 0..marks onto itself, so that
 * rounding the mapped score gives the categories the cut points chose.
 */
export function calibrated(x: number, cuts: readonly number[], marks: number): number {
  const knots: [number, number][] = [
    [0, 0],
    ...cuts.map((c, k): [number, number] => [c, k + 0.5]),
    [marks, marks],
  ];
  if (x <= 0) return 0;
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i] ?? [marks, marks];
    const [x0, y0] = knots[i - 1] ?? [0, 0];
    if (x <= x1) return x1 > x0 ? y0 + ((x - x0) * (y1 - y0)) / (x1 - x0) : y1;
  }
  return marks;
}

/** Cut points on 0..marks maximising QWK of the categories of `x` against `y` (coordinate search). */
export function fitCuts(x: readonly number[], y: readonly number[], marks: number): number[] {
  const cuts = Array.from({ length: marks }, (_, k) => k + 0.5);
  const sorted = [...x].sort((a, b) => a - b);
  const grid = new Set<number>();
  for (let q = 1; q < LEARNED.cutGrid; q++) {
    const v = sorted[Math.floor((q / LEARNED.cutGrid) * sorted.length)];
    if (v !== undefined) grid.add(v);
  }
  for (let k = 0; k < marks; k++) grid.add(k + 0.5);
  const candidates = [...grid].filter((v) => v > 0.01 && v < marks - 0.01).sort((a, b) => a - b);
  const qwkWith = (c: readonly number[]) =>
    quadraticWeightedKappa(
      x.map((v) => categoryOf(v, c)),
      y,
      marks,
    );
  let best = qwkWith(cuts);
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < marks; k++) {
      const lo = k > 0 ? (cuts[k - 1] ?? 0) : 0;
      const hi = k < marks - 1 ? (cuts[k + 1] ?? marks) : marks;
      for (const v of candidates) {
        if (v <= lo || v >= hi) continue;
        const trial = [...cuts];
        trial[k] = v;
        const q = qwkWith(trial);
        if (q > best + 1e-9) {
          best = q;
          cuts[k] = v;
        }
      }
    }
  }
  return cuts;
}

type TBlendChoice = { weight: number; stretch: number; qwk: number };

/**
 * The blend (weight of the learned model, stretch around the examples' mean) whose held-out-fold
 * predictions agree best with the teacher on the examples `among`; weight 0 when none beats the
 * rubric engine alone there.
 */
export function chooseBlend(
  learned: readonly number[],
  rubric: readonly number[],
  shares: readonly number[],
  among: readonly number[],
  marks: number,
  mean: number,
): TBlendChoice {
  const l = among.map((i) => learned[i] ?? 0);
  const r = among.map((i) => rubric[i] ?? 0);
  const y = among.map((i) => shares[i] ?? 0);
  let chosen: TBlendChoice = { weight: 0, stretch: 1, qwk: qwkOf(r, y, marks) };
  for (let step = 1; step * LEARNED.weightStep <= 1 + 1e-9; step++) {
    const w = step * LEARNED.weightStep;
    for (const stretch of LEARNED.stretches) {
      const blended = l.map((v, i) => stretched(mean, stretch, w * v + (1 - w) * (r[i] ?? 0)));
      const qwk = qwkOf(blended, y, marks);
      if (qwk > chosen.qwk + 1e-9) chosen = { weight: w, stretch, qwk };
    }
  }
  return chosen;
}

/**
 * QWK of the blend when its choice is cross-validated too: each fold is blended with the weight
 * and stretch chosen on the other folds (an honest figure, where the plain choice's is the best of
 * many tried on the same answers).
 */
export function nestedBlendQwk(
  learned: readonly number[],
  rubric: readonly number[],
  shares: readonly number[],
  folds: readonly (readonly number[])[],
  marks: number,
  mean: number,
): number {
  const blended = new Array<number>(shares.length).fill(0);
  folds.forEach((fold, f) => {
    const others = folds.flatMap((other, g) => (g === f ? [] : other));
    const c = chooseBlend(learned, rubric, shares, others, marks, mean);
    for (const i of fold) {
      blended[i] = stretched(
        mean,
        c.stretch,
        c.weight * (learned[i] ?? 0) + (1 - c.weight) * (rubric[i] ?? 0),
      );
    }
  });
  return qwkOf(blended, shares, marks);
}

/** A share moved away from `center` by `stretch` (undoing a blend's pull toward the mean). */
function stretched(center: number, stretch: number, share: number): number {
  return Math.min(1, Math.max(0, center + stretch * (share - center)));
}

let scratchBuffer: Float64Array | undefined;

/** One dense buffer of all hash buckets, shared (JavaScript runs one fit or prediction at a time). */
function scratch(): Float64Array {
  scratchBuffer ??= new Float64Array(1 << HASH_BITS);
  return scratchBuffer;
}

type TStandardiser = { mean: number[]; scale: number[] };

function standardiser(rows: readonly (readonly number[])[]): TStandardiser {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  if (rows.length === 0 || d === 0) return { mean, scale };
  for (const r of rows)
    for (let j = 0; j < d; j++) mean[j] = (mean[j] ?? 0) + (r[j] ?? 0) / rows.length;
  const sd = new Array<number>(d).fill(0);
  for (const r of rows)
    for (let j = 0; j < d; j++) sd[j] = (sd[j] ?? 0) + ((r[j] ?? 0) - (mean[j] ?? 0)) ** 2;
  const w = Math.sqrt(LEARNED.denseWeight / d);
  for (let j = 0; j < d; j++) {
    const s = Math.sqrt((sd[j] ?? 0) / rows.length);
    scale[j] = s > 1e-9 ? w / s : 0;
  }
  return { mean, scale };
}

function standardise(row: readonly number[], s: TStandardiser): Float64Array {
  return Float64Array.from(s.mean, (m, j) => ((row[j] ?? 0) - m) * (s.scale[j] ?? 0));
}

function denseDot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += (a[j] ?? 0) * (b[j] ?? 0);
  return s;
}

/**
 * A kernel over the features: the plain dot product, a Gaussian of the distance between answers, or
 * a polynomial of the dot product.
 */
export type TKernel =
  { kind: 'linear' } | { kind: 'rbf'; gamma: number } | { kind: 'poly'; degree: number };

function selfDot(a: TSparse): number {
  let s = 0;
  for (const v of a.value) s += v * v;
  return s;
}

/**
 * The kernel from the linear products x·y, x·x, y·y (`scale`, the examples' mean x·x, keeps the
 * Gaussian's width and the penalties in the same units whatever the features).
 */
function kernelValue(
  kernel: TKernel,
  kxy: number,
  kxx: number,
  kyy: number,
  scale: number,
): number {
  if (kernel.kind === 'linear') return kxy;
  if (kernel.kind === 'poly') return scale * (1 + kxy / scale) ** kernel.degree;
  return scale * Math.exp((-kernel.gamma * Math.max(0, kxx + kyy - 2 * kxy)) / scale);
}

/** The n×n Gram matrix of the sparse features (row-major). */
function sparseGram(features: readonly TSparse[], buffer: Float64Array): Float64Array {
  const n = features.length;
  const gram = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const fi = features[i];
    if (!fi) continue;
    scatter(fi, buffer);
    for (let j = i; j < n; j++) {
      const fj = features[j];
      const v = fj ? dotScattered(fj, buffer) : 0;
      gram[i * n + j] = v;
      gram[j * n + i] = v;
    }
    scatter(fi, buffer, true);
  }
  return gram;
}

/** Solves (A + λI) x = b for a symmetric positive semi-definite A by Cholesky (A is m×m). */
function ridgeSolve(a: Float64Array, m: number, lambda: number, b: Float64Array): Float64Array {
  const l = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = (a[i * m + j] ?? 0) + (i === j ? lambda : 0);
      const ri = i * m;
      const rj = j * m;
      for (let k = 0; k < j; k++) s -= (l[ri + k] ?? 0) * (l[rj + k] ?? 0);
      if (i === j) l[ri + i] = Math.sqrt(Math.max(s, 1e-12));
      else l[ri + j] = s / (l[rj + j] ?? 0);
    }
  }
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let s = b[i] ?? 0;
    for (let k = 0; k < i; k++) s -= (l[i * m + k] ?? 0) * (y[k] ?? 0);
    y[i] = s / (l[i * m + i] ?? 0);
  }
  const x = new Float64Array(m);
  for (let i = m - 1; i >= 0; i--) {
    let s = y[i] ?? 0;
    for (let k = i + 1; k < m; k++) s -= (l[k * m + i] ?? 0) * (x[k] ?? 0);
    x[i] = s / (l[i * m + i] ?? 0);
  }
  return x;
}

/** Fits ridge on `train` (indices) and predicts `test`, with the kernel `gram` (n×n). */
function fitPredict(
  gram: Float64Array,
  n: number,
  shares: readonly number[],
  train: readonly number[],
  test: readonly number[],
  lambda: number,
): number[] {
  const m = train.length;
  const sub = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) sub[i * m + j] = gram[(train[i] ?? 0) * n + (train[j] ?? 0)] ?? 0;
  }
  const mean = train.reduce((s, i) => s + (shares[i] ?? 0), 0) / Math.max(1, m);
  const alpha = ridgeSolve(
    sub,
    m,
    lambda,
    Float64Array.from(train, (i) => (shares[i] ?? 0) - mean),
  );
  return test.map((t) => {
    let s = mean;
    for (let i = 0; i < m; i++) s += (alpha[i] ?? 0) * (gram[t * n + (train[i] ?? 0)] ?? 0);
    return Math.min(1, Math.max(0, s));
  });
}

/** A fixed shuffle of 0..n-1 (the same for the same n), cut into `k` folds. */
export function foldsOf(n: number, k: number): number[][] {
  const order = Array.from({ length: n }, (_, i) => i);
  let a = (n * 2654435761) >>> 0;
  for (let i = n - 1; i > 0; i--) {
    a = (Math.imul(a ^ (a >>> 15), 2246822519) + 3266489917) >>> 0;
    const j = a % (i + 1);
    [order[i], order[j]] = [order[j] ?? j, order[i] ?? i];
  }
  const folds: number[][] = Array.from({ length: k }, () => []);
  order.forEach((idx, pos) => folds[pos % k]?.push(idx));
  return folds;
}

function mse(p: readonly number[], y: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += ((p[i] ?? 0) - (y[i] ?? 0)) ** 2;
  return s / Math.max(1, p.length);
}

const qwkOf = (p: readonly number[], y: readonly number[], marks: number) =>
  quadraticWeightedKappa(
    p.map((v) => v * marks),
    y.map((v) => v * marks),
    marks,
  );

/** One kernel ridge model: its penalty, held-out-fold predictions and dual weights on all examples. */
type TKernelFit = {
  kernel: TKernel;
  lambda: number;
  oof: number[];
  alpha: Float64Array;
};

/** Ridge on one kernel's Gram matrix: the penalty chosen by cross-validated squared error. */
function fitKernel(
  kernel: TKernel,
  gram: Float64Array,
  n: number,
  shares: readonly number[],
  folds: readonly (readonly number[])[],
  mean: number,
): TKernelFit {
  let diag = 0;
  for (let i = 0; i < n; i++) diag += (gram[i * n + i] ?? 0) / Math.max(1, n);
  const trainOf = (f: number) => folds.flatMap((fold, g) => (g === f ? [] : fold));
  const tried = new Map<number, { lambda: number; oof: number[]; error: number }>();
  const tryPenalty = (at: number) => {
    const hit = tried.get(at);
    if (hit) return hit;
    const lambda = (LEARNED.lambdas[at] ?? 0) * diag;
    const oof = new Array<number>(n).fill(0);
    folds.forEach((fold, f) => {
      const predicted = fitPredict(gram, n, shares, trainOf(f), fold, lambda);
      fold.forEach((idx, i) => (oof[idx] = predicted[i] ?? 0));
    });
    const result = { lambda, oof, error: mse(oof, shares) };
    tried.set(at, result);
    return result;
  };
  // The held-out error falls then rises with the penalty: walk the grid downhill from its middle
  // rather than trying every penalty (each costs a solve per fold).
  let at = Math.floor(LEARNED.lambdas.length / 2);
  for (;;) {
    const here = tryPenalty(at).error;
    if (at + 1 < LEARNED.lambdas.length && tryPenalty(at + 1).error < here) at++;
    else if (at > 0 && tryPenalty(at - 1).error < here) at--;
    else break;
    if (tryPenalty(at).error >= here) break;
  }
  const best = tryPenalty(at);
  const alpha =
    n > 0
      ? ridgeSolve(
          gram,
          n,
          best.lambda,
          Float64Array.from(shares, (v) => v - mean),
        )
      : new Float64Array(0);
  return { kernel, lambda: best.lambda, oof: best.oof, alpha };
}

/**
 * Fits the learned model on teacher-marked examples and chooses its blend weight with the rubric
 * engine by cross-validation. Deterministic: the same examples in the same order give the same model.
 */
export function fitLearned(
  examples: readonly TLearnedExample[],
  options: TLearnedFitOptions,
): TLearnedModel {
  const started = performance.now();
  const n = examples.length;
  const marks = options.marks;
  const shares = examples.map((e) => Math.min(1, Math.max(0, e.share)));
  const mean = shares.reduce((s, v) => s + v, 0) / Math.max(1, n);
  const standard = standardiser(examples.map((e) => e.dense));
  const dense = examples.map((e) => standardise(e.dense, standard));
  const buffer = scratch();
  const linear = sparseGram(
    examples.map((e) => e.features),
    buffer,
  );
  dense.forEach((di, i) =>
    dense.forEach((dj, j) => (linear[i * n + j] = (linear[i * n + j] ?? 0) + denseDot(di, dj))),
  );
  const selfDots = Float64Array.from({ length: n }, (_, i) => linear[i * n + i] ?? 0);
  const scale = selfDots.reduce((a, b) => a + b, 0) / Math.max(1, n) || 1;
  const gramMs = performance.now() - started;

  const folds = foldsOf(n, Math.min(LEARNED.folds, n));
  const trainOf = (f: number) => folds.flatMap((fold, g) => (g === f ? [] : fold));
  const rubric = new Array<number>(n).fill(0);
  folds.forEach((fold, f) => {
    const predicted = options.rubricShares(trainOf(f), fold);
    fold.forEach((idx, i) => (rubric[idx] = predicted[i] ?? 0));
  });
  const rubricMs = performance.now() - started;

  // One ridge model per kernel (the others' Gram matrices are computed from the linear one).
  const fits = LEARNED.kernels.map((kernel) => {
    const gram =
      kernel.kind === 'linear'
        ? linear
        : Float64Array.from(linear, (kxy, ij) =>
            kernelValue(
              kernel,
              kxy,
              selfDots[Math.floor(ij / n)] ?? 0,
              selfDots[ij % n] ?? 0,
              scale,
            ),
          );
    return fitKernel(kernel, gram, n, shares, folds, mean);
  });
  // The kernel whose held-out folds come closest to the teacher's marks is kept.
  const fit = fits.reduce((a, b) => (mse(b.oof, shares) < mse(a.oof, shares) ? b : a));
  const learnedOof = fit.oof;

  // The blend (weight of the learned model, stretch around the examples' mean) that agrees best
  // with the teachers on the held-out folds; 0 unless it beats the rubric engine alone by a margin
  // that shrinks as examples grow (a small sample's winner is often luck).
  const rubricQwk = qwkOf(rubric, shares, marks);
  const learnedQwk = qwkOf(learnedOof, shares, marks);
  const everyone = shares.map((_, i) => i);
  let chosen = chooseBlend(learnedOof, rubric, shares, everyone, marks, mean);
  const nestedQwk =
    n < LEARNED.nestedBlendBelow && chosen.weight > 0
      ? nestedBlendQwk(learnedOof, rubric, shares, folds, marks, mean)
      : null;
  // The held-out folds tell marks apart only through the examples off the most common mark: when
  // nearly all answers got the same mark, a few of them decide the QWK, so none is trusted.
  const perMark = new Map<number, number>();
  for (const v of shares) {
    const m = Math.floor(v * marks + 0.5);
    perMark.set(m, (perMark.get(m) ?? 0) + 1);
  }
  const informative = n - Math.max(0, ...perMark.values());
  if (
    informative < LEARNED.minInformative ||
    learnedQwk < LEARNED.minLearnedQwk ||
    chosen.qwk < rubricQwk + blendMargin(n) ||
    (nestedQwk !== null && nestedQwk < rubricQwk + LEARNED.nestedMargin / Math.sqrt(n))
  ) {
    chosen = { weight: 0, stretch: 1, qwk: rubricQwk };
  }
  const weight = chosen.weight * (n / (n + LEARNED.shrink));
  const blendQwk = chosen.qwk;

  // With enough examples, the cut points between marks are set where the held-out blend agrees
  // best with the teacher (a regression toward the mean otherwise under-uses the end marks).
  let cuts: number[] | null = null;
  if (weight > 0 && n >= LEARNED.minCutExamples) {
    const blended = learnedOof.map(
      (l, i) =>
        stretched(mean, chosen.stretch, weight * l + (1 - weight) * (rubric[i] ?? 0)) * marks,
    );
    cuts = fitCuts(
      blended,
      shares.map((v) => v * marks),
      marks,
    );
  }

  // A linear model is kept in its primal form (Σ αᵢ xᵢ): marking one answer is one sparse dot
  // product. The other kernels need the answer's dot product with every example.
  const primal = new Map<number, number>();
  const denseWeights = new Float64Array(standard.mean.length);
  if (fit.kernel.kind === 'linear') {
    examples.forEach((e, i) => {
      const a = fit.alpha[i] ?? 0;
      for (let j = 0; j < e.features.index.length; j++) {
        const key = e.features.index[j] ?? 0;
        primal.set(key, (primal.get(key) ?? 0) + a * (e.features.value[j] ?? 0));
      }
      const row = dense[i] ?? new Float64Array(0);
      for (let j = 0; j < row.length; j++)
        denseWeights[j] = (denseWeights[j] ?? 0) + a * (row[j] ?? 0);
    });
  }
  return {
    examples: n,
    lambda: fit.lambda,
    weight,
    stretch: chosen.stretch,
    center: mean,
    marks,
    cuts,
    cv: { rubricQwk, learnedQwk, blendQwk, nestedQwk },
    fitMs: performance.now() - started,
    timings: { gramMs, rubricMs },
    kernel: fit.kernel.kind,
    predict(features, denseRow) {
      const d = standardise(denseRow, standard);
      let s = mean;
      if (fit.kernel.kind === 'linear') {
        s += denseDot(d, denseWeights);
        for (let j = 0; j < features.index.length; j++) {
          s += (primal.get(features.index[j] ?? 0) ?? 0) * (features.value[j] ?? 0);
        }
      } else {
        const kxx = selfDot(features) + denseDot(d, d);
        const buf = scratch();
        scatter(features, buf);
        examples.forEach((e, i) => {
          const kxy = dotScattered(e.features, buf) + denseDot(d, dense[i] ?? d);
          s += (fit.alpha[i] ?? 0) * kernelValue(fit.kernel, kxy, kxx, selfDots[i] ?? 0, scale);
        });
        scatter(features, buf, true);
      }
      return Math.min(1, Math.max(0, s));
    },
  };
}
