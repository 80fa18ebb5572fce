import type { ToolAttachment } from '@meld/shared';

/** A JSON Schema object describing a tool's arguments, as every provider's tool API takes it. */
export type ToolParameters = { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };

/** What a running tool knows about the turn it serves. */
export interface ToolContext {
  userId: string;
  conversationId: string;
  /** The reply message the tool call belongs to; generated files attach to it. */
  messageId: string;
  toolCallId: string;
  /** The user's uploaded files attached to this conversation (file search reads them). */
  fileIds: string[];
  /** Aborted when the user stops the reply or the tool's time is up. */
  signal: AbortSignal;
  now: Date;
}

/** A tool's answer: the text the model reads next, and any files it made. */
export interface ToolResult {
  output: string;
  attachments?: ToolAttachment[];
  /** An action the user must sign in to first (OAuth): the tool call part's `auth` URL and `expires_at`. */
  auth?: { url: string; expiresAt: string };
}

/**
 * One tool an agent can call: the code runner, file search, or one operation of an action. The
 * name is what the model sees (letters, digits, `_` and `-`; an action's domain is encoded after
 * `_action_` with "---" for "."). `run` throws only for the loop's own failures; a tool that fails
 * for the model's reasons answers with "error processing tool" text so the model can recover.
 */
export interface AgentTool {
  name: string;
  description: string;
  parameters: ToolParameters;
  run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}
