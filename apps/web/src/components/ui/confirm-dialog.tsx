import { Suspense, useState, type ComponentProps } from 'react';
import { lazyPreloaded } from '../../lib/lazy-preloaded';

const ConfirmDialogView = lazyPreloaded(() => import('./confirm-dialog-view'));

/**
 * A confirm dialog (Radix AlertDialog, confirm-dialog-view.tsx): focus starts on Cancel,
 * Escape cancels. Radix's dialog code (about 14 KB gzip) loads once the screen that holds it
 * is idle, not with it (every route ≤ 120 KB gzip; lazyPreloaded); once opened it
 * stays mounted so closing animates and returns focus as Radix does.
 */
export function ConfirmDialog(props: ComponentProps<typeof ConfirmDialogView>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
