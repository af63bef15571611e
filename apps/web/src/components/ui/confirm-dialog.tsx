import { lazy, Suspense, useState, type ComponentProps } from 'react';

const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

/**
 * A confirm dialog (Radix AlertDialog, confirm-dialog-view.tsx): focus starts on Cancel,
 * Escape cancels. Radix's dialog code (about 14 KB gzip) loads the first time the dialog
 * opens, not with the screen that holds it (issue 15: every route ≤ 120 KB gzip); once
 * opened it stays mounted so closing animates and returns focus as Radix does.
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
