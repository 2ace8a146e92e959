/** The "last updated" dates of spec 01 §2, shown on the legal pages and in the registration modals. */
export const PRIVACY_POLICY_LAST_UPDATED = '11 March 2025';
export const EULA_LAST_UPDATED = '25 March 2025';
