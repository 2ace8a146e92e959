/**
 * Agreement metrics between predicted and human scores, exactly as defined in
 * `../shared/data/marking/README.md` (rounding half up then clamping, pooled QWK, the ASAP per-set
 * Fisher-z mean, Pearson r and RMSE on raw scores, exact agreement on rounded scores).
 */

/** Rounds half up (`floor(x + 0.5)`) and clamps to `0..marks`. */
export function roundScore(x: number, marks: number): number {
  const r = Math.floor(x + 0.5);
  return Math.min(marks, Math.max(0, r));
}

/**
 * Quadratic weighted kappa on integer categories `0..marks`. Inputs are rounded with `roundScore`
 * first. Returns 0 when the expected disagreement is 0 (e.g. both raters constant), as a constant
 * rater carries no information.
 */
export function quadraticWeightedKappa(
  predicted: readonly number[],
  human: readonly number[],
  marks: number,
): number {
  if (predicted.length !== human.length) throw new Error('QWK needs two lists of the same length');
  const n = predicted.length;
  if (n === 0 || marks <= 0) return 0;
  const k = marks + 1;
  const observed = new Float64Array(k * k);
  const histP = new Float64Array(k);
  const histH = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const p = roundScore(predicted[i] ?? 0, marks);
    const h = roundScore(human[i] ?? 0, marks);
    observed[p * k + h] = (observed[p * k + h] ?? 0) + 1;
    histP[p] = (histP[p] ?? 0) + 1;
    histH[h] = (histH[h] ?? 0) + 1;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = ((i - j) * (i - j)) / (marks * marks);
      num += w * (observed[i * k + j] ?? 0);
      den += (w * (histP[i] ?? 0) * (histH[j] ?? 0)) / n;
    }
  }
  return den === 0 ? 0 : 1 - num / den;
}

/** Mean of kappas through the Fisher z-transform (each clipped at 0.999), as in the ASAP competition. */
export function fisherMeanKappa(kappas: readonly number[]): number {
  if (kappas.length === 0) return 0;
  let sum = 0;
  for (const raw of kappas) {
    const k = Math.min(0.999, Math.max(-0.999, raw));
    sum += 0.5 * Math.log((1 + k) / (1 - k));
  }
  return Math.tanh(sum / kappas.length);
}

/** Pearson correlation of the raw values; 0 when either side is constant. */
export function pearson(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error('Pearson r needs two lists of the same length');
  const n = x.length;
  if (n === 0) return 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i] ?? 0;
    my += y[i] ?? 0;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] ?? 0) - mx;
    const dy = (y[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** Root mean squared error on the raw values. */
export function rmse(predicted: readonly number[], human: readonly number[]): number {
  if (predicted.length !== human.length) throw new Error('RMSE needs two lists of the same length');
  if (predicted.length === 0) return 0;
  let s = 0;
  for (let i = 0; i < predicted.length; i++) {
    const d = (predicted[i] ?? 0) - (human[i] ?? 0);
    s += d * d;
  }
  return Math.sqrt(s / predicted.length);
}

/** Share of answers whose rounded prediction equals the rounded human score. */
export function exactAgreement(
  predicted: readonly number[],
  human: readonly number[],
  marks: number,
): number {
  if (predicted.length !== human.length)
    throw new Error('Agreement needs two lists of the same length');
  if (predicted.length === 0) return 0;
  let same = 0;
  for (let i = 0; i < predicted.length; i++) {
    if (roundScore(predicted[i] ?? 0, marks) === roundScore(human[i] ?? 0, marks)) same++;
  }
  return same / predicted.length;
}

/**
 * The QWK the same ordering would reach with the best possible calibration: answers are given
 * categories by rank so that the predicted histogram equals the human one (ties keep input order).
 * No marker that keeps this ordering can do better on these answers; the gap to the plain QWK is
 * what recalibration could still win, the rest needs a better ordering.
 */
export function rankCeilingQwk(
  predicted: readonly number[],
  human: readonly number[],
  marks: number,
): number {
  if (predicted.length !== human.length) throw new Error('QWK needs two lists of the same length');
  const rounded = human.map((h) => roundScore(h, marks));
  const counts = new Array<number>(marks + 1).fill(0);
  for (const h of rounded) counts[h] = (counts[h] ?? 0) + 1;
  const order = predicted.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const ranked = new Array<number>(predicted.length).fill(0);
  let category = 0;
  let used = 0;
  for (const { i } of order) {
    while (category < marks && used >= (counts[category] ?? 0)) {
      category++;
      used = 0;
    }
    ranked[i] = category;
    used++;
  }
  return quadraticWeightedKappa(ranked, rounded, marks);
}

export type TScored = { group: string; marks: number; predicted: number; human: number };

export type TAgreement = {
  answers: number;
  /** QWK pooled over every answer (all answers of a file share one mark scale). */
  qwk: number;
  /** Fisher-z mean of the per-group QWKs (the ASAP per-set figure). */
  fisherMeanQwk: number;
  perGroupQwk: Record<string, number>;
  /** Fisher-z mean of the per-group `rankCeilingQwk`: the per-set figure with perfect calibration. */
  fisherMeanCeiling: number;
  pearson: number;
  rmse: number;
  exact: number;
};

/**
 * Every README metric over one file. Pooled figures use the largest `marks` of the file when groups
 * differ (ASAP sets have 2 or 3 marks; scores on 0..2 are valid on 0..3).
 */
export function summarise(rows: readonly TScored[]): TAgreement {
  const marks = rows.reduce((m, r) => Math.max(m, r.marks), 0);
  const p = rows.map((r) => r.predicted);
  const h = rows.map((r) => r.human);
  const groups = new Map<string, TScored[]>();
  for (const r of rows) {
    const list = groups.get(r.group);
    if (list) list.push(r);
    else groups.set(r.group, [r]);
  }
  const perGroupQwk: Record<string, number> = {};
  const ceilings: number[] = [];
  for (const [g, list] of groups) {
    const groupMarks = list.reduce((m, r) => Math.max(m, r.marks), 0);
    const gp = list.map((r) => r.predicted);
    const gh = list.map((r) => r.human);
    perGroupQwk[g] = quadraticWeightedKappa(gp, gh, groupMarks);
    ceilings.push(rankCeilingQwk(gp, gh, groupMarks));
  }
  return {
    answers: rows.length,
    qwk: quadraticWeightedKappa(p, h, marks),
    fisherMeanQwk: fisherMeanKappa(Object.values(perGroupQwk)),
    perGroupQwk,
    fisherMeanCeiling: fisherMeanKappa(ceilings),
    pearson: pearson(p, h),
    rmse: rmse(p, h),
    exact: exactAgreement(p, h, marks),
  };
}
