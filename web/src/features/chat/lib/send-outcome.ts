/**
 * What became of a send: accepted once the server saved the question (its `created` event, which
 * names the conversation);
 * refused when the server or the network turned it down before that, so nothing was saved and
 * the composer must give the draft back (issue 25, section 2).
 */
export type SendOutcome = { accepted: true; conversationId: string } | { accepted: false; error: { code: string; message: string } };
