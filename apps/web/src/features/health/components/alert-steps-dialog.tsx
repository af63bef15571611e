/**
 * What to do about a reading far out of range (issue 15), loaded when 'What to do' is first
 * pressed. Every step is from the source named under it (../shared/clinical-sources.md, and
 * for blood pressure the sources of BP_ALERT in @diacare/contract/clinical); nothing here is
 * dosing advice. India's emergency number is 112 (ERSS); 108 is the ambulance in most states.
 */
import type { ReadingAlert } from '@diacare/contract/clinical';
import { Phone, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/utils';
import { ALERT_TOPICS } from './reading-alert';

const ADA_SOURCE =
  'American Diabetes Association, Standards of Care in Diabetes—2025, §6 Glycemic Goals and Hypoglycemia';
const ERSS_SOURCE = 'Government of India, Emergency Response Support System (112)';

function Steps({ children }: { children: ReactNode }) {
  return <ol className="list-decimal space-y-2 pl-5 text-slate-800">{children}</ol>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4">
      <h3 className="mb-1 font-bold">{title}</h3>
      {children}
    </section>
  );
}

function Urgent({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mb-4 flex gap-2 rounded-xl bg-red-600 p-3 font-semibold text-white">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

function CallEmergency() {
  return (
    <a href="tel:112" className={cn(buttonClasses('destructive'), 'mt-3 w-full')}>
      <Phone className="h-5 w-5" aria-hidden />
      Call 112 (emergency)
    </a>
  );
}

function Sources({ sources }: { sources: string[] }) {
  return (
    <p className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-500" data-testid="alert-source">
      Source: {sources.join('; ')}. This is general guidance, not a diagnosis; follow your own care plan.
    </p>
  );
}

/** Level 1 and 2 hypoglycaemia: the "15–15 rule", then the severe low (ADA 2025 §6). */
function LowGlucoseSteps({ veryLow, reading }: { veryLow: boolean; reading: string }) {
  return (
    <>
      {veryLow ? (
        <Urgent>
          {reading} is very low (under 54 mg/dL). Treat it now and get help: tell someone near you, and call 112 if you
          cannot treat it yourself.
        </Urgent>
      ) : (
        <p className="mb-3 text-slate-700">{reading} is low: under 70 mg/dL is low blood glucose (hypoglycaemia).</p>
      )}
      <Section title="If you can swallow: the 15–15 rule">
        <Steps>
          <li>
            Take 15–20 g of fast-acting sugar, such as glucose tablets, or half a cup of fruit juice or regular (not
            diet) soft drink.
          </li>
          <li>Wait 15 minutes, then check your glucose again.</li>
          <li>If it is still under 70 mg/dL, repeat both steps.</li>
          <li>Once it is back in range, eat a meal or a snack.</li>
        </Steps>
      </Section>
      <Section title="If someone is unconscious or cannot swallow">
        <Steps>
          <li>Give nothing by mouth.</li>
          <li>Give glucagon if it has been prescribed and someone trained to use it is there.</li>
          <li>Call 112 (or 108 for an ambulance).</li>
        </Steps>
        <CallEmergency />
      </Section>
      <p className="mt-4 text-sm text-slate-700">
        Tell your doctor about low readings: your treatment may need a change.
      </p>
      <Sources sources={[`${ADA_SOURCE}; ADA, "Hypoglycemia (Low Blood Glucose)"`, ERSS_SOURCE]} />
    </>
  );
}

/** 180/120 mmHg or higher (American Heart Association, hypertensive crisis). */
function SevereHighBloodPressureSteps({ reading }: { reading: string }) {
  return (
    <>
      <Urgent>
        {reading} is very high. A top number of 180 or more, or a bottom number of 120 or more, is a hypertensive crisis
        if it stays this high.
      </Urgent>
      <Steps>
        <li>Sit quietly for 5 minutes, then measure again.</li>
        <li>
          Still this high with chest pain, shortness of breath, back pain, numbness or weakness, a change in vision or
          difficulty speaking: call 112 now. Do not wait for it to come down.
        </li>
        <li>Still this high without those symptoms: contact your doctor as soon as possible, today.</li>
      </Steps>
      <CallEmergency />
      <Sources
        sources={[
          'American Heart Association, "Hypertensive Crisis: When You Should Call 911 for High Blood Pressure"',
          'ACC/AHA 2017 High Blood Pressure Guideline, §11.2 Hypertensive Crises',
          ERSS_SOURCE,
        ]}
      />
    </>
  );
}

/** Under 90/60 mmHg (NHLBI, low blood pressure). */
function LowBloodPressureSteps({ reading }: { reading: string }) {
  return (
    <>
      <p className="mb-3 text-slate-700">{reading} is low: under 90/60 mmHg is low blood pressure (hypotension).</p>
      <Steps>
        <li>Without symptoms it is often not a problem. Measure again after resting.</li>
        <li>
          If you feel dizzy, light-headed or faint, sit or lie down, and tell your doctor: a medicine may need a change.
        </li>
        <li>Call 112 if someone faints and does not come round, or is confused, cold and clammy, or breathing fast.</li>
      </Steps>
      <CallEmergency />
      <Sources sources={['National Heart, Lung, and Blood Institute (NIH), "Low Blood Pressure"', ERSS_SOURCE]} />
    </>
  );
}

export default function AlertStepsDialog({
  alert,
  reading,
  onClose,
}: {
  alert: ReadingAlert;
  reading: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`${ALERT_TOPICS[alert]}: what to do`}>
      {alert === 'very-low-glucose' || alert === 'low-glucose' ? (
        <LowGlucoseSteps veryLow={alert === 'very-low-glucose'} reading={reading} />
      ) : alert === 'severe-high-bp' ? (
        <SevereHighBloodPressureSteps reading={reading} />
      ) : (
        <LowBloodPressureSteps reading={reading} />
      )}
    </Dialog>
  );
}
