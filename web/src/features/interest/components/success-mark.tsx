/** The calm check both forms' success screens open with. */
export function SuccessMark() {
  return (
    <span className="grid size-14 place-items-center rounded-full bg-sage-soft text-sage" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="m6 12.5 4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
