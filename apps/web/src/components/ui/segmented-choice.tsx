/**
 * A segmented choice of a few options (History's day ranges, a meal's type, a report's period):
 * a radio group whose arrow keys move the choice, as for native radios, with one tab stop.
 */
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../lib/utils';

export function SegmentedChoice<T extends string | number>({
  options,
  value,
  onChange,
  label,
  optionLabel,
  className,
  buttonClassName = 'min-h-9 px-1',
}: {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  /** The group's accessible name. */
  label: string;
  optionLabel: (option: T) => string;
  /** The group's layout (grid or flex) on top of its look. */
  className: string;
  buttonClassName?: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next]!);
    buttons.current[next]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} className={cn('gap-1 rounded-xl bg-slate-200 p-1', className)}>
      {options.map((option, index) => (
        <button
          key={option}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          aria-checked={value === option}
          tabIndex={value === option ? 0 : -1}
          onClick={() => onChange(option)}
          onKeyDown={(event) => onKeyDown(event, index)}
          className={cn(
            'rounded-lg py-1 text-sm font-semibold',
            buttonClassName,
            value === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
