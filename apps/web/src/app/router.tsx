/**
 * Every route of docs/product.md with its guard, each screen loaded on demand so the first screen
 * downloads only what it shows. wouter's <Switch> renders the first match; data comes from
 * TanStack Query, so there are no loaders.
 * Decision 029.
 */
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { firstScreenLoaded } from '../lib/after-first-screen';
import { RequireAuth } from '../lib/auth/require-auth';
import { loadCatalogs, type CatalogArea } from '../lib/i18n/i18n';
import { useT } from '../lib/i18n/language-provider';
import { BrowserRouter, useHash } from '../lib/navigation';
import { RootLayout } from './root-layout';

/**
 * A screen loaded on demand together with the texts of the catalog areas it shows, in the
 * active language (decision 023; common and layout are always loaded). bench/page-weight.mjs
 * reads these lists to count each route's catalogs. The first screen loaded lets work that
 * waits for it start (lib/after-first-screen.ts).
 */
const page = (
  load: () => Promise<{ Component: ComponentType }>,
  areas: readonly CatalogArea[],
): LazyExoticComponent<ComponentType> =>
  lazy(() =>
    Promise.all([load(), loadCatalogs(areas)]).then(([module]) => {
      firstScreenLoaded();
      return { default: module.Component };
    }),
  );

const Landing = page(() => import('./routes/landing'), ['landing']);
const ProfileSetup = page(() => import('./routes/profile-setup'), ['profile-setup']);
const Home = page(() => import('./routes/home'), ['home', 'medications', 'health', 'appointments', 'push']);
const Medications = page(() => import('./routes/medications'), ['medications']);
const MedicationForm = page(() => import('./routes/medication-form'), ['medications', 'medication-form']);
const Reports = page(() => import('./routes/reports'), ['health', 'health-reports', 'your-data']);
const History = page(() => import('./routes/history'), ['health', 'health-reports']);
const Chat = page(() => import('./routes/chat'), ['assistant']);
const Booking = page(() => import('./routes/booking'), ['appointments', 'booking']);
const Profile = page(() => import('./routes/profile'), ['profile', 'your-data', 'care']);
const PrivacyPolicy = page(() => import('./routes/privacy-policy'), ['privacy']);
const Faq = page(() => import('./routes/faq'), ['faq']);
const ComingSoon = page(() => import('./routes/coming-soon'), []);
const NotFound = page(() => import('./routes/not-found'), []);
const CareJoin = page(() => import('./routes/care-join'), ['care']);
const CarePatient = page(() => import('./routes/care-patient'), ['care']);
// The member's Reports ships inside the Reports chunk: the health components keep one importer
// chunk, so Home's chunks do not change (bench/page-weight.mjs).
const CarePatientReports = page(
  () => import('./routes/reports').then((module) => ({ Component: module.CarePatientReports })),
  ['care', 'health', 'health-reports', 'medications'],
);

/** A screen behind the route guard: signed in, and with a completed profile unless told otherwise. */
const guarded = (Screen: ComponentType, requireProfile = true) => (
  <RequireAuth requireProfile={requireProfile}>
    <Screen />
  </RequireAuth>
);

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
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/">
              <Landing />
            </Route>
            <Route path="/profile-setup">{guarded(ProfileSetup, false)}</Route>
            <Route path="/home">{guarded(Home)}</Route>
            <Route path="/medications">{guarded(Medications)}</Route>
            <Route path="/medications/add">{guarded(MedicationForm)}</Route>
            <Route path="/medications/edit/:id">{guarded(MedicationForm)}</Route>
            <Route path="/reports">{guarded(Reports)}</Route>
            <Route path="/reports/history/:type">{guarded(History)}</Route>
            <Route path="/chat">{guarded(Chat)}</Route>
            <Route path="/booking">{guarded(Booking)}</Route>
            <Route path="/profile">{guarded(Profile)}</Route>
            <Route path="/privacy-policy">{guarded(PrivacyPolicy)}</Route>
            <Route path="/care/join/:token">{guarded(CareJoin)}</Route>
            <Route path="/care/patients/:id">{guarded(CarePatient)}</Route>
            <Route path="/care/patients/:id/reports">{guarded(CarePatientReports)}</Route>
            <Route path="/reminders/:type">{guarded(ComingSoon)}</Route>
            <Route path="/terms">{guarded(ComingSoon)}</Route>
            <Route path="/faq">{guarded(Faq)}</Route>
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
      </RootLayout>
    </BrowserRouter>
  );
}
