import { Page, PageHeader } from '../../components/layout/page';

export function Component() {
  return (
    <Page>
      <PageHeader title="Health History" backTo="/home" />
    </Page>
  );
}
