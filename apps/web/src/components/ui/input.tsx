import type { ComponentProps, InputHTMLAttributes, LabelHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

const field =
  'w-full min-w-0 rounded-xl border border-slate-300 bg-white text-base text-slate-900 placeholder:text-slate-500 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500';

/**
 * A text field, 44 px tall. With `wrapPlaceholder`, a placeholder too long for the field (a
 * long hint at 200 % text on a small phone) wraps onto more lines and the field grows with it
 * instead of cutting it (WCAG 1.4.4): the native placeholder stays as the field's hint for
 * assistive technology but is drawn transparent, and an aria-hidden copy in the same place shows
 * while the field is empty. `icon` (decorative) sits at the start of the field.
 */
export function Input({
  className,
  wrapPlaceholder = false,
  icon,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { wrapPlaceholder?: boolean; icon?: ReactNode }) {
  if (!wrapPlaceholder && !icon) return <input className={cn(field, 'h-11 px-3', className)} {...props} />;
  const start = icon ? 'pl-10' : 'pl-3';
  return (
    <div className="relative grid">
      <input
        className={cn(
          field,
          'peer col-start-1 row-start-1 min-h-11 pr-3',
          start,
          wrapPlaceholder && 'placeholder:text-transparent',
          className,
        )}
        {...props}
      />
      {wrapPlaceholder ? (
        <span
          aria-hidden
          className={cn(
            'pointer-events-none invisible col-start-1 row-start-1 self-center border border-transparent py-2 pr-3 text-base text-slate-500 peer-placeholder-shown:visible',
            start,
          )}
        >
          {props.placeholder}
        </span>
      ) : null}
      {icon ? (
        <span aria-hidden className="pointer-events-none absolute left-3 top-3 text-slate-400">
          {icon}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A native select: light, and the phone's own picker is the most usable one. A chosen option
 * cannot wrap, so the side padding stops at 12 px instead of doubling with 200 % text: 'Along
 * with food' and 'Before Breakfast' then fit a 360 px phone (WCAG 1.4.4); no change at 100 %.
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(field, 'h-11 appearance-auto px-[min(0.75rem,12px)]', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'px-3 py-2', className)} {...props} />;
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('mb-1.5 block text-sm font-medium text-slate-700', className)} {...props} />;
}

/** A field's error message (already in the page's language, lib/i18n/field-error), announced to screen readers. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}
