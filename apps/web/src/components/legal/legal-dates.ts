/**
 * The "last updated" dates of spec 01 §2, shown on the legal pages and in the registration modals.
 * The privacy notice's moved when it began to say how long a scan's image is kept (issue 28, in
 * docs/deviations.md).
 */
export const PRIVACY_POLICY_LAST_UPDATED = '6 December 2026';
export const EULA_LAST_UPDATED = '25 March 2025';
