import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { buttonClasses } from '../../components/ui/button';

export function Component() {
  return (
    <Page className="flex flex-col items-center justify-center text-center">
      <h1 className="mb-2 text-2xl font-bold">Page not found</h1>
      <p className="mb-6 text-slate-600">This page does not exist.</p>
      <Link to="/home" className={buttonClasses()}>
        Go to Home
      </Link>
    </Page>
  );
}
