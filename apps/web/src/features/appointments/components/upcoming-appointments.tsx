/** Home's 'Upcoming' (spec §2 Home, §9): at most 2 upcoming appointments, soonest first. */
import { HOME_UPCOMING_LIMIT, upcomingAppointments } from '@diacare/contract/appointment-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { getAppointmentsQueryOptions } from '../api/appointments';
import { AppointmentItem } from './appointment-item';

export function UpcomingAppointments({ now }: { now: Date }) {
  const appointments = useQuery(getAppointmentsQueryOptions());
  const upcoming = upcomingAppointments(appointments.data ?? [], now, HOME_UPCOMING_LIMIT);
  return (
    <section aria-labelledby="upcoming-heading" className="mb-6">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="upcoming-heading" className="text-lg font-bold">
          Upcoming
        </h2>
        <Link to="/booking#appointments" className="text-sm font-semibold text-primary">
          View All
        </Link>
      </div>
      {upcoming.length === 0 ? (
        <Card className="py-6 text-center text-slate-600">
          {appointments.isPending ? 'Loading...' : 'No upcoming appointments'}
        </Card>
      ) : (
        <ul className="space-y-2" aria-label="Upcoming appointments">
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
