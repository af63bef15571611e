/**
 * Profile → Care circle → Alerts: how long after a dose's time the circle is told it was
 * missed (5–240 minutes), low-blood-sugar alerts, and quiet hours (decision 048).
 */
import type { CareSettings } from '@diacare/contract/care';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { useLocale } from '../../../lib/i18n/language-provider';
import { careSettingsQuery, useSaveCareSettings } from '../api/care';

const MIN_MINUTES = 5;
const MAX_MINUTES = 240;

function SettingsForm({ saved }: { saved: CareSettings }) {
  const { t } = useLocale();
  const save = useSaveCareSettings();
  const id = useId();
  const [minutes, setMinutes] = useState(String(saved.missed_dose_alert_minutes));
  const [lowGlucose, setLowGlucose] = useState(saved.low_glucose_alerts);
  const [quiet, setQuiet] = useState(saved.quiet_hours !== null);
  const [start, setStart] = useState(saved.quiet_hours?.start ?? '22:00');
  const [end, setEnd] = useState(saved.quiet_hours?.end ?? '07:00');
  const value = Number(minutes);
  const minutesValid = Number.isInteger(value) && value >= MIN_MINUTES && value <= MAX_MINUTES;
  const quietValid = !quiet || (start !== '' && end !== '' && start !== end);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!minutesValid || !quietValid) return;
    try {
      await save.mutateAsync({
        missed_dose_alert_minutes: value,
        low_glucose_alerts: lowGlucose,
        quiet_hours: quiet ? { start, end } : null,
      });
      toast({ title: t('care.settings.saved') });
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-bold">
        {t('care.settings.title')}
      </h3>
      <p className="text-xs text-slate-500">{t('care.settings.intro')}</p>
      <div>
        <Label htmlFor={`${id}-minutes`}>{t('care.settings.minutes')}</Label>
        <Input
          id={`${id}-minutes`}
          type="number"
          inputMode="numeric"
          min={MIN_MINUTES}
          max={MAX_MINUTES}
          step={1}
          value={minutes}
          aria-invalid={!minutesValid}
          aria-describedby={`${id}-minutes-hint`}
          onChange={(event) => setMinutes(event.target.value)}
          className="max-w-32"
        />
        <p id={`${id}-minutes-hint`} className={`text-xs ${minutesValid ? 'text-slate-500' : 'text-red-700'}`}>
          {t('care.settings.minutesHint', { min: MIN_MINUTES, max: MAX_MINUTES })}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={`${id}-low`} className="text-sm font-medium">
          {t('care.settings.lowGlucose')}
        </label>
        <Switch id={`${id}-low`} checked={lowGlucose} onCheckedChange={setLowGlucose} />
      </div>
      <div className="flex items-center justify-between gap-3">
        <span>
          <label htmlFor={`${id}-quiet`} className="block text-sm font-medium">
            {t('care.settings.quiet')}
          </label>
          <span id={`${id}-quiet-hint`} className="block text-xs text-slate-500">
            {t('care.settings.quietHint')}
          </span>
        </span>
        <Switch id={`${id}-quiet`} checked={quiet} aria-describedby={`${id}-quiet-hint`} onCheckedChange={setQuiet} />
      </div>
      {quiet ? (
        <div className="flex flex-wrap gap-3">
          <div>
            <Label htmlFor={`${id}-start`}>{t('care.settings.quietStart')}</Label>
            <Input id={`${id}-start`} type="time" value={start} onChange={(event) => setStart(event.target.value)} />
          </div>
          <div>
            <Label htmlFor={`${id}-end`}>{t('care.settings.quietEnd')}</Label>
            <Input
              id={`${id}-end`}
              type="time"
              value={end}
              aria-invalid={!quietValid}
              onChange={(event) => setEnd(event.target.value)}
            />
          </div>
          {quietValid ? null : (
            <p role="alert" className="w-full text-xs text-red-700">
              {t('care.settings.quietSame')}
            </p>
          )}
        </div>
      ) : null}
      <Button type="submit" size="sm" disabled={save.isPending || !minutesValid || !quietValid}>
        {save.isPending ? t('common.saving') : t('care.settings.save')}
      </Button>
    </form>
  );
}

/** The care-alert settings, loaded from the server (loading and error states included). */
export function CareSettingsForm() {
  const { t } = useLocale();
  const settings = useQuery(careSettingsQuery());
  if (settings.isPending) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('care.settings.loadFailed')}
      </p>
    );
  return <SettingsForm saved={settings.data} />;
}
