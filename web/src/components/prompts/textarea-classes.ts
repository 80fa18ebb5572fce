import clsx from 'clsx';

/** A multi-line field in the inputs' style (the prompt editor and the variable dialog). */
export const textareaClasses = (invalid?: boolean, extra?: string) =>
  clsx(
    'block w-full resize-y rounded-xl border bg-surface px-4 py-3 text-base leading-relaxed text-ink placeholder:text-ink-faint',
    'transition-[border-color,box-shadow] duration-150 outline-none focus:border-accent focus:ring-4 focus:ring-accent/15',
    invalid ? 'border-danger focus:border-danger focus:ring-danger/15' : 'border-line-strong hover:border-ink-faint',
    extra,
  );
