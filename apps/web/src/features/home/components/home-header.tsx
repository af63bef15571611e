/**
 * Home's greeting row: 'Hi {first name}!', today's date, the push bell (passed
 * in as `actions` by the route, since one feature does not import another) and the profile button.
 */
import { formatLongDate } from '@diacare/contract/dates';
import { firstName } from '@diacare/contract/profile-rules';
import { User as UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/navigation';
import { useAuth, useUserZone } from '../../../lib/auth/auth-provider';
import { useLocale, useT } from '../../../lib/i18n/language-provider';

export function HomeHeader({ now, actions }: { now: Date; actions?: ReactNode }) {
  const { user } = useAuth();
  const zone = useUserZone();
  const t = useT();
  const { intlLocale } = useLocale();
  return (
    <header className="mb-5 flex flex-wrap items-center justify-between gap-3">
      {/* The buttons go below the greeting when its longest word does not fit beside them (decision 034). */}
      <div className="min-w-0 flex-[1_1_min-content]">
        <h1 className="text-title font-bold wrap-break-word">
          {t('home.greeting', { name: user?.name?.trim() ? firstName(user.name) : t('common.user') })}
        </h1>
        <p className="text-sm text-slate-500">{formatLongDate(now, zone, intlLocale)}</p>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        {actions}
        <Link
          to="/profile"
          aria-label={t('home.profile')}
          className="flex h-11 w-11 items-center justify-center rounded-full bg-primary-light text-primary-dark hover:bg-teal-200"
        >
          <UserIcon className="h-5 w-5" aria-hidden />
        </Link>
      </div>
    </header>
  );
}
