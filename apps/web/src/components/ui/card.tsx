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
