import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button.tsx';

/** A row's destructive action (delete, revoke): quiet until hovered, in the danger colour; it always opens a confirmation. */
export function DangerRowButton({ className, ...rest }: Omit<ComponentProps<typeof Button>, 'variant' | 'size'>) {
  return <Button size="sm" variant="ghost" className={`-my-1.5 text-danger! hover:bg-danger-soft ${className ?? ''}`} {...rest} />;
}
