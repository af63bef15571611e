import { Page, PageHeader } from '../../components/layout/page';

export function Component() {
  return (
    <Page withNav>
      <PageHeader title="Health Reports" backTo="/home" />
    </Page>
  );
}
