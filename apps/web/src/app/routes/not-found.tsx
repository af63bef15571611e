import { Link } from '../../lib/navigation';
import { Page } from '../../components/layout/page';
import { buttonClasses } from '../../components/ui/button';
import { useT } from '../../lib/i18n/language-provider';

export function Component() {
  const t = useT();
  return (
    <Page className="flex flex-col items-center justify-center text-center">
      <h1 className="mb-2 text-title font-bold">{t('common.notFound.title')}</h1>
      <p className="mb-6 text-slate-600">{t('common.notFound.text')}</p>
      <Link to="/home" className={buttonClasses()}>
        {t('common.notFound.goHome')}
      </Link>
    </Page>
  );
}
