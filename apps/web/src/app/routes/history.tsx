/** Health History: type is glucose (with one's meals), bp or weight; hba1c and insulin. */
import { useParams } from 'wouter';
import { Link } from '../../lib/navigation';
import { Page, PageHeader } from '../../components/layout/page';
import { buttonClasses } from '../../components/ui/button';
import type { ReadingKind } from '../../features/health/api/health';
import { Hba1cHistory } from '../../features/health/components/hba1c-history';
import { HistoryView } from '../../features/health/components/history-view';
import { InsulinHistory } from '../../features/health/components/insulin-history';
import { useUserZone } from '../../lib/auth/auth-provider';
import { useT } from '../../lib/i18n/language-provider';
import { useNow } from '../../lib/use-now';
import { useMealExtras } from '../history-meals';

const KINDS: readonly ReadingKind[] = ['glucose', 'bp', 'weight'];

export function Component() {
  const t = useT();
  const { type } = useParams();
  const zone = useUserZone();
  const now = useNow();
  const kind = KINDS.find((k) => k === type);
  return (
    <Page>
      {type === 'hba1c' ? (
        <Hba1cHistory now={now} zone={zone} />
      ) : type === 'insulin' ? (
        <InsulinHistory now={now} zone={zone} />
      ) : kind ? (
        // Keyed by kind: a new type starts from its own loading state.
        <HistoryView key={kind} kind={kind} now={now} zone={zone} useExtras={useMealExtras} />
      ) : (
        <>
          <PageHeader title={t('health-reports.history.title')} backTo="/reports" />
          <p className="mb-4 text-slate-600">{t('health-reports.history.noKind')}</p>
          <Link to="/reports" className={buttonClasses('primary', 'sm')}>
            {t('health-reports.history.goToReports')}
          </Link>
        </>
      )}
    </Page>
  );
}
