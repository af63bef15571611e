/**
 * The reminder engine's timings. Each is a product or operations decision, not a
 * spec constant; docs/decisions records why.
 */

/** A dose reminder may still be sent up to 2 h after the dose time; later it is 'missed'. */
export const DOSE_WINDOW_MS = 2 * 60 * 60 * 1000;
/** The user's own reminders (and snoozes) share the dose window. */
export const CUSTOM_WINDOW_MS = DOSE_WINDOW_MS;
/** A refill reminder stays worth sending for a day. */
export const REFILL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Dose reminders are materialised this far ahead. */
export const MATERIALISE_HORIZON_HOURS = 48;
/** …on a loop this often (a new or edited medication is materialised at once). */
export const MATERIALISE_INTERVAL_MS = 15 * 60 * 1000;
/**
 * A pass extends a medication's horizon only once it is less than HORIZON − REFRESH (30 h)
 * ahead, so each schedule is read about once every 12–18 h instead of every pass, and the
 * reminders always reach more than the 24 h that /api/reminders/upcoming shows (decision 014).
 */
export const MATERIALISE_REFRESH_HOURS = 18;
/**
 * The loop's extensions stop up to this much short of the full horizon, by a fraction taken
 * from the medication's id, so medications made in one pass (e.g. after an upgrade) do not all
 * run out in the same later pass. Must stay under MATERIALISE_REFRESH_HOURS.
 */
export const MATERIALISE_SPREAD_HOURS = 6;
/** Settled reminders older than this are deleted by the maintenance pass. */
export const REMINDER_RETENTION_DAYS = 30;
/** Wait between maintenance passes (1 h): nothing in it is urgent. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/** The dispatcher looks for due reminders this often when the last pass was not full. */
export const DISPATCH_POLL_INTERVAL_MS = 500;
/** Reminders claimed per pass (one claim statement reads their context too; decision 014). */
export const DISPATCH_BATCH_SIZE = 1000;
/**
 * Passes each dispatcher runs side by side, so the next batch is claimed and loaded while the
 * last is still being sent (the bench showed the dispatcher a third idle on those statements).
 */
export const DISPATCH_LANES = 2;
/** Reminders of one pass being sent at the same time (the sender bounds HTTP requests itself). */
export const DISPATCH_CONCURRENCY = 100;
/**
 * A claim's lease. A dispatcher that dies holding claims delays them by at most this; it must
 * exceed the worst case of one send with the sender's retries, so a live dispatcher's claim is
 * never taken over while it is still sending.
 */
export const DISPATCH_LEASE_MS = 5 * 60 * 1000;
/** Claims of a reminder whose every subscription failed (not gone) before it is 'failed'. */
export const DISPATCH_MAX_ATTEMPTS = 3;
/** Wait before such a reminder is claimed again. */
export const DISPATCH_RETRY_DELAY_MS = 60 * 1000;
/** Outcomes written back per statement while a pass is still sending (decision 014). */
export const DISPATCH_SETTLE_CHUNK = 500;

// Weekly health tips (tips.ts).
/** Tips arrive at this local time (a daytime hour: not at night, not at a usual dose time on the hour). */
export const TIP_TIME = '10:30';
/** Days from one tip to the next. */
export const TIP_INTERVAL_DAYS = 7;
/** A tip found later than this after its time (the server was down) is 'missed', not sent late. */
export const TIP_WINDOW_MS = 24 * 3_600_000;
/** Users read per statement of a pass. */
export const TIP_PAGE = 1000;

// Weekly summaries (weekly-summary.ts, decision 050).
/** Summaries arrive on Sunday (ISO weekday 7) at this local time: the evening, after the week's last day-time doses. */
export const SUMMARY_TIME = '18:00';
/** A summary found later than this after its time (the server was down) is 'missed', not sent late. */
export const SUMMARY_WINDOW_MS = 24 * 3_600_000;
/** Users read per statement of a pass. */
export const SUMMARY_PAGE = 1000;
