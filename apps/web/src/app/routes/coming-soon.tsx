/** /terms, /faq and /reminders/{type}: placeholders with the spec's exact texts (spec §2). */
import { useLocation } from 'react-router';
import { Page, PageHeader } from '../../components/layout/page';
import { Card } from '../../components/ui/card';

function textFor(pathname: string): string {
  if (pathname.startsWith('/terms')) return 'Terms of Service - Coming Soon';
  if (pathname.startsWith('/faq')) return 'FAQ - Coming Soon';
  return 'Coming Soon';
}

export function Component() {
  const { pathname } = useLocation();
  return (
    <Page>
      <PageHeader title="" backTo="history" />
      <Card className="py-16 text-center">
        <h1 className="text-xl font-bold">{textFor(pathname)}</h1>
      </Card>
    </Page>
  );
}
