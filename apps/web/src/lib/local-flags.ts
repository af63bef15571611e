/**
 * The browser flags of docs/product.md ("Local browser flags"), kept in localStorage under
 * their exact keys. The guards read them synchronously.
 */
export const FLAG_KEYS = {
  isAuthenticated: 'isAuthenticated',
  profileCompleted: 'profileCompleted',
  /** Set when the user follows someone in a care circle: Home and Profile open without a patient profile (decision 076). */
  careMember: 'diacare-care-member',
  installDismissed: 'pwa-install-dismissed',
} as const;

type FlagName = keyof typeof FLAG_KEYS;

export function readFlag(name: FlagName): boolean {
  try {
    return localStorage.getItem(FLAG_KEYS[name]) === 'true';
  } catch {
    return false;
  }
}

export function setFlag(name: FlagName, value: boolean): void {
  try {
    if (value) localStorage.setItem(FLAG_KEYS[name], 'true');
    else localStorage.removeItem(FLAG_KEYS[name]);
  } catch {
    // Private mode without storage: the session cookie still works for this tab.
  }
}
