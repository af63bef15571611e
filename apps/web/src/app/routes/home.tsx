/**
 * Home: greeting, latest glucose, today's medication progress and doses,
 * quick actions and upcoming appointments, a line when the care circle was alerted, and, for
 * someone who cares for others, their open alerts first. Each section is a feature component.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useNow } from '../../lib/use-now';
import { Page } from '../../components/layout/page';
import { HomeHeader } from '../../features/home/components/home-header';
import { QuickActions } from '../../features/home/components/quick-actions';
import { MedicationProgress, TodaysDoses } from '../../features/medications/components/todays-doses';
import { UpcomingAppointments } from '../../features/appointments/components/upcoming-appointments';
import { LatestGlucoseCard } from '../../features/health/components/latest-glucose-card';
import { PushBell } from '../../features/push/components/push-bell';
import { InstallPrompt } from '../../features/install/components/install-prompt';
import { getPatientsQueryOptions } from '../../features/care/api/patients';
import { FAMILY_ALERT_SHOWN_MS, ownAlertsQuery } from '../../features/care/api/own-alerts';
import { useUserZone } from '../../lib/auth/auth-provider';
import { retryableLazy } from '../../lib/retryable-lazy';

// Loaded only when the circle was alerted in the last day (page weight).
const FamilyAlertedLine = retryableLazy(() =>
  import('../../features/care/components/family-alerted-line').then((module) => ({
    default: module.FamilyAlertedLine,
  })),
);

// Loaded only for someone who cares for another person (page weight).
const CareSwitcherRow = retryableLazy(() =>
  import('../../features/care/components/care-switcher').then((module) => ({ default: module.CareSwitcherRow })),
);

// Loaded only for someone who cares for another person (page weight).
const MemberAlerts = retryableLazy(() =>
  import('../../features/care/components/member-alerts').then((module) => ({ default: module.MemberAlerts })),
);

/**
 * 'Me' and each person the user cares for, then the open alerts about them (decision 075);
 * nothing for someone who cares for nobody.
 */
function CareSwitcherOnHome() {
  const patients = useQuery(getPatientsQueryOptions());
  if (!patients.data?.length) return null;
  return (
    <>
      <Suspense fallback={null}>
        <CareSwitcherRow patients={patients.data} />
      </Suspense>
      <Suspense fallback={null}>
        <MemberAlerts />
      </Suspense>
    </>
  );
}

/** The line telling the patient their circle was alerted, and who saw it; nothing otherwise. */
function FamilyAlerted({ now }: { now: Date }) {
  const zone = useUserZone();
  const alerts = useQuery(ownAlertsQuery());
  const latest = alerts.data?.find(
    (alert) =>
      (alert.status === 'sent' || alert.status === 'failed') &&
      now.getTime() - Date.parse(alert.event_at) < FAMILY_ALERT_SHOWN_MS,
  );
  if (!latest) return null;
  return (
    <Suspense fallback={null}>
      <FamilyAlertedLine alert={latest} timezone={zone} />
    </Suspense>
  );
}

export function Component() {
  const now = useNow();
  return (
    <Page withNav>
      <CareSwitcherOnHome />
      <HomeHeader now={now} actions={<PushBell />} />
      <FamilyAlerted now={now} />
      <LatestGlucoseCard now={now} />
      <MedicationProgress now={now} />
      <QuickActions />
      <UpcomingAppointments now={now} />
      <TodaysDoses now={now} />
      <InstallPrompt />
    </Page>
  );
}
