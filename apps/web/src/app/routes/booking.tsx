/**
 * Booking: the type comes from navigation state (Home's
 * quick actions), else 'doctor'. Success goes to /home. Below the form, the user's
 * appointments: 'View All' on Home lands here at #appointments.
 */
import type { AppointmentType } from '@diacare/contract/appointments';
import { localDate } from '@diacare/contract/dates';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useHash, useNavigationState } from '../../lib/navigation';
import { Page, PageHeader } from '../../components/layout/page';
import { toast } from '../../components/ui/toast';
import { useBookAppointment } from '../../features/appointments/api/appointments';
import { AppointmentList } from '../../features/appointments/components/appointment-list';
import { BookingForm, type BookingValues } from '../../features/appointments/components/booking-form';
import { useUserZone } from '../../lib/auth/auth-provider';
import { useNow } from '../../lib/use-now';
import { useT } from '../../lib/i18n/language-provider';

export function Component() {
  const t = useT();
  const [, navigate] = useLocation();
  const hash = useHash();
  const navigationState = useNavigationState<{ type: string }>();
  const zone = useUserZone();
  const now = useNow();
  const initialType: AppointmentType = navigationState?.type === 'lab' ? 'lab' : 'doctor';
  const [type, setType] = useState<AppointmentType>(initialType);
  const book = useBookAppointment();
  const today = localDate(now, zone);

  useEffect(() => {
    if (hash === '#appointments') document.getElementById('appointments')?.scrollIntoView();
  }, [hash]);

  const submit = async (values: BookingValues) => {
    try {
      await book.mutateAsync({
        type: values.type,
        title: values.title,
        ...(values.type === 'doctor' && values.doctor.trim() ? { doctor: values.doctor } : {}),
        location: values.location,
        date: values.date,
        time: values.time,
        notes: values.notes,
        status: 'upcoming',
      });
      toast({
        title: t('booking.toast.success'),
        description: t(values.type === 'doctor' ? 'booking.toast.doctorBooked' : 'booking.toast.labBooked'),
      });
      navigate('/home');
    } catch {
      toast({
        title: t('booking.toast.error'),
        description: t('booking.toast.bookFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Page>
      <PageHeader title={t(type === 'doctor' ? 'booking.page.bookDoctor' : 'booking.page.bookLab')} backTo="/home" />
      <BookingForm
        initialType={initialType}
        today={today}
        busy={book.isPending}
        onTypeChange={setType}
        onSubmit={(v) => void submit(v)}
      />
      <AppointmentList now={now} />
    </Page>
  );
}
