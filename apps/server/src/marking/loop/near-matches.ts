import { agnes } from 'ml-hclust';
import { dotScattered, HASH_BITS, scatter, textFeatures, type TSparse } from '../learned/features';

/**
 * Near matches among a question's distinct answers (issue 27, "Answer groups"): agglomerative
 * clustering with complete linkage (`ml-hclust`'s AGNES, mljs) on the marker's own hashed word,
 * word-pair and character features (`learned/features.ts`, the learned model's), cut where the two
 * least alike answers of a cluster would be more than NEAR_MATCH_CUT apart (cosine distance), and
 * only among answers the marker gave the same mark, so a cluster's suggested mark is every answer's.
 *
 * Complete linkage bounds a cluster's diameter, not just each answer's nearest neighbour, so a
 * chain of small steps never joins two unlike answers (single linkage and DBSCAN do). The cut was
 * chosen on the tuning questions of the public data only (`npm run bench:groups`, marking README).
 */

/** The largest cosine distance between any two answers of one cluster. */
export const NEAR_MATCH_CUT = 0.6;
/**
 * The most answers clustered at once. AGNES is cubic in its input; a block of more answers with the
 * same mark is cut into chunks of this many (in the order of their texts), so the work grows
 * linearly with the class: at most NEAR_MATCH_CHUNK - 1 distances an answer and a cubic step on at
 * most this many.
 */
export const NEAR_MATCH_CHUNK = 200;

export type TNearMatchUnit = {
  /** A distinct answer text, normalised (`normalisedAnswer`). */
  text: string;
  /** The marker's mark of it: only answers with the same mark are clustered together. */
  score: number;
  /** `nearMatchFeatures(text)` when already worked out (a server reads them an answer a step). */
  features?: TSparse | undefined;
};

/** The features a unit is clustered on: the learned model's, of the normalised text. */
export function nearMatchFeatures(text: string): TSparse {
  return textFeatures(text);
}

export type TNearMatchWork = {
  /** Distances computed between two answers. */
  distances: number;
  /** The largest number of answers given to one clustering. */
  largestChunk: number;
};

/**
 * Clusters `units` (distinct texts) into near matches: lists of unit indices (each of two or more,
 * ascending). The result does not depend on the order of `units`: they are clustered in the order
 * of their mark, then their text.
 */
export function nearMatchClusters(
  units: readonly TNearMatchUnit[],
  options: { cut?: number; chunk?: number } = {},
): { clusters: number[][]; work: TNearMatchWork } {
  const cut = options.cut ?? NEAR_MATCH_CUT;
  const chunkSize = Math.max(2, Math.floor(options.chunk ?? NEAR_MATCH_CHUNK));
  const order = units
    .map((u, i) => ({ u, i }))
    .sort(
      (a, b) => a.u.score - b.u.score || (a.u.text < b.u.text ? -1 : a.u.text > b.u.text ? 1 : 0),
    );
  const clusters: number[][] = [];
  const work: TNearMatchWork = { distances: 0, largestChunk: 0 };
  let dense: Float64Array | undefined;
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    while (end < order.length && order[end]?.u.score === order[start]?.u.score) end++;
    for (let from = start; from < end; from += chunkSize) {
      const chunk = order.slice(from, Math.min(end, from + chunkSize));
      if (chunk.length < 2) continue;
      work.largestChunk = Math.max(work.largestChunk, chunk.length);
      const vectors = chunk.map((c) => c.u.features ?? nearMatchFeatures(c.u.text));
      const norms = vectors.map((v) => Math.sqrt(v.value.reduce((sum, x) => sum + x * x, 0)));
      const distances = vectors.map(() => new Array<number>(chunk.length).fill(0));
      // Cosine distances: each vector scattered once into a dense buffer, the others dotted with it.
      dense ??= new Float64Array(1 << HASH_BITS);
      for (let i = 1; i < vectors.length; i++) {
        const vi = vectors[i] as TSparse;
        const ni = norms[i] ?? 0;
        const row = distances[i] as number[];
        scatter(vi, dense);
        for (let j = 0; j < i; j++) {
          const nj = norms[j] ?? 0;
          const cosine =
            ni > 0 && nj > 0 ? dotScattered(vectors[j] as TSparse, dense) / (ni * nj) : 0;
          const d = Math.min(1, Math.max(0, 1 - cosine));
          row[j] = d;
          (distances[j] as number[])[i] = d;
        }
        scatter(vi, dense, true);
      }
      work.distances += (chunk.length * (chunk.length - 1)) / 2;
      const tree = agnes(distances, { method: 'complete', isDistanceMatrix: true });
      for (const cluster of tree.cut(cut)) {
        const members = cluster.indices();
        if (members.length < 2) continue;
        clusters.push(members.map((k) => chunk[k]?.i ?? -1).sort((a, b) => a - b));
      }
    }
    start = end;
  }
  return { clusters, work };
}
