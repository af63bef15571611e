/**
 * The install banner: 'Install Now' when the browser offers native install, else 'Show
 * Instructions'; 'Later' stores pwa-install-dismissed. A spacer of its height lets Home's last card
 * scroll clear of it. Decision 010.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { setFlag } from '../../../lib/local-flags';
import { clearInstallPromptEvent, type BeforeInstallPromptEvent } from '../install-prompt-event';
import { useT } from '../../../lib/i18n/language-provider';
import { InstallInstructions } from './install-instructions';

export default function InstallBanner({
  installEvent,
  onHide,
}: {
  installEvent: BeforeInstallPromptEvent | null;
  onHide: () => void;
}) {
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const t = useT();
  const bannerRef = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    const banner = bannerRef.current;
    if (!banner) return;
    const observer = new ResizeObserver(() => setHeight(banner.offsetHeight));
    observer.observe(banner);
    return () => observer.disconnect();
  }, []);

  const installNow = async (event: BeforeInstallPromptEvent) => {
    // The browser allows one prompt per event; afterwards the button offers the steps.
    clearInstallPromptEvent();
    try {
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') onHide();
    } catch (error) {
      console.error('The install prompt failed', error);
    }
  };

  const later = () => {
    setFlag('installDismissed', true);
    onHide();
  };

  return (
    <>
      <div aria-hidden style={{ height }} />
      <section
        ref={bannerRef}
        aria-labelledby="install-banner-title"
        className="fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 mx-auto w-full max-w-md px-3"
      >
        <div className="flex items-start gap-3 rounded-2xl border border-teal-100 bg-white p-3 shadow-lg">
          <img src="/pwa-192x192.png" alt="" width={44} height={44} className="h-11 w-11 shrink-0 rounded-xl" />
          <div className="min-w-0 flex-1">
            <h2 id="install-banner-title" className="font-bold">
              {t('install.dialogTitle')}
            </h2>
            <p className="text-sm text-slate-600">{t('install.banner.text')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {installEvent ? (
                <Button size="sm" onClick={() => void installNow(installEvent)}>
                  {t('install.banner.installNow')}
                </Button>
              ) : (
                <Button size="sm" onClick={() => setInstructionsOpen(true)}>
                  {t('install.banner.showInstructions')}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={later}>
                {t('install.banner.later')}
              </Button>
            </div>
          </div>
        </div>
      </section>
      <Dialog open={instructionsOpen} onOpenChange={setInstructionsOpen} title={t('install.dialogTitle')}>
        <InstallInstructions />
        <Button className="mt-5 w-full" onClick={() => setInstructionsOpen(false)}>
          {t('install.gotIt')}
        </Button>
      </Dialog>
    </>
  );
}
