import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useT } from '../../lib/i18n/language-provider';
import { cn } from '../../lib/utils';
import { currentToast, dismiss, subscribe } from './toast-store';

/** The Radix toast viewport showing the current toast. */
export default function ToasterView() {
  const message = useSyncExternalStore(subscribe, currentToast);
  const t = useT();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" label={t('common.notification')}>
      {message ? (
        <ToastPrimitive.Root
          key={message.id}
          duration={message.duration}
          onOpenChange={(open) => (open ? undefined : dismiss(message.id))}
          className={cn(
            'pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-lg',
            message.variant === 'destructive'
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="flex-1">
            <ToastPrimitive.Title className="font-semibold">{message.title}</ToastPrimitive.Title>
            {message.description ? (
              <ToastPrimitive.Description className="mt-0.5 text-sm opacity-90">
                {message.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {message.action ? (
            <ToastPrimitive.Action
              altText={message.action.label}
              onClick={message.action.onClick}
              className={cn(
                'shrink-0 self-center rounded-lg border px-3 py-1.5 text-sm font-semibold',
                message.variant === 'destructive'
                  ? 'border-white/60 hover:bg-white/10'
                  : 'border-slate-300 text-primary-dark hover:bg-slate-50',
              )}
            >
              {message.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label={t('common.dismissNotification')}
            className="rounded-full p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        label={t('common.notificationsRegion')}
        className="fixed left-1/2 top-3 z-[100] flex w-[calc(100%-24px)] max-w-sm -translate-x-1/2 flex-col outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
