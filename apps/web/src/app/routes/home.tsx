/**
 * Home: greeting, latest glucose, today's meals and logging one, today's medication progress and doses,
 * quick actions and upcoming appointments, a line when the care circle was alerted, and, for
 * someone who cares for others, their open alerts first. Each section is a feature component.
 * A caregiver without a patient profile gets the caregiver Home instead (decision 076), or the
 * Patients screen when they follow more than one person (decision 086).
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Redirect } from 'wouter';
import { useNow } from '../../lib/use-now';
import { Page } from '../../components/layout/page';
import { HomeHeader } from '../../features/home/components/home-header';
import { QuickActions } from '../../features/home/components/quick-actions';
import { MedicationProgress, TodaysDoses } from '../../features/medications/components/todays-doses';
import { UpcomingAppointments } from '../../features/appointments/components/upcoming-appointments';
import { LatestGlucoseCard } from '../../features/health/components/latest-glucose-card';
import { HomeMealCard } from '../../features/meals/components/home-meal-card';
import { getReadingsQueryOptions } from '../../features/health/api/health';
import { PushBell } from '../../features/push/components/push-bell';
import { InstallPrompt } from '../../features/install/components/install-prompt';
import { getPatientsQueryOptions } from '../../features/care/api/patients';
import { FAMILY_ALERT_SHOWN_MS, ownAlertsQuery } from '../../features/care/api/own-alerts';
import { useUserZone } from '../../lib/auth/auth-provider';
import { isCaregiverOnly } from '../../lib/auth/require-auth';
import { useT } from '../../lib/i18n/language-provider';
import { Link } from '../../lib/navigation';
import { Card } from '../../components/ui/card';
import { buttonClasses } from '../../components/ui/button';
import { retryableLazy } from '../../lib/retryable-lazy';
import { useDeferredQuery } from '../../lib/use-deferred-query';

// Loaded only when the circle was alerted in the last day (page weight).
const FamilyAlertedLine = retryableLazy(() =>
  import('../../features/care/components/family-alerted-line').then((module) => ({
    default: module.FamilyAlertedLine,
  })),
);

// The caregiver Home's people (decision 076), loaded only for a caregiver without a profile.
const FollowedPeople = retryableLazy(() =>
  import('../../features/care/components/followed-people').then((module) => ({ default: module.FollowedPeople })),
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

/** The box telling the patient their circle was alerted, who was reached how, and who saw it; nothing otherwise. */
function FamilyAlerted({ now }: { now: Date }) {
  const zone = useUserZone();
  const alerts = useQuery(ownAlertsQuery());
  const recent = (alerts.data ?? []).filter(
    (alert) =>
      (alert.status === 'sent' || alert.status === 'failed') &&
      now.getTime() - Date.parse(alert.event_at) < FAMILY_ALERT_SHOWN_MS,
  );
  if (!recent.length) return null;
  return (
    <Suspense fallback={null}>
      <FamilyAlertedLine alerts={recent} timezone={zone} />
    </Suspense>
  );
}

/**
 * Today's meals (the meals feature), whose rises are asked for again whenever the latest-glucose
 * card's readings are fetched anew (a reading logged after a meal can give it its rise).
 */
function HomeMeals({ now }: { now: Date }) {
  const glucose = useDeferredQuery(getReadingsQueryOptions('glucose', { limit: 1 }));
  return <HomeMealCard now={now} readingsFetchedAt={glucose.dataUpdatedAt} />;
}

/**
 * Home for someone who follows people and has no patient profile (decision 076): the people,
 * their alerts and latest figures, and the way to start tracking their own health.
 */
function CaregiverHome({ now }: { now: Date }) {
  const t = useT();
  const patients = useQuery(getPatientsQueryOptions());
  // Following more than one person (a doctor): the Patients screen is the start (decision 086).
  if ((patients.data?.length ?? 0) > 1) return <Redirect to="/care/patients" replace />;
  return (
    <Page withNav>
      <CareSwitcherOnHome />
      <HomeHeader now={now} actions={<PushBell />} />
      {patients.data ? (
        <Suspense fallback={null}>
          <FollowedPeople patients={patients.data} />
        </Suspense>
      ) : (
        <p>{t('common.loading')}</p>
      )}
      <section aria-labelledby="own-health-title" className="mb-4">
        <Card>
          <h2 id="own-health-title" className="text-base font-bold">
            {t('home.caregiver.ownHealth')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('home.caregiver.ownHealthText')}</p>
          <Link to="/profile-setup" className={`${buttonClasses('outline')} mt-3 w-full`}>
            {t('home.caregiver.startTracking')}
          </Link>
        </Card>
      </section>
      <InstallPrompt />
    </Page>
  );
}

export function Component() {
  const now = useNow();
  if (isCaregiverOnly()) return <CaregiverHome now={now} />;
  return (
    <Page withNav>
      <CareSwitcherOnHome />
      <HomeHeader now={now} actions={<PushBell />} />
      <FamilyAlerted now={now} />
      <LatestGlucoseCard now={now} />
      <HomeMeals now={now} />
      <MedicationProgress now={now} />
      <QuickActions />
      <UpcomingAppointments now={now} />
      <TodaysDoses now={now} />
      <InstallPrompt />
    </Page>
  );
}
