/** Home's 'Upcoming' section (spec §2 Home). Filled by the appointments feature (issue 5). */
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';

export function UpcomingAppointments() {
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
      <Card className="py-6 text-center text-slate-600">No upcoming appointments</Card>
    </section>
  );
}
