/** Reports' 'Glucose profile' card: what the page shows, and the link that opens it (decision 084). */
import { Activity } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { buttonClasses } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';

/** @param to the profile page: /reports/glucose-profile, or a patient's under /care/patients/{id} */
export function GlucoseProfileCard({ to }: { to: string }) {
  const t = useT();
  return (
    <Card className="mb-6" data-testid="glucose-profile-card">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Activity className="h-5 w-5 text-primary" aria-hidden />
        {t('health-reports.profile.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t('health-reports.profile.cardText')}</p>
      <Link to={to} className={buttonClasses('outline', 'sm')}>
        {t('health-reports.profile.open')}
      </Link>
    </Card>
  );
}
