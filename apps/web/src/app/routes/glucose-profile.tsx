/** /reports/glucose-profile: the signed-in person's glucose profile (decision 084). */
import { Page, PageHeader } from '../../components/layout/page';
import { OWN_HISTORY } from '../../features/health/api/history-source';
import { GlucoseProfileView } from '../../features/health/components/glucose-profile-view';
import { useT } from '../../lib/i18n/language-provider';

export function Component() {
  const t = useT();
  return (
    <Page>
      <PageHeader title={t('health-reports.profile.title')} backTo={OWN_HISTORY.reportsPath} />
      <GlucoseProfileView source={OWN_HISTORY} />
    </Page>
  );
}
