/** Query keys of the signed-in user's notification settings and channel choices. */
export const settingsKeys = {
  notifications: ['settings', 'notifications'] as const,
  channels: ['settings', 'channels'] as const,
};
