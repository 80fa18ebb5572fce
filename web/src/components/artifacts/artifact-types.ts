import type { ArtifactType } from '@meld/shared';

/** The file a download writes and the label a card shows, per artifact type. */
export const ARTIFACT_FILES = {
  'text/html': { extension: 'html', mime: 'text/html', label: 'html' },
  'image/svg+xml': { extension: 'svg', mime: 'image/svg+xml', label: 'svg' },
  'application/vnd.mermaid': { extension: 'mmd', mime: 'text/plain', label: 'mermaid' },
  'text/markdown': { extension: 'md', mime: 'text/markdown', label: 'markdown' },
  'application/vnd.react': { extension: 'tsx', mime: 'text/plain', label: 'react' },
} as const satisfies Record<ArtifactType, { extension: string; mime: string; label: string }>;

/** A file name from the title (or identifier): lower-case words joined by dashes, with the type's extension. */
export function artifactFileName(title: string, identifier: string, type: ArtifactType): string {
  const base = (title || identifier).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'artifact';
  return `${base}.${ARTIFACT_FILES[type].extension}`;
}
