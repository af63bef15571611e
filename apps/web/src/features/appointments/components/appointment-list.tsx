/**
 * All appointments under the booking form ('View All'): upcoming, then past; cancel or
 * mark done. Offline the saved list shows; a list never loaded says so.
 */
import { pastAppointments, upcomingAppointments } from '@diacare/contract/appointment-rules';
import { labTestFromTitle } from '@diacare/contract/lab-rules';
import { useQuery } from '@tanstack/react-query';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Link } from '../../../lib/navigation';
import { toast } from '../../../components/ui/toast';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { getAppointmentsQueryOptions, useSetAppointmentStatus } from '../api/appointments';
import { AppointmentItem } from './appointment-item';
import { useT } from '../../../lib/i18n/language-provider';

export function AppointmentList({ now }: { now: Date }) {
  const t = useT();
  const appointments = useQuery(getAppointmentsQueryOptions());
  const setStatus = useSetAppointmentStatus();
  const upcoming = upcomingAppointments(appointments.data ?? [], now);
  const past = pastAppointments(appointments.data ?? [], now);

  const change = async (id: string, status: 'cancelled' | 'completed', title: string) => {
    try {
      await setStatus.mutateAsync({ id, status, title });
      toast({
        title: t('booking.toast.success'),
        description: t(status === 'cancelled' ? 'booking.toast.cancelled' : 'booking.toast.done', { title }),
      });
    } catch (error) {
      toast({
        title: t('booking.toast.error'),
        description: error instanceof Error ? error.message : t('booking.toast.requestFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section id="appointments" aria-labelledby="appointments-heading" className="mt-6 scroll-mt-4">
      <h2 id="appointments-heading" className="mb-3 text-lg font-bold">
        {t('booking.list.heading')}
      </h2>
      {isUnreachable(appointments) ? (
        <OfflineFirstTime />
      ) : appointments.isPending ? (
        <p className="text-slate-500">{t('common.loading')}</p>
      ) : appointments.data === undefined ? (
        <p role="alert" className="text-red-600">
          {t('booking.list.loadFailed')}
        </p>
      ) : (
        <>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t('booking.list.upcoming')}
          </h3>
          {upcoming.length === 0 ? (
            <p className="mb-4 text-slate-600">{t('appointments.list.none')}</p>
          ) : (
            <ul className="mb-4 space-y-2" aria-label={t('appointments.list.upcomingLabel')}>
              {upcoming.map((a) => (
                <li key={a.id}>
                  <AppointmentItem appointment={a}>
                    <div className="flex shrink-0 flex-col gap-1">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={setStatus.isPending}
                        onClick={() => void change(a.id, 'completed', a.title)}
                        aria-label={t('booking.list.doneLabel', { title: a.title })}
                      >
                        {t('booking.list.done')}
                      </Button>
                      <Button
                        size="sm"
                        variant="dangerOutline"
                        disabled={setStatus.isPending}
                        onClick={() => void change(a.id, 'cancelled', a.title)}
                        aria-label={t('booking.list.cancelLabel', { title: a.title })}
                      >
                        {t('booking.list.cancel')}
                      </Button>
                    </div>
                  </AppointmentItem>
                </li>
              ))}
            </ul>
          )}
          {past.length > 0 ? (
            <>
              <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
                {t('booking.list.past')}
              </h3>
              <ul className="space-y-2" aria-label={t('booking.list.pastLabel')}>
                {past.map((a) => (
                  <li key={a.id}>
                    <AppointmentItem appointment={a} muted>
                      {a.type === 'lab' && a.status !== 'cancelled' ? (
                        // One tap from a finished lab visit to its result: Reports opens the form.
                        <Link
                          to={`/reports?lab=${labTestFromTitle(a.title)}${new Date(a.starts_at) <= now ? `&date=${a.date}` : ''}`}
                          className={buttonClasses('outline', 'sm')}
                          aria-label={t('booking.list.enterResultLabel', { title: a.title })}
                        >
                          {t('booking.list.enterResult')}
                        </Link>
                      ) : null}
                    </AppointmentItem>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
