import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (default 30 s) so that "overdue" and
 * today's date move on while a screen stays open.
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
