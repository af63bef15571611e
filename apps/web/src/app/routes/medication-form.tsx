import { Page, PageHeader } from '../../components/layout/page';

export function Component() {
  return (
    <Page>
      <PageHeader title="Add Medication" backTo="/home" />
    </Page>
  );
}
