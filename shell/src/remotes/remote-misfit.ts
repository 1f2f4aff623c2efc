/**
 * A remote whose manifest does not fit this shell (contract version, shared ranges, federation major):
 * it is not mounted, and its area says the section is being updated. Kept apart from the check
 * (remote-fit.ts) so the area can recognise it without carrying the federation runtime's semver.
 */
export class RemoteMisfitError extends Error {
  constructor(
    /** The remote's name. */
    readonly remote: string,
    /** The remote's build stamp (version + build time), or 'unknown' when it declares none. */
    readonly version: string,
    /** Why it does not fit, in plain words. */
    readonly reasons: readonly string[],
  ) {
    super(`The remote "${remote}" (build ${version}) is not mounted: ${reasons.join(' ')}`);
    this.name = 'RemoteMisfitError';
  }
}
