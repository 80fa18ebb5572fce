import fc from 'fast-check';

/** The key a prototype-pollution payload tries to plant on Object.prototype; the suite checks it never lands. */
export const POLLUTION_KEY = 'meldPolluted';

/** JSON.parse keeps `__proto__` as an own key (an object literal would set the prototype instead), so it survives JSON.stringify. */
export const pollutingObject = (): Record<string, unknown> =>
  JSON.parse(`{"__proto__":{"${POLLUTION_KEY}":"yes"},"constructor":{"prototype":{"${POLLUTION_KEY}":"yes"}},"prototype":{"${POLLUTION_KEY}":"yes"}}`) as Record<string, unknown>;

/** Over the kit's 1,000,000-byte body limit on its own. */
export const HUGE_STRING = 'x'.repeat(1_048_576);

export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Lone surrogates, right-to-left override, zero-width and joiners, NUL, BOM, combining marks, astral characters. */
const NASTY_PIECES = ['\uD800', '\uDFFF', '\u202E', '\u200B', '\u200D', '\u0000', '\uFEFF', 'e\u0301', '𝕳', '👩‍💻', '\u0007', '\r\n', '"', '\\', '<script>', "' OR 1=1 --"];

export const nastyUnicode: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...NASTY_PIECES), { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
);

/** A value of some JSON type, most often not the one the schema wants. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** What replaces one field of a valid-shaped body. */
export const fieldPoison: fc.Arbitrary<{ label: string; value: unknown }> = fc.oneof(
  { weight: 4, arbitrary: wrongType.map((value) => ({ label: 'wrong type', value })) },
  { weight: 1, arbitrary: fc.constant({ label: '1 MB string', value: HUGE_STRING }) },
  { weight: 1, arbitrary: fc.constant(null).map(() => ({ label: '200-deep nesting', value: deeplyNested(200) })) },
  { weight: 3, arbitrary: nastyUnicode.map((value) => ({ label: 'unicode', value })) },
  { weight: 2, arbitrary: fc.constant(null).map(() => ({ label: 'prototype keys', value: pollutingObject() })) },
);

/** Whole bodies no JSON route should take, and what a JSON parser might trip on. */
export const MALFORMED_BODIES: readonly string[] = [
  '{',
  'not json',
  '[]',
  '"text"',
  'null',
  '42',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  '\uFEFF{}',
  'NaN',
  '{"a":"\\ud800"}',
  '{"__proto__":{"meldPolluted":"yes"}}',
  `{"x":"${'y'.repeat(1_100_000)}"}`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

const part = (headers: string, content: string) => `--fz\r\n${headers}\r\n\r\n${content}\r\n`;

/** Multipart bodies (boundary `fz`) that the upload, import and dictation readers must refuse, not trip on. */
export const MALFORMED_MULTIPART: readonly { label: string; body: string }[] = [
  { label: 'multipart cut off', body: part('Content-Disposition: form-data; name="file"; filename="a.png"', '\x89PNG').slice(0, -4) },
  { label: 'multipart without parts', body: '--fz--\r\n' },
  { label: 'multipart file without a name', body: `${part('Content-Disposition: form-data; name="file"', 'hello')}--fz--\r\n` },
  { label: 'multipart hostile file name', body: `${part(`Content-Disposition: form-data; name="file"; filename="../../${'\u202E'.repeat(3)}x.json"`, '{}')}--fz--\r\n` },
  { label: 'multipart huge field name', body: `${part(`Content-Disposition: form-data; name="${'n'.repeat(20_000)}"`, 'v')}--fz--\r\n` },
  { label: 'multipart prototype field', body: `${part('Content-Disposition: form-data; name="__proto__"', `{"${POLLUTION_KEY}":"yes"}`)}--fz--\r\n` },
];

/** Query values: each replaces one parameter's value (URI-encoded by the caller unless raw). */
export const queryPoison: fc.Arbitrary<{ label: string; value: string; raw?: boolean }> = fc.oneof(
  fc.constant({ label: 'long value', value: 'q'.repeat(8000) }),
  nastyUnicode.map((value) => ({ label: 'unicode', value })),
  fc.constantFrom('-1', '1e309', 'NaN', '0x10', 'true', '', '[]', '{}', '../../etc/passwd').map((value) => ({ label: 'wrong type', value })),
  fc.constantFrom('%E0%A4%A', '%', '%00', '%2e%2e%2f').map((value) => ({ label: 'bad encoding', value, raw: true })),
);

/** Extra query parameters sent as they are. */
export const EXTRA_QUERIES: readonly string[] = [`__proto__[${POLLUTION_KEY}]=yes`, `constructor[prototype][${POLLUTION_KEY}]=yes`, '__proto__=x', 'a=1&a=2'];

/** Path parameter values: the raw ones go into the path unencoded. */
export const PATH_POISONS: readonly { label: string; value: string; raw?: boolean }[] = [
  { label: 'huge', value: 'p'.repeat(6000) },
  { label: 'unicode', value: '\u202E\u200B𝕳\uFEFF' },
  { label: 'lone surrogate', value: '%ED%A0%80', raw: true },
  { label: 'NUL', value: '\u0000' },
  { label: 'dot-dot', value: '..', raw: true },
  { label: 'traversal encoded', value: '../../etc/passwd' },
  { label: 'encoded slashes', value: '%2F%2Fadmin', raw: true },
  { label: 'bad encoding', value: '%E0%A4%A', raw: true },
  { label: 'percent', value: '%', raw: true },
  { label: 'prototype', value: '__proto__' },
  { label: 'constructor', value: 'constructor' },
];
