/**
 * Quick Actions: Book Doctor and Book Lab Test open /booking with the type in
 * navigation state; Buy Medicine and Shop Essentials open the configured sites in a new tab.
 */
import { FlaskConical, ShoppingBag, ShoppingCart, Stethoscope } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/navigation';
import { useAppConfig } from '../../../lib/app-config';
import { useT } from '../../../lib/i18n/language-provider';

const tile =
  'flex flex-col items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white p-3 text-center text-xs font-semibold text-slate-700 shadow-sm hover:border-primary';

function Icon({ children, className }: { children: ReactNode; className: string }) {
  return <span className={`flex h-10 w-10 items-center justify-center rounded-full ${className}`}>{children}</span>;
}

export function QuickActions() {
  const config = useAppConfig();
  const t = useT();
  return (
    <section aria-labelledby="quick-actions" className="mb-6">
      <h2 id="quick-actions" className="mb-3 text-lg font-bold">
        {t('home.quickActions')}
      </h2>
      {/* Four across on phones from 320 px; two across when large text needs the room. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,4rem),1fr))] gap-2">
        <Link to="/booking" state={{ type: 'doctor' }} className={tile}>
          <Icon className="bg-blue-100 text-blue-700">
            <Stethoscope className="h-5 w-5" aria-hidden />
          </Icon>
          {t('home.bookDoctor')}
        </Link>
        <Link to="/booking" state={{ type: 'lab' }} className={tile}>
          <Icon className="bg-purple-100 text-purple-700">
            <FlaskConical className="h-5 w-5" aria-hidden />
          </Icon>
          {t('home.bookLabTest')}
        </Link>
        <a href={config.data?.pharmacy_url ?? '#'} target="_blank" rel="noopener noreferrer" className={tile}>
          <Icon className="bg-green-100 text-green-700">
            <ShoppingCart className="h-5 w-5" aria-hidden />
          </Icon>
          {t('home.buyMedicine')}
        </a>
        <a href={config.data?.store_url ?? '#'} target="_blank" rel="noopener noreferrer" className={tile}>
          <Icon className="bg-orange-100 text-orange-700">
            <ShoppingBag className="h-5 w-5" aria-hidden />
          </Icon>
          {t('home.shopEssentials')}
        </a>
      </div>
    </section>
  );
}
