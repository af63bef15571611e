/**
 * The care-alert escalation's tunables (decision 051): how it claims, retries and how often it
 * looks. The alerts' clinical timing (recovery window, back-dating, look-back, episodes) is a
 * rule and lives in care-alert-rules.ts.
 */

/** Alerts claimed per pass. */
export const ESCALATION_BATCH_SIZE = 100;
/** Wait between passes: an under-54 alert goes out within it (5 s). */
export const ESCALATION_INTERVAL_MS = 5_000;
/** A claim's lease (2 min): longer than one alert's delivery on every channel with retries. */
export const ESCALATION_LEASE_MS = 2 * 60 * 1000;
/** Claims before an alert no channel took is 'failed'. */
export const ESCALATION_MAX_ATTEMPTS = 3;
/** Wait before such an alert is tried again (60 s). */
export const ESCALATION_RETRY_DELAY_MS = 60 * 1000;
