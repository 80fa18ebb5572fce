import { lazy, Suspense, useState, type ComponentProps } from 'react';

const Modal = lazy(() => import('./modal.tsx').then((module) => ({ default: module.Modal })));

/**
 * A Modal whose code (Radix's dialog, about 14 KB gzipped) is fetched the first time it opens:
 * an image or file in a message must not make every reader download the dialog, which kept the
 * public share page over its JavaScript budget (issue 25). Once opened it stays mounted, so
 * closing animates and focus returns as with Modal.
 */
export function LazyModal(props: ComponentProps<typeof Modal>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
