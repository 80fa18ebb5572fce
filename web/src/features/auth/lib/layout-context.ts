import { useEffect } from 'react';
import { useOutletContext } from 'react-router-dom';

/** What an auth page may tell its layout. */
export interface AuthLayoutContext {
  /** Pages hide the social buttons where they would distract (wizard steps after the first). */
  setSocialHidden: (hidden: boolean) => void;
}

export function useHideSocialLogin(hidden: boolean): void {
  const context = useOutletContext<AuthLayoutContext | undefined>();
  const setSocialHidden = context?.setSocialHidden;
  useEffect(() => {
    setSocialHidden?.(hidden);
    return () => setSocialHidden?.(false);
  }, [hidden, setSocialHidden]);
}
