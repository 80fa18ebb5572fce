/**
 * Words of setting a deployment up. They belong in the operator's log and docs, never in what a
 * member reads (decision 0049); tests scan the web's strings and the server's member messages with it.
 */
export const OPERATOR_TEXT = /configur|\bapp config|\bconfig file|environment variable|administrator can set|set up on the server/i;
