/**
 * Home's install prompt. This small part decides whether
 * and when the banner appears; the banner and its instructions modal load only then, so
 * they add nothing to Home's first load.
 */
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { readFlag } from '../../../lib/local-flags';
import { getInstallPromptEvent, subscribeInstallPrompt, wasInstalled } from '../install-prompt-event';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { INSTALL_PROMPT_DELAY_MS, installPromptMode, type InstallPromptMode } from '../install-policy';
import { retryableLazy } from '../../../lib/retryable-lazy';

/** The banner's code and its texts (the install catalog area) load together, when it shows. */
const InstallBanner = retryableLazy(() =>
  Promise.all([import('./install-banner'), loadCatalogs(['install'])]).then(([module]) => module),
);

function currentMode(): InstallPromptMode {
  const nav = navigator as Navigator & { standalone?: boolean };
  return installPromptMode({
    hostname: window.location.hostname,
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true,
    dismissed: readFlag('installDismissed'),
  });
}

export function InstallPrompt() {
  const [mode] = useState(currentMode);
  const installEvent = useSyncExternalStore(subscribeInstallPrompt, getInstallPromptEvent);
  const [delayPassed, setDelayPassed] = useState(false);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (mode !== 'after-delay') return;
    // "3 s after load": time already spent on other screens counts.
    const timer = setTimeout(() => setDelayPassed(true), Math.max(0, INSTALL_PROMPT_DELAY_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [mode]);

  if (mode === 'never' || hidden || wasInstalled()) return null;
  if (!installEvent && !delayPassed) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner installEvent={installEvent} onHide={() => setHidden(true)} />
    </Suspense>
  );
}
