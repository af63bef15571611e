import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

/** A white rounded panel; its padding stops growing with the text at 5 % of the screen's width (see Page). */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-2xl border border-slate-200 bg-white p-[min(1rem,5vw)] shadow-sm', className)}
      {...props}
    />
  );
}

/**
 * A card's round icon (`className` gives its colours; `size` 10 or 11 in Tailwind units). It gives
 * way to the card's texts when large text leaves the card (an `@container`) under 14rem across.
 */
export function CardIcon({
  icon: Icon,
  className,
  size = 10,
}: {
  icon: LucideIcon;
  className: string;
  size?: 10 | 11;
}) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full @max-[14rem]:hidden',
        size === 11 ? 'h-11 w-11' : 'h-10 w-10',
        className,
      )}
    >
      <Icon className="h-5 w-5" aria-hidden />
    </span>
  );
}
