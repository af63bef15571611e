/**
 * The step after joining a care circle: 'Get alerts for Asha on this phone' asks the
 * browser's permission and subscribes this device (the push feature's hook); e-mail and WhatsApp
 * are offered when the server has them; a browser without push says so. Decision 076.
 */
import type { ChannelPreferences } from '@diacare/contract/channels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { useAuth } from '../../lib/auth/auth-provider';
import { useT } from '../../lib/i18n/language-provider';
import { usePushNotifications } from '../../features/push/hooks/use-push-notifications';
import {
  getChannelPreferencesQueryOptions,
  useSaveChannelChoice,
} from '../../features/profile/api/notification-channels';
import { settingsKeys } from '../../features/profile/api/settings-keys';
import { useUpdateUser } from '../../features/profile/api/profile';

const REASONS = {
  not_configured: 'profile.channels.reason.not_configured',
  switched_off: 'profile.channels.reason.switched_off',
  no_subscription: 'profile.channels.reason.no_subscription',
  no_email: 'profile.channels.reason.no_email',
  no_whatsapp_number: 'profile.channels.reason.no_whatsapp_number',
} as const;

/** A WhatsApp number for an account that has none, then the channel's switch appears. */
function WhatsAppNumber() {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const save = useUpdateUser({ queued: false });
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ phone: phone.trim() });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.channels });
    } catch (problem) {
      setError((problem as Error).message);
    }
  };
  return (
    <form onSubmit={submit} className="mt-1 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-[1_1_10rem]">
        <Label htmlFor={id}>{t('care.joinAlerts.whatsappNumber')}</Label>
        <Input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending || !phone.trim()}>
        {t('care.joinAlerts.saveNumber')}
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** E-mail and WhatsApp for care alerts, each only when the server has it. */
function OtherChannels({ data }: { data: ChannelPreferences }) {
  const t = useT();
  const { user } = useAuth();
  const save = useSaveChannelChoice();
  const rows = (['email', 'whatsapp'] as const).filter((channel) => data.channels[channel].reason !== 'not_configured');
  if (!rows.length) return null;
  return (
    <ul className="space-y-3">
      {rows.map((channel) => {
        const status = data.channels[channel];
        const id = `join-alerts-${channel}`;
        const label =
          channel === 'email'
            ? t('care.joinAlerts.email', { address: user?.email ?? '' })
            : t('care.joinAlerts.whatsapp');
        return (
          <li key={channel}>
            <span className="flex items-center gap-3">
              <Switch
                id={id}
                checked={status.available && data.choices.care_alert[channel]}
                disabled={!status.available}
                aria-describedby={status.available ? undefined : `${id}-reason`}
                onCheckedChange={(checked) => save.mutate({ care_alert: { [channel]: checked } })}
              />
              <label htmlFor={id} className="min-w-0 text-sm font-medium wrap-anywhere">
                {label}
              </label>
            </span>
            {!status.available && status.reason ? (
              <p id={`${id}-reason`} className="mt-1 text-xs text-slate-600">
                {t(REASONS[status.reason])}
              </p>
            ) : null}
            {status.reason === 'no_whatsapp_number' ? <WhatsAppNumber /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** `patientName`: who the alerts are about; `onDone`: on to the caregiver's Home. */
export function JoinAlertsStep({ patientName, onDone }: { patientName: string; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const push = usePushNotifications();
  const channels = useQuery(getChannelPreferencesQueryOptions());
  const saveChoice = useSaveChannelChoice();
  // Said only after the person asked: before that the browser may report 'denied' for a prompt not yet shown.
  const [asked, setAsked] = useState(false);
  const blocked = asked && !push.busy && typeof Notification !== 'undefined' && Notification.permission !== 'granted';
  const others =
    channels.data &&
    (['email', 'whatsapp'] as const).some((c) => channels.data.channels[c].reason !== 'not_configured');

  // Subscribed: push becomes available for care alerts; it is chosen unless the person turns it off.
  useEffect(() => {
    if (push.subscribed) void queryClient.invalidateQueries({ queryKey: settingsKeys.channels });
  }, [push.subscribed, queryClient]);
  const pushChosen = channels.data?.choices.care_alert.push;
  const pushAvailable = channels.data?.channels.push.available;
  const { mutate: choose } = saveChoice;
  useEffect(() => {
    if (push.subscribed && pushAvailable && pushChosen === false) choose({ care_alert: { push: true } });
  }, [push.subscribed, pushAvailable, pushChosen, choose]);

  return (
    <section aria-labelledby="join-alerts-title" className="space-y-4 pt-4">
      <p role="status" className="flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 wrap-break-word">{t('care.joinAlerts.joined', { name: patientName })}</span>
      </p>
      <Card className="space-y-4">
        <h1 id="join-alerts-title" className="flex items-start gap-2 text-title font-bold wrap-break-word">
          <BellRing className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden />
          <span className="min-w-0">{t('care.joinAlerts.title', { name: patientName })}</span>
        </h1>
        <p className="text-sm text-slate-700">{t('care.joinAlerts.why', { name: patientName })}</p>
        {!push.supported ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            {t('care.joinAlerts.unsupported')} {others ? t('care.joinAlerts.useOther') : t('care.joinAlerts.inAppOnly')}
          </p>
        ) : push.subscribed ? (
          <p role="status" className="flex items-center gap-2 font-semibold text-green-800">
            <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
            {t('care.joinAlerts.on')}
          </p>
        ) : (
          <>
            <Button
              className="w-full"
              onClick={() => {
                setAsked(true);
                push.toggle();
              }}
              disabled={push.busy}
            >
              {t('care.joinAlerts.turnOn')}
            </Button>
            {blocked ? (
              <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
                {t('care.joinAlerts.blocked')}
              </p>
            ) : null}
          </>
        )}
        {channels.data && others ? (
          <div className="border-t border-slate-100 pt-4">
            <h2 className="mb-2 text-base font-semibold">{t('care.joinAlerts.otherWays')}</h2>
            <OtherChannels data={channels.data} />
          </div>
        ) : null}
        <p className="text-xs text-slate-600">{t('care.joinAlerts.later')}</p>
        <Button className="w-full" variant={push.subscribed ? 'primary' : 'outline'} onClick={onDone}>
          {t('care.joinAlerts.continue')}
        </Button>
      </Card>
    </section>
  );
}
