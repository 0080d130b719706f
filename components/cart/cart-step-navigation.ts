/**
 * How the cart sheet moves between its steps (spec §2 and §4): Continue goes forward, Back goes
 * one step back, and a click on an earlier step in the progress header only ever returns to the
 * summary. Pure, so that the checkout issue can add steps and keep these rules tested.
 */

export function nextStepIndex(current: number, total: number): number {
  return Math.min(current + 1, total - 1);
}

export function previousStepIndex(current: number): number {
  return Math.max(current - 1, 0);
}

/** The summary (index 0) is the only earlier step a progress click may jump to. */
export function canJumpToStep(target: number, current: number): boolean {
  return target === 0 && current > 0;
}

/** The progress header is noise while the summary is the only step. */
export function showsProgress(total: number): boolean {
  return total > 1;
}
