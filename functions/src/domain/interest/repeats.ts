import { emailKey } from '../../store/keys.ts';

/**
 * Repeat sign-ups (issue 21, 5). The public forms never change an existing record: every
 * submission is a record of its own, answered the same way whether its e-mail is new or not, so
 * the answer tells a stranger nothing. The admin lists mark a record whose e-mail signed up
 * before as a repeat of the first such record, worked out from the records themselves.
 */
export interface SignUp {
  id: string;
  email: string;
  createdAt: string;
}

const sameAddress = emailKey;

/** Each repeat's id mapped to the id of the first sign-up with its e-mail (earliest, then by id). */
export function repeatsOf(records: readonly SignUp[]): Map<string, string> {
  const first = new Map<string, string>();
  const repeats = new Map<string, string>();
  const inOrder = [...records].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  for (const record of inOrder) {
    const address = sameAddress(record.email);
    const earlier = first.get(address);
    if (earlier) repeats.set(record.id, earlier);
    else first.set(address, record.id);
  }
  return repeats;
}
