/**
 * Privacy Policy (spec §2 Privacy Policy): seven sections; contacts come from the server's
 * configuration. Your Rights links correct → History, delete → Profile's delete account,
 * export → Profile's 'Download my data' (issue 13, item 5).
 */
import { Link } from 'react-router';
import { Page, PageHeader } from '../../components/layout/page';
import { Card } from '../../components/ui/card';
import { useAppConfig } from '../../lib/app-config';

/** Your Rights link each right to where it is exercised (issue 13, item 5). */
const linkClasses = 'font-medium text-primary underline';

export function Component() {
  const config = useAppConfig();
  const sections = [
    {
      title: 'Information We Collect',
      body: (
        <p>
          Your name, email, phone number, age, sex and address; the health information you log (blood glucose, blood
          pressure, weight and height); your medications, schedules and whether you took each dose; and your
          appointments.
        </p>
      ),
    },
    {
      title: 'How We Use Your Information',
      body: (
        <p>
          To remind you of your medicines and appointments, to show your reports and trends, to personalise your
          experience and to keep the service working and secure.
        </p>
      ),
    },
    {
      title: 'Data Security',
      body: <p>Your health data is encrypted in transit and at rest, and only you can see it when signed in.</p>,
    },
    {
      title: 'HIPAA Compliance',
      body: <p>We handle health information following HIPAA principles for protecting personal health data.</p>,
    },
    {
      title: 'Data Sharing',
      body: (
        <>
          <p>We never sell your data. We share it only:</p>
          <ul className="mt-1 list-disc pl-5">
            <li>with your consent;</li>
            <li>with healthcare providers you authorise;</li>
            <li>when the law requires it;</li>
            <li>to protect the rights and safety of you or others.</li>
          </ul>
        </>
      ),
    },
    {
      title: 'Your Rights',
      body: (
        <ul className="list-disc pl-5">
          <li>Access your data</li>
          <li>
            <Link className={linkClasses} to="/reports/history/glucose">
              Correct your data
            </Link>
          </li>
          <li>
            <Link className={linkClasses} to="/profile#delete-account">
              Delete your data
            </Link>
          </li>
          <li>
            <Link className={linkClasses} to="/profile#section-download-my-data">
              Export your data
            </Link>
          </li>
          <li>Opt out of marketing</li>
        </ul>
      ),
    },
    {
      title: 'Contact Us',
      body: (
        <p>
          Email:{' '}
          <a className="font-medium text-primary underline" href={`mailto:${config.data?.privacy_email ?? ''}`}>
            {config.data?.privacy_email}
          </a>
          <br />
          Phone:{' '}
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
      <PageHeader title="Privacy Policy" subtitle="Last updated: January 20, 2025" backTo="history" />
      <div className="space-y-3">
        {sections.map((section, index) => (
          <Card key={section.title}>
            <h2 className="mb-2 font-bold">
              {index + 1}. {section.title}
            </h2>
            <div className="text-sm leading-relaxed text-slate-700">{section.body}</div>
          </Card>
        ))}
      </div>
    </Page>
  );
}
