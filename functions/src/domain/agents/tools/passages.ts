/**
 * Ranking passages of documents against a query with BM25 (k1 1.2, b 0.75): each document is cut
 * into passages of about PASSAGE_CHARS characters along paragraph and sentence boundaries, and
 * every passage is scored by how often it holds the query's terms, rarer terms weighing more.
 */

export interface Passage {
  filename: string;
  text: string;
  score: number;
}

const PASSAGE_CHARS = 800;
const K1 = 1.2;
const B = 0.75;
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have in is it its of on or that the this to was were what when where which who will with'.split(' '),
);

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((term) => !STOP_WORDS.has(term));
}

/** Paragraphs, and sentences of a long paragraph, packed into passages no longer than PASSAGE_CHARS (a longer sentence stands alone). */
export function passagesOf(text: string): string[] {
  const pieces = text
    .split(/\n\s*\n/)
    .flatMap((paragraph) => (paragraph.length > PASSAGE_CHARS ? (paragraph.match(/[^.!?\n]+[.!?]*\s*/g) ?? [paragraph]) : [paragraph]))
    .map((piece) => piece.trim())
    .filter(Boolean);
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > PASSAGE_CHARS) {
      passages.push(current);
      current = '';
    }
    current = current ? `${current}\n${piece}` : piece;
  }
  if (current) passages.push(current);
  return passages;
}

/** The `limit` passages of `documents` that best match `query`, best first; passages sharing no term with it are left out. */
export function rankPassages(documents: ReadonlyArray<{ filename: string; text: string }>, query: string, limit: number): Passage[] {
  const wanted = [...new Set(terms(query))];
  if (wanted.length === 0) return [];
  const passages = documents.flatMap((document) => passagesOf(document.text).map((text) => ({ filename: document.filename, text, terms: terms(text) })));
  if (passages.length === 0) return [];
  const averageLength = passages.reduce((sum, passage) => sum + passage.terms.length, 0) / passages.length || 1;
  const containing = new Map(wanted.map((term) => [term, passages.filter((passage) => passage.terms.includes(term)).length]));
  return passages
    .map((passage) => {
      let score = 0;
      for (const term of wanted) {
        const frequency = passage.terms.filter((candidate) => candidate === term).length;
        if (frequency === 0) continue;
        const found = containing.get(term) ?? 0;
        const idf = Math.log(1 + (passages.length - found + 0.5) / (found + 0.5));
        score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * passage.terms.length) / averageLength));
      }
      return { filename: passage.filename, text: passage.text, score };
    })
    .filter((passage) => passage.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
