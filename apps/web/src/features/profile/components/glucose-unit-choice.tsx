/**
 * Profile's 'Glucose unit': two native radios (mg/dL by default, mmol/L) saved on change. The
 * choice shows at once (local state, the signed-in user updated before the server answers, an older
 * /me read cancelled) and is put back with an error toast if refused. Decision 025.
 */
import { useState } from 'react';
import { DEFAULT_GLUCOSE_UNIT, GLUCOSE_UNITS, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { toast } from '../../../components/ui/toast';
import { PendingMark } from '../../../components/ui/pending-mark';
import { useAuth } from '../../../lib/auth/auth-provider';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import { profileMark } from '../../../lib/auth/profile-outbox';
import { useUpdateUser } from '../api/profile';

/** @param labelledBy the id of the heading that names the choice ('Glucose unit') */
export function GlucoseUnitChoice({ labelledBy }: { labelledBy: string }) {
  const { user, updateUser: mergeUser } = useAuth();
  const save = useUpdateUser();
  const t = useT();
  const saved = user?.glucose_unit ?? DEFAULT_GLUCOSE_UNIT;
  // The choice being saved: shown from the click on, until the save settles.
  const [chosen, setChosen] = useState<GlucoseUnit | null>(null);
  const unit = chosen ?? saved;
  const waiting = usePendingMarks().has(profileMark('glucose_unit'));

  const choose = async (next: GlucoseUnit) => {
    if (next === unit) return;
    const before = unit;
    setChosen(next);
    mergeUser({ glucose_unit: next });
    try {
      await save.mutateAsync({ glucose_unit: next });
    } catch {
      mergeUser({ glucose_unit: before });
      toast({
        title: t('common.error'),
        description: t('profile.glucoseUnit.saveFailed'),
        variant: 'destructive',
      });
    } finally {
      setChosen(null);
    }
  };

  return (
    <div>
      <div role="radiogroup" aria-labelledby={labelledBy} className="grid grid-cols-fit gap-2">
        {GLUCOSE_UNITS.map((option) => (
          <label
            key={option}
            className={cn(
              'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 px-3 text-sm font-semibold',
              'has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
              option === unit ? 'border-primary bg-primary-light text-primary-dark' : 'border-slate-200 text-slate-700',
            )}
          >
            <input
              type="radio"
              name="glucose-unit"
              value={option}
              checked={option === unit}
              onChange={() => void choose(option)}
              className="h-4 w-4 accent-teal-700"
            />
            {option}
          </label>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-500">{t('profile.glucoseUnit.note')}</p>
      {waiting ? <PendingMark className="mt-2" /> : null}
    </div>
  );
}
