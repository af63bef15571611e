/**
 * What to do about a reading far out of range, loaded when 'What to do' is first pressed. Every
 * step names its source (docs/product.md, Clinical statements); nothing here is dosing advice.
 * India's emergency number is 112; 108 is the ambulance in most states.
 * Decision 011.
 */
import { HYPOGLYCAEMIA, type ReadingAlert } from '@diacare/contract/clinical';
import { formatGlucose } from '@diacare/contract/glucose-units';
import { Phone, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import { ALERT_TOPIC_IDS } from '../utils/labels';

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
  const t = useT();
  return (
    <a href="tel:112" className={cn(buttonClasses('destructive'), 'mt-3 w-full')}>
      <Phone className="h-5 w-5" aria-hidden />
      {t('health-reports.alert.call112')}
    </a>
  );
}

function Sources({ sources }: { sources: string[] }) {
  const t = useT();
  return (
    <p className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-500" data-testid="alert-source">
      {t('health-reports.alert.source', { sources: sources.join('; ') })}
    </p>
  );
}

/**
 * Level 1 and 2 hypoglycaemia: the "15–15 rule", then the severe low (ADA 2025 §6). The
 * thresholds (70, 54 mg/dL) are named in the user's unit (3.9, 3.0 mmol/L; decision 025).
 */
function LowGlucoseSteps({ veryLow: isVeryLow, reading }: { veryLow: boolean; reading: string }) {
  const unit = useGlucoseUnit();
  const low = formatGlucose(HYPOGLYCAEMIA.low, unit);
  const veryLow = formatGlucose(HYPOGLYCAEMIA.veryLow, unit);
  const t = useT();
  return (
    <>
      {isVeryLow ? (
        <Urgent>{t('health-reports.alert.lowGlucose.veryLow', { reading, veryLow })}</Urgent>
      ) : (
        <p className="mb-3 text-slate-700">{t('health-reports.alert.lowGlucose.low', { reading, low })}</p>
      )}
      <Section title={t('health-reports.alert.lowGlucose.rule')}>
        <Steps>
          <li>{t('health-reports.alert.lowGlucose.step1')}</li>
          <li>{t('health-reports.alert.lowGlucose.step2')}</li>
          <li>{t('health-reports.alert.lowGlucose.step3', { low })}</li>
          <li>{t('health-reports.alert.lowGlucose.step4')}</li>
        </Steps>
      </Section>
      <Section title={t('health-reports.alert.lowGlucose.unconscious')}>
        <Steps>
          <li>{t('health-reports.alert.lowGlucose.unconscious1')}</li>
          <li>{t('health-reports.alert.lowGlucose.unconscious2')}</li>
          <li>{t('health-reports.alert.lowGlucose.unconscious3')}</li>
        </Steps>
        <CallEmergency />
      </Section>
      <p className="mt-4 text-sm text-slate-700">{t('health-reports.alert.lowGlucose.tellDoctor')}</p>
      <Sources sources={[`${ADA_SOURCE}; ADA, "Hypoglycemia (Low Blood Glucose)"`, ERSS_SOURCE]} />
    </>
  );
}

/** 180/120 mmHg or higher (American Heart Association, hypertensive crisis). */
function SevereHighBloodPressureSteps({ reading }: { reading: string }) {
  const t = useT();
  return (
    <>
      <Urgent>{t('health-reports.alert.highBp.urgent', { reading })}</Urgent>
      <Steps>
        <li>{t('health-reports.alert.highBp.step1')}</li>
        <li>{t('health-reports.alert.highBp.step2')}</li>
        <li>{t('health-reports.alert.highBp.step3')}</li>
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
  const t = useT();
  return (
    <>
      <p className="mb-3 text-slate-700">{t('health-reports.alert.lowBp.intro', { reading })}</p>
      <Steps>
        <li>{t('health-reports.alert.lowBp.step1')}</li>
        <li>{t('health-reports.alert.lowBp.step2')}</li>
        <li>{t('health-reports.alert.lowBp.step3')}</li>
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
  const t = useT();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('health-reports.alert.dialogTitle', { topic: t(ALERT_TOPIC_IDS[alert]) })}
    >
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
