/** /terms and /reminders/{type}: placeholders with docs/product.md's exact texts. */
import { useLocation } from 'wouter';
import { Page, PageHeader } from '../../components/layout/page';
import { Card } from '../../components/ui/card';
import { useT } from '../../lib/i18n/language-provider';
import type { MessageId } from '../../lib/i18n/i18n';

function textFor(pathname: string): MessageId {
  if (pathname.startsWith('/terms')) return 'common.comingSoon.terms';
  return 'common.comingSoon';
}

export function Component() {
  const [pathname] = useLocation();
  const t = useT();
  return (
    <Page>
      <PageHeader title="" backTo="history" />
      <Card className="py-16 text-center">
        <h1 className="text-xl font-bold">{t(textFor(pathname))}</h1>
      </Card>
    </Page>
  );
}
