/**
 * Landing: tagline, four features, marketing figures and the one
 * sign-in button. On return from sign-in the `#session_id=` fragment is exchanged for a
 * session, the fragment cleared, and the user sent on to /home (with a profile, or following
 * someone: decision 076) or /profile-setup.
 */
import { isProfileComplete } from '@diacare/contract/profile-rules';
import { Bell, Bot, CalendarCheck, HeartPulse } from 'lucide-react';
import { Redirect, useLocation } from 'wouter';
import { LANDING_CLASSES } from '../../components/layout/first-paint-classes';
import { buttonClasses } from '../../components/ui/button';
import { signInUrl } from '../../lib/auth/auth-api';
import { meetsAccess } from '../../lib/auth/require-auth';
import { useSessionCode } from '../../lib/auth/use-session-code';
import { syncCareMember } from '../../features/care/api/patients';
import { LanguageChoice } from '../../lib/i18n/language-choice';
import { useLocale, useT } from '../../lib/i18n/language-provider';
import { readFlag, setFlag } from '../../lib/local-flags';

const FEATURES = [
  { icon: Bell, title: 'landing.feature.reminders.title', text: 'landing.feature.reminders.text' },
  { icon: HeartPulse, title: 'landing.feature.tracking.title', text: 'landing.feature.tracking.text' },
  { icon: CalendarCheck, title: 'landing.feature.visits.title', text: 'landing.feature.visits.text' },
  { icon: Bot, title: 'landing.feature.assistant.title', text: 'landing.feature.assistant.text' },
] as const;

const FIGURES = [
  { value: '10K+', label: 'landing.figure.users' },
  { value: '95%', label: 'landing.figure.control' },
  { value: '4.9', label: 'landing.figure.rating' },
] as const;

export function Component() {
  const [, navigate] = useLocation();
  const t = useT();
  const { language } = useLocale();
  // Signed in: Home with a profile, or as someone who cares for another person (decision 076);
  // else the profile comes first.
  const { hasCode, failed } = useSessionCode((user) => {
    if (readFlag('profileCompleted') || isProfileComplete(user)) {
      setFlag('profileCompleted', true);
      navigate('/home', { replace: true });
      return;
    }
    syncCareMember()
      .catch(() => readFlag('careMember'))
      .then((follows) => navigate(follows ? '/home' : '/profile-setup', { replace: true }));
  });

  if (!hasCode && meetsAccess('circle')) return <Redirect to="/home" replace />;
  // Until the next screen opens: signed in, this page only waits to navigate.
  const signingIn = hasCode && !failed;

  return (
    <main className={LANDING_CLASSES.main}>
      {/* The page paints this top before the app has started (app/first-paint.ts, decision 107). */}
      <LanguageChoice className={LANDING_CLASSES.languageChoice} />
      <div className={LANDING_CLASSES.top}>
        <div className={LANDING_CLASSES.logo} aria-hidden>
          <HeartPulse className={LANDING_CLASSES.logoIcon} />
        </div>
        <h1 className={LANDING_CLASSES.name}>DiaCare</h1>
        <p className={LANDING_CLASSES.tagline}>{t('landing.tagline')}</p>
      </div>

      {failed ? (
        <div
          role="alert"
          className="mb-5 rounded-xl border border-red-200 bg-red-50 p-3 text-center text-sm font-medium text-red-700"
        >
          {t('landing.loginFailed')}
        </div>
      ) : null}

      {/* Two across; one across when large text leaves the page under 16rem (WCAG 1.4.10). */}
      <ul className="mb-8 grid grid-cols-2 gap-3 @max-[16rem]:grid-cols-1">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-teal-100 bg-white p-4 shadow-sm">
            <Icon className="mb-2 h-6 w-6 text-primary" aria-hidden />
            <h2 className="text-sm font-semibold">{t(title)}</h2>
            <p className="mt-1 text-xs text-slate-600">{t(text)}</p>
          </li>
        ))}
      </ul>

      <dl className="mb-8 grid grid-cols-fit-figures gap-2 text-center">
        {FIGURES.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse">
            <dt className="text-xs text-slate-600">{t(label)}</dt>
            <dd className="text-2xl font-bold text-primary-dark">{value}</dd>
          </div>
        ))}
      </dl>

      <a href={signInUrl(language)} className={buttonClasses('primary')} aria-disabled={signingIn || undefined}>
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5 rounded-full bg-white p-0.5">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.2 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z"
          />
        </svg>
        {signingIn ? t('landing.signingIn') : t('landing.continueWithGoogle')}
      </a>
      <p className="mt-3 text-center text-sm text-slate-500">{t('landing.freeSecure')}</p>
    </main>
  );
}
