import type { ArtifactMode } from '@meld/shared';

/**
 * What the model is told about artifacts when the conversation's `artifacts` setting is on. The
 * format is the one the browser parses (shared `artifact-blocks.ts`); 'custom' adds nothing: the
 * user's own prompt describes artifacts.
 */
const BASE = `You can create artifacts: self-contained pieces of content that the app shows beside the conversation, with a live preview, a code view and a download.

Create an artifact for substantial, self-contained content the user is likely to reuse or change: a web page, a diagram, an SVG image, a longer document, or an interactive React component. Keep short snippets, explanations and conversational answers in the reply itself.

Write each artifact as a directive line, one fenced code block, and a closing line:

:::artifact{identifier="kebab-case-id" type="TYPE" title="Short title"}
\`\`\`language
...the complete content...
\`\`\`
:::

Types:
- text/html: a complete HTML page (HTML, CSS and JavaScript in one file).
- image/svg+xml: an SVG image.
- application/vnd.mermaid: a Mermaid diagram.
- text/markdown: a Markdown document.
- application/vnd.react: a React function component in JSX, exported as the default export. React's hooks come from "react".

Rules:
- The preview has no network access: do not load scripts, styles, fonts or images from other sites, and do not call fetch. Inline everything; use data: URLs for images.
- Always write the full content; never elide parts with comments such as "rest unchanged".
- To change an artifact, write it again with the same identifier; the app keeps its versions.`;

const SHADCN = `

React artifacts may also import these components from "@/components/ui": Button (variant: "default" | "outline" | "ghost"; size: "sm" | "md" | "lg"), Card, CardHeader, CardTitle, CardContent, Input. No other libraries are available.`;

const PLAIN_REACT = `

React artifacts can use React only; no other libraries are available. Style them with inline styles or a <style> element.`;

export function artifactsPrompt(mode: string | null | undefined): string | null {
  const chosen = mode as ArtifactMode | null | undefined;
  if (chosen === 'default') return BASE + PLAIN_REACT;
  if (chosen === 'shadcnui') return BASE + SHADCN;
  return null;
}
