/** The Today screen's writing surfaces (journal entry, evening reflection). */
export const textArea =
  'w-full resize-y rounded-xl border border-line bg-canvas/60 px-4 py-3 leading-relaxed text-ink placeholder:text-ink-faint focus:border-accent focus:outline-none';
