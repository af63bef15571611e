import { Page, PageHeader } from '../../components/layout/page';

export function Component() {
  return (
    <Page>
      <PageHeader title="Book Doctor" backTo="/home" />
    </Page>
  );
}
