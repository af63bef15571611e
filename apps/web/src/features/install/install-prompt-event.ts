/**
 * Captures the browser's `beforeinstallprompt` (Chromium only) from the page's first moment, so
 * Home can offer 'Install Now' even when it fired on another screen. Kept tiny: part of the first load.
 */

/** The non-standard event Chromium fires when the app can be installed. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Starts listening; call once at start-up (main.tsx). */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: our banner offers the install instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    emit();
  });
}

/** The captured event, or null (none yet, already used, or the app was installed). */
export const getInstallPromptEvent = () => deferred;

/** True once the browser reported that the app was installed from this page. */
export const wasInstalled = () => installed;

/** Forgets the event after prompt(): the browser allows one prompt per event. */
export function clearInstallPromptEvent(): void {
  deferred = null;
  emit();
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
