/**
 * Home: greeting, latest glucose, today's medication progress and doses,
 * quick actions and upcoming appointments. Each section is a feature component.
 */
import { useNow } from '../../lib/use-now';
import { Page } from '../../components/layout/page';
import { HomeHeader } from '../../features/home/components/home-header';
import { QuickActions } from '../../features/home/components/quick-actions';
import { MedicationProgress, TodaysDoses } from '../../features/medications/components/todays-doses';
import { UpcomingAppointments } from '../../features/appointments/components/upcoming-appointments';
import { LatestGlucoseCard } from '../../features/health/components/latest-glucose-card';
import { PushBell } from '../../features/push/components/push-bell';
import { InstallPrompt } from '../../features/install/components/install-prompt';
import { CareSwitcher } from '../../features/care/components/care-switcher';

export function Component() {
  const now = useNow();
  return (
    <Page withNav>
      <CareSwitcher />
      <HomeHeader now={now} actions={<PushBell />} />
      <LatestGlucoseCard now={now} />
      <MedicationProgress now={now} />
      <QuickActions />
      <UpcomingAppointments now={now} />
      <TodaysDoses now={now} />
      <InstallPrompt />
    </Page>
  );
}
