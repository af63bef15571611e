/**
 * Every route of spec §2 with its guard. Screens load on demand (route-level code
 * splitting), so the first screen downloads only what it shows. Declarative routing
 * (BrowserRouter) rather than the data router: the app loads data with TanStack Query,
 * and the data router's code would add ~10 KB gzip to the first screen.
 */
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { firstScreenLoaded } from '../lib/after-first-screen';
import { RequireAuth } from '../lib/auth/require-auth';
import { loadCatalogs, type CatalogArea } from '../lib/i18n/i18n';
import { useT } from '../lib/i18n/language-provider';
import { RootLayout } from './root-layout';

/**
 * A screen loaded on demand together with the texts of the catalog areas it shows, in the
 * active language (issue 14; common and layout are always loaded). bench/page-weight.mjs
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
const Profile = page(() => import('./routes/profile'), ['profile', 'your-data']);
const PrivacyPolicy = page(() => import('./routes/privacy-policy'), ['privacy']);
const ComingSoon = page(() => import('./routes/coming-soon'), []);
const NotFound = page(() => import('./routes/not-found'), []);

const Guarded = ({ requireProfile = true }: { requireProfile?: boolean }) => (
  <RequireAuth requireProfile={requireProfile}>
    <Outlet />
  </RequireAuth>
);

/** New screens start at the top unless the URL names a section (#appointments). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
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
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route element={<Guarded requireProfile={false} />}>
              <Route path="/profile-setup" element={<ProfileSetup />} />
            </Route>
            <Route element={<Guarded />}>
              <Route path="/home" element={<Home />} />
              <Route path="/medications" element={<Medications />} />
              <Route path="/medications/add" element={<MedicationForm />} />
              <Route path="/medications/edit/:id" element={<MedicationForm />} />
              <Route path="/reports" element={<Reports />} />
              <Route path="/reports/history/:type" element={<History />} />
              <Route path="/chat" element={<Chat />} />
              <Route path="/booking" element={<Booking />} />
              <Route path="/profile" element={<Profile />} />
              <Route path="/privacy-policy" element={<PrivacyPolicy />} />
              <Route path="/reminders/:type" element={<ComingSoon />} />
              <Route path="/terms" element={<ComingSoon />} />
              <Route path="/faq" element={<ComingSoon />} />
            </Route>
            <Route path="/dashboard" element={<Navigate to="/home" replace />} />
            <Route path="/schedule" element={<Navigate to="/home" replace />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </RootLayout>
    </BrowserRouter>
  );
}
