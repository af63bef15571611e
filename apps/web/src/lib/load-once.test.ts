import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('shares one load between callers, and loads again only after a failure', async () => {
    const outcomes = [new Error('offline'), 'loaded'];
    let calls = 0;
    const load = loadOnce(async () => {
      const outcome = outcomes[calls++];
      if (outcome instanceof Error) throw outcome;
      return outcome;
    });
    const first = load();
    expect(load()).toBe(first);
    await expect(first).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('loaded');
    await expect(load()).resolves.toBe('loaded');
    expect(calls).toBe(2);
  });
});
