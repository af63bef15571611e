/**
 * The 7 / 30 / 90-day switch of Health History (and the glucose profile's 7 / 14 / 30 / 90): a radio group (arrow keys move the choice,
 * as for native radios; one tab stop).
 */
import { useRef, type KeyboardEvent } from 'react';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';

export const HISTORY_RANGES = [7, 30, 90] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** The switch over `ranges` (days; History's 7 / 30 / 90 unless given). */
export function RangeSwitch<R extends number = HistoryRange>({
  value,
  onChange,
  ranges = HISTORY_RANGES as unknown as readonly R[],
}: {
  value: R;
  onChange: (range: R) => void;
  ranges?: readonly R[];
}) {
  const t = useT();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + ranges.length) % ranges.length;
    onChange(ranges[next]!);
    buttons.current[next]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('health-reports.range.label')}
      className="mb-4 grid gap-1 rounded-xl bg-slate-200 p-1"
      style={{ gridTemplateColumns: `repeat(${ranges.length}, minmax(0, 1fr))` }}
    >
      {ranges.map((range, index) => (
        <button
          key={range}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          aria-checked={value === range}
          tabIndex={value === range ? 0 : -1}
          onClick={() => onChange(range)}
          onKeyDown={(event) => onKeyDown(event, index)}
          className={cn(
            'min-h-9 rounded-lg px-1 py-1 text-sm font-semibold',
            value === range ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {t('health-reports.range.days', { days: range })}
        </button>
      ))}
    </div>
  );
}
