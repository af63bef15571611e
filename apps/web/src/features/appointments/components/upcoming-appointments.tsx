/**
 * Home's 'Upcoming': at most 2 upcoming appointments, soonest first. A list
 * that could not be loaded is never shown as 'No upcoming appointments'.
 */
import { HOME_UPCOMING_LIMIT, upcomingAppointments } from '@diacare/contract/appointment-rules';
import { Link } from '../../../lib/navigation';
import { Card } from '../../../components/ui/card';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { getAppointmentsQueryOptions } from '../api/appointments';
import { AppointmentItem } from './appointment-item';
import { useT } from '../../../lib/i18n/language-provider';
import { useDeferredQuery } from '../../../lib/use-deferred-query';

export function UpcomingAppointments({ now }: { now: Date }) {
  const t = useT();
  const appointments = useDeferredQuery(getAppointmentsQueryOptions());
  const upcoming = upcomingAppointments(appointments.data ?? [], now, HOME_UPCOMING_LIMIT);
  return (
    <section aria-labelledby="upcoming-heading" className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4">
        <h2 id="upcoming-heading" className="text-lg font-bold">
          {t('appointments.home.heading')}
        </h2>
        <Link to="/booking#appointments" className="text-sm font-semibold text-primary">
          {t('appointments.home.viewAll')}
        </Link>
      </div>
      {isUnreachable(appointments) ? (
        <Card>
          <OfflineFirstTime compact />
        </Card>
      ) : appointments.data === undefined && appointments.isError ? (
        <Card role="alert" className="py-6 text-center text-red-600">
          {t('appointments.home.loadFailed')}
        </Card>
      ) : upcoming.length === 0 ? (
        <Card className="py-6 text-center text-slate-600">
          {appointments.isPending ? t('common.loading') : t('appointments.list.none')}
        </Card>
      ) : (
        <ul className="space-y-2" aria-label={t('appointments.list.upcomingLabel')}>
          {upcoming.map((appointment) => (
            <li key={appointment.id}>
              <AppointmentItem appointment={appointment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
