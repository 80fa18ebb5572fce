/**
 * A pulsing dot after a conversation's title while a reply is being written in it (here, in
 * another tab or on another device); read as `label` ("Replying") inside the row's link. The list
 * asks which conversations are replying once (useReplyingConversations) and shows this in those rows.
 */
export function ReplyingMark({ label }: { label: string }) {
  return (
    <span className="ml-auto flex shrink-0 items-center pr-1 pl-2" data-testid="replying-mark">
      <span aria-hidden="true" className="size-2 rounded-full bg-accent motion-safe:animate-pulse" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
