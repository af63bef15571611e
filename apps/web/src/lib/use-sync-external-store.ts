/**
 * wouter imports `use-sync-external-store/shim` for React 17; React 18+ has the hook built in,
 * so vite.config.ts points that import here and the shim's code stays out of the bundle.
 */
export { useSyncExternalStore } from 'react';
