/**
 * Privacy Policy: seven sections; contacts come from the server's
 * configuration. Your Rights links correct → History, delete → Profile's delete account,
 * export → Profile's 'Download my data'.
 */
import type { ReactNode } from 'react';
import { Link } from '../../lib/navigation';
import { Page, PageHeader } from '../../components/layout/page';
import { Card } from '../../components/ui/card';
import { useAppConfig } from '../../lib/app-config';
import type { MessageId } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/language-provider';

/** Your Rights link each right to where it is exercised. */
// inline-block + py-1: the stacked list links are at least 24 px tall (WCAG 2.5.8 target size).
const linkClasses = 'inline-block py-1 font-medium text-primary underline';

export function Component() {
  const config = useAppConfig();
  const t = useT();
  const sections: { id: string; title: MessageId; body: ReactNode }[] = [
    { id: 'collect', title: 'privacy.collect.title', body: <p>{t('privacy.collect.text')}</p> },
    { id: 'use', title: 'privacy.use.title', body: <p>{t('privacy.use.text')}</p> },
    { id: 'security', title: 'privacy.security.title', body: <p>{t('privacy.security.text')}</p> },
    { id: 'hipaa', title: 'privacy.hipaa.title', body: <p>{t('privacy.hipaa.text')}</p> },
    {
      id: 'sharing',
      title: 'privacy.sharing.title',
      body: (
        <>
          <p>{t('privacy.sharing.text')}</p>
          <ul className="mt-1 list-disc pl-5">
            <li>{t('privacy.sharing.consent')}</li>
            <li>{t('privacy.sharing.providers')}</li>
            <li>{t('privacy.sharing.law')}</li>
            <li>{t('privacy.sharing.protect')}</li>
          </ul>
        </>
      ),
    },
    {
      id: 'rights',
      title: 'privacy.rights.title',
      body: (
        <ul className="list-disc pl-5">
          <li>{t('privacy.rights.access')}</li>
          <li>
            <Link className={linkClasses} to="/reports/history/glucose">
              {t('privacy.rights.correct')}
            </Link>
          </li>
          <li>
            <Link className={linkClasses} to="/profile#delete-account">
              {t('privacy.rights.delete')}
            </Link>
          </li>
          <li>
            <Link className={linkClasses} to="/profile#section-download-my-data">
              {t('privacy.rights.export')}
            </Link>
          </li>
          <li>{t('privacy.rights.optOut')}</li>
        </ul>
      ),
    },
    {
      id: 'contact',
      title: 'privacy.contact.title',
      body: (
        <p>
          {t('privacy.contact.email')}{' '}
          <a
            className="font-medium text-primary underline wrap-anywhere"
            href={`mailto:${config.data?.privacy_email ?? ''}`}
          >
            {config.data?.privacy_email}
          </a>
          <br />
          {t('privacy.contact.phone')}{' '}
          <a
            className="font-medium text-primary underline"
            href={`tel:${(config.data?.privacy_phone ?? '').replace(/[^\d+]/g, '')}`}
          >
            {config.data?.privacy_phone}
          </a>
        </p>
      ),
    },
  ];
  return (
    <Page>
      <PageHeader title={t('privacy.title')} subtitle={t('privacy.updated')} backTo="history" />
      <div className="space-y-3">
        {sections.map((section, index) => (
          <Card key={section.id}>
            <h2 className="mb-2 font-bold">
              {index + 1}. {t(section.title)}
            </h2>
            <div className="text-sm leading-relaxed text-slate-700">{section.body}</div>
          </Card>
        ))}
      </div>
    </Page>
  );
}
