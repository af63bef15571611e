/**
 * Every route of docs/product.md with its guard, each screen loaded on demand so the first screen
 * downloads only what it shows. wouter's <Switch> renders the first match; data comes from
 * TanStack Query, so there are no loaders.
 * Decision 029.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ComponentType } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute, Redirect, Route, Switch, useLocation } from 'wouter';
import { firstScreenShown } from '../lib/after-first-screen';
import { meetsAccess, RequireAuth, type GuardedAccess } from '../lib/auth/require-auth';
import { loadCatalogs, wantCatalogs, type CatalogArea } from '../lib/i18n/i18n';
import { useT } from '../lib/i18n/language-provider';
import { BrowserRouter, useHash } from '../lib/navigation';
import { retryableLazy } from '../lib/retryable-lazy';
import { RootLayout } from './root-layout';
import { ScreenFailureBoundary } from './screen-failure-boundary';

/** A screen's component, and `preload()` to start loading its code and texts before it renders. */
type Screen = ComponentType & { preload(): void };

/**
 * A screen loaded on demand together with the texts of the catalog areas it shows, in the
 * active language (decision 023; common and layout are always loaded). bench/page-weight.mjs
 * reads these lists to count each route's catalogs. The first screen shown, with its data
 * answered, lets work that waits for it start (lib/after-first-screen.ts).
 */
const page = (load: () => Promise<{ Component: ComponentType }>, areas: readonly CatalogArea[]): Screen =>
  Object.assign(
    retryableLazy(() =>
      Promise.all([load(), loadCatalogs(areas)]).then(([{ Component }]) => ({
        default: function ScreenShown() {
          return (
            <>
              <Component />
              <FirstScreenShown />
            </>
          );
        },
      })),
    ),
    {
      preload() {
        wantCatalogs(areas);
        // A task of its own: asking for a screen's ~20 chunks costs the main thread about 15 ms
        // when the page does not already name them (decision 062).
        setTimeout(() => load().catch(() => undefined), 0);
      },
    },
  );

/** Resolves once no query is fetching: answered, failed, or paused while offline. */
function dataSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Tells lib/after-first-screen.ts that a screen has committed, and when its data has answered. */
function FirstScreenShown() {
  const client = useQueryClient();
  useEffect(() => firstScreenShown(() => dataSettled(client)), [client]);
  return null;
}

const Landing = page(() => import('./routes/landing'), ['landing']);
const ProfileSetup = page(() => import('./routes/profile-setup'), ['profile-setup']);
const Home = page(() => import('./routes/home'), ['home', 'medications', 'health', 'appointments', 'push']);
const Medications = page(() => import('./routes/medications'), ['medications']);
const MedicationForm = page(() => import('./routes/medication-form'), ['medications', 'medication-form']);
const Reports = page(() => import('./routes/reports'), ['health', 'health-reports', 'your-data']);
const History = page(() => import('./routes/history'), ['health', 'health-reports']);
const GlucoseProfile = page(() => import('./routes/glucose-profile'), ['health', 'health-reports']);
const Chat = page(() => import('./routes/chat'), ['assistant']);
const Booking = page(() => import('./routes/booking'), ['appointments', 'booking']);
const Profile = page(() => import('./routes/profile'), ['profile', 'your-data', 'care']);
const PrivacyPolicy = page(() => import('./routes/privacy-policy'), ['privacy']);
const Faq = page(() => import('./routes/faq'), ['faq']);
const ComingSoon = page(() => import('./routes/coming-soon'), []);
const NotFound = page(() => import('./routes/not-found'), []);
// Opened signed out too (decision 076); its alerts step uses the push and channel texts.
const CareJoin = page(() => import('./routes/care-join'), ['care', 'push', 'profile']);
const CarePatient = page(() => import('./routes/care-patient'), ['care']);
const CarePatientMedications = page(() => import('./routes/care-patient-medications'), ['care', 'medications']);
// The member's Reports ships inside the Reports chunk: the health components keep one importer
// chunk, so Home's chunks do not change (bench/page-weight.mjs).
const CarePatientReports = page(
  () => import('./routes/reports').then((module) => ({ Component: module.CarePatientReports })),
  ['care', 'health', 'health-reports', 'medications'],
);
const CarePatientHistory = page(() => import('./routes/care-patient-history'), ['care', 'health', 'health-reports']);
const CarePatientGlucoseProfile = page(
  () => import('./routes/care-patient-glucose-profile'),
  ['care', 'health', 'health-reports'],
);

/**
 * Who may open a screen: anyone, anyone signed in, the signed in with a completed profile or in a
 * care circle (`circle`: what a caregiver without a patient profile uses, decision 076), or only
 * with a completed profile.
 */
type Access = 'anyone' | GuardedAccess;

/** Every screen by path (a wouter pattern), with who may open it; wouter's <Switch> takes the first match. */
const SCREENS: ReadonlyArray<{ path: string; Screen: Screen; access: Access }> = [
  { path: '/', Screen: Landing, access: 'anyone' },
  { path: '/profile-setup', Screen: ProfileSetup, access: 'signed-in' },
  { path: '/home', Screen: Home, access: 'circle' },
  { path: '/medications', Screen: Medications, access: 'profile' },
  { path: '/medications/add', Screen: MedicationForm, access: 'profile' },
  { path: '/medications/edit/:id', Screen: MedicationForm, access: 'profile' },
  { path: '/reports', Screen: Reports, access: 'profile' },
  { path: '/reports/history/:type', Screen: History, access: 'profile' },
  { path: '/reports/glucose-profile', Screen: GlucoseProfile, access: 'profile' },
  { path: '/chat', Screen: Chat, access: 'profile' },
  { path: '/booking', Screen: Booking, access: 'profile' },
  { path: '/profile', Screen: Profile, access: 'circle' },
  { path: '/privacy-policy', Screen: PrivacyPolicy, access: 'circle' },
  { path: '/care/join/:token', Screen: CareJoin, access: 'anyone' },
  { path: '/care/patients/:id', Screen: CarePatient, access: 'circle' },
  { path: '/care/patients/:id/reports', Screen: CarePatientReports, access: 'circle' },
  { path: '/care/patients/:id/medications', Screen: CarePatientMedications, access: 'circle' },
  { path: '/care/patients/:id/reports/history/:type', Screen: CarePatientHistory, access: 'circle' },
  { path: '/care/patients/:id/reports/glucose-profile', Screen: CarePatientGlucoseProfile, access: 'circle' },
  { path: '/reminders/:type', Screen: ComingSoon, access: 'profile' },
  { path: '/terms', Screen: ComingSoon, access: 'circle' },
  { path: '/faq', Screen: Faq, access: 'circle' },
];

/** True when the route guard (RequireAuth) lets this device's user open a screen of `access`. */
const mayOpen = (access: Access): boolean => access === 'anyone' || meetsAccess(access);

/**
 * Starts loading the code and texts of the screen at `pathname` (e.g. '/reports') when this
 * device's user may open it, so they download while the app starts instead of after its first
 * render (boot.tsx). Nothing for a path no screen matches.
 */
export function preloadScreen(pathname: string): void {
  const match = SCREENS.find(({ path }) => matchRoute(parsePattern, path, pathname)[0]);
  if (match && mayOpen(match.access)) match.Screen.preload();
}

/** New screens start at the top unless the URL names a section (#appointments). */
function ScrollToTop() {
  const [pathname] = useLocation();
  const hash = useHash();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

function Loading() {
  const t = useT();
  return <p className="p-6 text-center text-slate-500">{t('common.loading')}</p>;
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <RootLayout>
        <ScreenFailureBoundary>
          <Suspense fallback={<Loading />}>
            <Switch>
              {SCREENS.map(({ path, Screen, access }) => (
                <Route key={path} path={path}>
                  {access === 'anyone' ? (
                    <Screen />
                  ) : (
                    <RequireAuth access={access}>
                      <Screen />
                    </RequireAuth>
                  )}
                </Route>
              ))}
              <Route path="/dashboard">
                <Redirect to="/home" replace />
              </Route>
              <Route path="/schedule">
                <Redirect to="/home" replace />
              </Route>
              <Route>
                <NotFound />
              </Route>
            </Switch>
          </Suspense>
        </ScreenFailureBoundary>
      </RootLayout>
    </BrowserRouter>
  );
}
