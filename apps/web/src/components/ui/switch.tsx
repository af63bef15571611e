import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'type' | 'role'> & {
  checked: boolean;
  /** Called with the new state when the user toggles the switch (click, Space or Enter). */
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * An on/off switch: a native button with role="switch" and aria-checked (WAI-ARIA switch
 * pattern), so a <label htmlFor> names it and Space / Enter toggle it. Plain HTML rather
 * than Radix's Switch keeps about 5 KB gzip out of the medication form and Profile
 * (every route ≤ 120 KB gzip, bench/page-weight.mjs). data-state mirrors Radix's for styling.
 */
export function Switch({ checked, onCheckedChange, onClick, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span
        aria-hidden
        data-state={checked ? 'checked' : 'unchecked'}
        className="pointer-events-none block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]"
      />
    </button>
  );
}
