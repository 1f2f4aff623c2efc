import type { ROLLBACK_DEFAULTS } from '@hub/shared/api';

/** The thresholds of the automatic roll-back, as ROLLBACK_DEFAULTS (settings of the server). */
export type RollbackThresholds = { readonly [K in keyof typeof ROLLBACK_DEFAULTS]: number };

/** A release's figures over the window: its mounts and its errors of every kind. */
export interface Figures {
  mounts: number;
  errors: number;
}

/**
 * A load failure never reaches a mount, so it counts as a try as well as an error: a release whose
 * files do not come at all is measured too, and a release that loads and mounts has its errors over
 * its mounts, the rate.
 */
export const tries = (figures: Figures & { loadFailures: number }): Figures => ({
  mounts: figures.mounts + figures.loadFailures,
  errors: figures.errors,
});

/**
 * The automatic roll-back's rule: the candidate is stopped when it has at least `minMounts` mounts
 * and its error rate (errors / mounts) is above `errorRate` and above `stableFactor` times the
 * stable release's rate (0 while the stable has no mount). Strictly above: a rate equal to a
 * threshold keeps the candidate.
 */
export function shouldRollBack(candidate: Figures, stable: Figures, thresholds: RollbackThresholds): boolean {
  if (candidate.mounts < thresholds.minMounts) return false;
  const rate = candidate.errors / candidate.mounts;
  const stableRate = stable.mounts > 0 ? stable.errors / stable.mounts : 0;
  return rate > thresholds.errorRate && rate > thresholds.stableFactor * stableRate;
}

const errorsIn = (figures: Figures) => `${figures.errors} ${figures.errors === 1 ? 'error' : 'errors'} in ${figures.mounts}`;

/** The audit's words for the figures: "7 errors in 31 mounts; stable 1 in 402". */
export const rollbackSummary = (candidate: Figures, stable: Figures): string =>
  `${errorsIn(candidate)} ${candidate.mounts === 1 ? 'mount' : 'mounts'}; stable ${stable.errors} in ${stable.mounts}`;
