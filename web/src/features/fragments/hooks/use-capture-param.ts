import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CaptureKind } from '../components/capture-panel.tsx';

const KINDS: Record<string, CaptureKind> = { quick: 'quick', voice: 'voice', webclip: 'webClip' };

/** `/fragments?capture=quick|voice|webclip` (the shell's quick-add) opens that capture once, then leaves the address clean. */
export function useCaptureParam(open: (kind: CaptureKind) => void): void {
  const [params, setParams] = useSearchParams();
  const kind = KINDS[params.get('capture') ?? ''];
  useEffect(() => {
    if (!kind) return;
    open(kind);
    setParams(
      (current) => {
        current.delete('capture');
        return current;
      },
      { replace: true },
    );
  }, [kind, open, setParams]);
}
