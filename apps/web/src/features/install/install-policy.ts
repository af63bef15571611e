/**
 * When Home's install prompt may appear. Pure, so the
 * rules are unit-tested without a browser.
 */

/** docs/product.md: on iOS and Android the prompt appears 3 s after load without a native offer. */
export const INSTALL_PROMPT_DELAY_MS = 3000;

/**
 * - 'never': already installed (standalone), dismissed with 'Later', or on localhost;
 * - 'after-delay': iOS or Android — after 3 s, or at once when the browser offers install;
 * - 'on-native-event': elsewhere — only when the browser offers native install.
 */
export type InstallPromptMode = 'never' | 'after-delay' | 'on-native-event';

export interface InstallEnvironment {
  hostname: string;
  userAgent: string;
  /** navigator.maxTouchPoints: tells an iPad (which reports itself as a Mac) from a Mac. */
  maxTouchPoints: number;
  /** display-mode: standalone, or iOS's navigator.standalone */
  standalone: boolean;
  /** localStorage pwa-install-dismissed === 'true' */
  dismissed: boolean;
}

/**
 * "Not shown automatically on localhost": on the host name `localhost` (and
 * `*.localhost`), where developers run the app, the prompt never appears by itself, neither
 * after the delay nor on the browser's offer; Profile's 'Install App' still shows the steps.
 * 127.0.0.1 counts as any other host, so the prompt can be tried on a loopback address.
 */
export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function isAndroid(userAgent: string): boolean {
  return /Android/i.test(userAgent);
}

export function installPromptMode(env: InstallEnvironment): InstallPromptMode {
  if (env.standalone || env.dismissed || isLocalhost(env.hostname)) return 'never';
  return isIos(env.userAgent, env.maxTouchPoints) || isAndroid(env.userAgent) ? 'after-delay' : 'on-native-event';
}
