/** What a handler returns when it needs more than a 200 with a JSON body. */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly status = 200,
    readonly cookies: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply<T>(body: T, options: { status?: number; cookies?: string[]; headers?: Record<string, string> } = {}): Reply<T> {
  return new Reply(body, options.status ?? 200, options.cookies ?? [], options.headers ?? {});
}
