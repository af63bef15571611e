/**
 * The scopes a person ticks when sharing (an invitation, a clinic code, sharing through one): a
 * fieldset of checkboxes under `legend`, each scope by its label (care-labels).
 */
import type { CareScope } from '@diacare/contract/care';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import { SCOPE_LABELS } from './care-labels';

export function ScopeChecklist({
  legend,
  options,
  selected,
  onToggle,
  legendClassName = 'mb-1 text-sm font-medium',
  labelClassName = 'text-sm',
}: {
  legend: string;
  options: readonly CareScope[];
  selected: readonly CareScope[];
  onToggle: (scope: CareScope, checked: boolean) => void;
  legendClassName?: string;
  labelClassName?: string;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className={legendClassName}>{legend}</legend>
      <div className="grid gap-1">
        {options.map((scope) => (
          <label key={scope} className={cn('flex min-h-11 cursor-pointer items-center gap-2', labelClassName)}>
            <input
              type="checkbox"
              checked={selected.includes(scope)}
              onChange={(event) => onToggle(scope, event.target.checked)}
              className="h-5 w-5 accent-primary"
            />
            {t(SCOPE_LABELS[scope])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
