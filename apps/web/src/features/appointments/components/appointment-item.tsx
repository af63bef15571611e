/** One appointment: doctor or lab icon, title, doctor or location, date and time. */
import type { Appointment } from '@diacare/contract/appointments';
import { formatShortDate } from '@diacare/contract/dates';
import { FlaskConical, Stethoscope } from 'lucide-react';
import type { ReactNode } from 'react';
import { PendingMark } from '../../../components/ui/pending-mark';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';

export function AppointmentItem({
  appointment,
  children,
  muted,
}: {
  appointment: Appointment;
  children?: ReactNode;
  muted?: boolean;
}) {
  const t = useT();
  const { intlLocale } = useLocale();
  const doctor = appointment.type === 'doctor';
  const pending = usePendingMarks();
  const Icon = doctor ? Stethoscope : FlaskConical;
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3',
        muted && 'border-dashed bg-slate-50',
      )}
    >
      <span
        className={cn(
          'flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
          doctor ? 'bg-blue-100 text-blue-700' : 'bg-purple-100 text-purple-700',
        )}
      >
        <Icon className="h-5 w-5" aria-label={t(doctor ? 'appointments.item.doctor' : 'appointments.item.lab')} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-break-word">{appointment.title}</p>
        <p className="text-sm text-slate-600 wrap-break-word">{appointment.doctor || appointment.location}</p>
        <p className="text-xs text-slate-500">
          {formatShortDate(appointment.date, intlLocale)} · {appointment.time}
          {appointment.status !== 'upcoming'
            ? ` · ${t(appointment.status === 'cancelled' ? 'appointments.item.cancelled' : 'appointments.item.done')}`
            : ''}
        </p>
        {pending.has(appointment.id) ? <PendingMark className="mt-1" /> : null}
      </div>
      {children}
    </div>
  );
}
