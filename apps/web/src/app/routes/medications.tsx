import { Page, PageHeader } from '../../components/layout/page';

export function Component() {
  return (
    <Page withNav>
      <PageHeader title="My Medications" backTo="/home" />
    </Page>
  );
}
