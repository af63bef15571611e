/** All appointments under the booking form ('View All', issue 5): upcoming, then past; cancel or mark done. */
import { pastAppointments, upcomingAppointments } from '@diacare/contract/appointment-rules';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { getAppointmentsQueryOptions, useSetAppointmentStatus } from '../api/appointments';
import { AppointmentItem } from './appointment-item';

export function AppointmentList({ now }: { now: Date }) {
  const appointments = useQuery(getAppointmentsQueryOptions());
  const setStatus = useSetAppointmentStatus();
  const upcoming = upcomingAppointments(appointments.data ?? [], now);
  const past = pastAppointments(appointments.data ?? [], now);

  const change = async (id: string, status: 'cancelled' | 'completed', title: string) => {
    try {
      await setStatus.mutateAsync({ id, status });
      toast({
        title: 'Success!',
        description: status === 'cancelled' ? `Cancelled ${title}` : `Marked ${title} as done`,
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Request failed',
        variant: 'destructive',
      });
    }
  };

  return (
    <section id="appointments" aria-labelledby="appointments-heading" className="mt-6 scroll-mt-4">
      <h2 id="appointments-heading" className="mb-3 text-lg font-bold">
        Your Appointments
      </h2>
      {appointments.isPending ? (
        <p className="text-slate-500">Loading...</p>
      ) : appointments.isError ? (
        <p role="alert" className="text-red-600">
          Could not load your appointments.
        </p>
      ) : (
        <>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Upcoming</h3>
          {upcoming.length === 0 ? (
            <p className="mb-4 text-slate-600">No upcoming appointments</p>
          ) : (
            <ul className="mb-4 space-y-2" aria-label="Upcoming appointments">
              {upcoming.map((a) => (
                <li key={a.id}>
                  <AppointmentItem appointment={a}>
                    <div className="flex shrink-0 flex-col gap-1">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={setStatus.isPending}
                        onClick={() => void change(a.id, 'completed', a.title)}
                        aria-label={`Mark ${a.title} as done`}
                      >
                        Done
                      </Button>
                      <Button
                        size="sm"
                        variant="dangerOutline"
                        disabled={setStatus.isPending}
                        onClick={() => void change(a.id, 'cancelled', a.title)}
                        aria-label={`Cancel ${a.title}`}
                      >
                        Cancel
                      </Button>
                    </div>
                  </AppointmentItem>
                </li>
              ))}
            </ul>
          )}
          {past.length > 0 ? (
            <>
              <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Past</h3>
              <ul className="space-y-2" aria-label="Past appointments">
                {past.map((a) => (
                  <li key={a.id}>
                    <AppointmentItem appointment={a} muted />
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
