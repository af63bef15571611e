/** Home's 'Medications' section (spec §2 Home). Filled by the medications feature (issue 3). */
import { Pill } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export function TodaysDoses(_props: { now: Date }) {
  return (
    <section aria-labelledby="medications-heading" className="mb-6">
      <h2 id="medications-heading" className="mb-3 text-lg font-bold">
        Medications
      </h2>
      <Card className="flex flex-col items-center gap-3 py-8 text-center">
        <Pill className="h-10 w-10 text-slate-300" aria-hidden />
        <p className="text-slate-600">No medications scheduled</p>
        <Link to="/medications/add" className={buttonClasses('primary', 'sm')}>
          Add Medication
        </Link>
      </Card>
    </section>
  );
}
