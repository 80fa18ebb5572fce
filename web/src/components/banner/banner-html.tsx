import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Kept in its own chunk: DOMPurify loads only when there is a banner to show. */
export default function BannerHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] }), [html]);
  return <div className="[&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2" dangerouslySetInnerHTML={{ __html: clean }} />;
}
