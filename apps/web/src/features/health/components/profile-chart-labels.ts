/** The glucose profile's time-of-day labels, shared by its chart and its tables without loading uPlot. */

/** 'HH:MM' of `minute` minutes after midnight (1440 → '00:00'). */
export const minuteLabel = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
