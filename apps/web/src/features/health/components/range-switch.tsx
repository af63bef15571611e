/**
 * The 7 / 30 / 90-day switch of Health History (and the glucose profile's 7 / 14 / 30 / 90): a radio group (arrow keys move the choice,
 * as for native radios; one tab stop).
 */
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { cn } from '../../../lib/utils';
import { useT } from '../../../lib/i18n/language-provider';

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
  return (
    <SegmentedChoice
      options={ranges}
      value={value}
      onChange={onChange}
      label={t('health-reports.range.label')}
      optionLabel={(range) => t('health-reports.range.days', { days: range })}
      className={cn('mb-4 grid', ranges.length === 4 ? 'grid-cols-4' : 'grid-cols-3')}
    />
  );
}
