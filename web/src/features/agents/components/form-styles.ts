import type { FieldControlProps } from '@/components/ui/field.tsx';

/** The builder's compact controls, matching the composer's parameter panel. */
export const FIELD = 'w-full rounded-lg border bg-canvas px-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none disabled:opacity-60';
export const fieldBorder = (invalid: boolean) => (invalid ? 'border-danger' : 'border-line');

/** One titled group of the builder's form. */
export const SECTION = 'flex flex-col gap-4 border-t border-line pt-6';
export const SECTION_TITLE = 'font-serif text-lg font-semibold text-ink';

/** A Field's wiring for a native control (its `invalid` flag is for styling, not the DOM). */
export const controlAttrs = ({ invalid: _invalid, ...attrs }: FieldControlProps) => attrs;
