import { ARTIFACT_FRAME_PATH, ARTIFACT_TIMING, type ArtifactType } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { MarkdownText } from '@/components/messages/markdown.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { componentToScript, diagramToSvg, sanitizeHtml } from './compile.ts';
import { errorDocument, htmlDocument, proseDocument, reactDocument, svgDocument } from './frame-document.ts';
import runtimePath from './runtime/runtime.tsx?worker&url';
import { useSettledValue } from './use-settled-value.ts';

/** The frame loads the runtime from the app's origin, the one host its policy lets scripts come from. */
function appOrigin(): string {
  return window.location.origin;
}

async function documentFor(type: ArtifactType, source: string): Promise<string> {
  const origin = appOrigin();
  try {
    if (type === 'image/svg+xml') return svgDocument(origin, source);
    if (type === 'application/vnd.mermaid') return svgDocument(origin, await diagramToSvg(source));
    if (type === 'application/vnd.react') return reactDocument(origin, new URL(runtimePath, window.location.href).href, await componentToScript(source));
    return htmlDocument(origin, source);
  } catch (error) {
    return errorDocument(origin, error instanceof Error ? error.message : String(error));
  }
}

/** Markdown goes through the app's own renderer here, then DOMPurify, then into the frame. */
function useMarkdownDocument(source: string, wanted: boolean) {
  const holder = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<string | null>(null);
  useEffect(() => {
    const node = holder.current;
    if (!wanted || !node) return;
    let live = true;
    const update = () =>
      void sanitizeHtml(node.innerHTML)
        .then((html) => proseDocument(appOrigin(), html))
        .then((built) => live && setDoc(built));
    update();
    // Math and highlighting arrive after the first paint and change the rendered text.
    const observer = new MutationObserver(update);
    observer.observe(node, { childList: true, subtree: true, characterData: true });
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [source, wanted]);
  const hidden = wanted ? (
    <div ref={holder} hidden>
      <MarkdownText text={source} />
    </div>
  ) : null;
  return { doc, hidden };
}

interface ArtifactPreviewProps {
  type: ArtifactType;
  content: string;
  title: string;
}

/**
 * The preview: a frame with scripts but no same-origin access (it cannot read this page, its
 * storage or the session) under a policy that forbids any network request. Below it, a note on
 * what the browser still lets a page do: connect to an address it names (decision 0022). A change reaches it
 * once the code has been still for the registration debounce, not on every streamed token or key.
 */
export function ArtifactPreview({ type, content, title }: ArtifactPreviewProps) {
  const { t } = useTranslation();
  const source = useSettledValue(content, ARTIFACT_TIMING.registrationDebounceMs);
  const markdown = useMarkdownDocument(source, type === 'text/markdown');
  const [built, setBuilt] = useState<string | null>(null);

  useEffect(() => {
    if (type === 'text/markdown') return;
    let live = true;
    void documentFor(type, source).then((doc) => live && setBuilt(doc));
    return () => {
      live = false;
    };
  }, [type, source]);

  const doc = type === 'text/markdown' ? markdown.doc : built;
  return (
    <div className="flex size-full flex-col bg-white">
      {markdown.hidden}
      <div className="relative min-h-0 flex-1">
        {doc === null ? (
          <div className="grid size-full place-items-center text-2xl text-accent">
            <Spinner label={t('artifacts.preparing')} />
          </div>
        ) : (
          <PreviewFrame key={doc} doc={doc} title={t('artifacts.previewTitle', { title: title || t('artifacts.untitled') })} />
        )}
      </div>
      {/* Decision 0022: the one way out Chromium leaves the frame; the member should know. */}
      <p className="border-t border-line bg-surface px-4 py-2 text-xs text-ink-faint">{t('artifacts.networkNote')}</p>
    </div>
  );
}

/**
 * The frame loads the app's artifact page, which has its own policy (a srcdoc frame would inherit
 * the app's, which runs no inline script), and is handed the document once it has loaded. The
 * frame's origin is opaque, so the message cannot name it; a new document means a new frame.
 */
function PreviewFrame({ doc, title }: { doc: string; title: string }) {
  const sent = useRef(false);
  return (
    <iframe
      title={title}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      src={ARTIFACT_FRAME_PATH}
      onLoad={(event) => {
        // Only the first load: if the artifact navigates its frame away, the next page gets nothing.
        if (sent.current) return;
        sent.current = true;
        event.currentTarget.contentWindow?.postMessage(doc, '*');
      }}
      className="size-full border-0"
    />
  );
}
