/**
 * A load (a dynamic import) shared by every caller while it runs or once it has succeeded; a
 * failed load (offline) is forgotten, so the next call tries again.
 * @param load starts the load, e.g. `() => import('./dialog')`
 * @returns a function that starts it, or returns the load already under way or done
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
