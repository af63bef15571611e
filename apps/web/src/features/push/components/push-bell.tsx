/** Home's bell: toggles push notifications; absent where push is not supported. */
import { Bell, BellOff } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { useT } from '../../../lib/i18n/language-provider';
import { usePushNotifications } from '../hooks/use-push-notifications';

export function PushBell() {
  const { supported, subscribed, busy, toggle } = usePushNotifications();
  const t = useT();
  if (!supported) return null;
  return (
    <button
      type="button"
      aria-label={t('push.bell.label')}
      aria-pressed={subscribed}
      aria-busy={busy}
      title={subscribed ? t('push.bell.turnOff') : t('push.bell.turnOn')}
      onClick={() => {
        if (!busy) toggle();
      }}
      className={cn(
        'flex h-11 w-11 items-center justify-center rounded-full transition-colors',
        subscribed ? 'bg-primary text-white hover:bg-primary-dark' : 'bg-slate-200 text-slate-600 hover:bg-slate-300',
        busy && 'opacity-70',
      )}
    >
      {subscribed ? <Bell className="h-5 w-5" aria-hidden /> : <BellOff className="h-5 w-5" aria-hidden />}
    </button>
  );
}
