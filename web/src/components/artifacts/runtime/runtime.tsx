import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ui from './ui.tsx';

/**
 * The React artifact runtime: loaded by the sandboxed preview frame as a script from the app's
 * own origin (never a CDN). The component arrives transpiled to CommonJS by the parent, as an
 * inline script (the frame's policy allows no eval); it takes its imports from `require` here
 * (the bundled React and UI set) and hands its exports to `render`.
 */
const modules: Record<string, unknown> = {
  react: React,
  // The parent compiles JSX for the automatic runtime.
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  '@/components/ui': ui,
};

function resolve(name: string): unknown {
  if (name in modules) return modules[name];
  // shadcn writes one file per component: "@/components/ui/button".
  if (name.startsWith('@/components/ui/')) return ui;
  throw new Error(`The preview cannot load "${name}": only react and @/components/ui are available.`);
}

function showError(message: string): void {
  const box = document.createElement('pre');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'margin:16px;padding:12px 14px;border-radius:10px;background:#fbeae5;color:#8a2c12;white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace';
  box.textContent = message;
  document.body.append(box);
}

/** Mounts what the artifact's script exported: its default export, else its first function. */
function render(exports: Record<string, unknown>): void {
  const exported = exports.default ?? Object.values(exports).find((value) => typeof value === 'function');
  if (typeof exported !== 'function') {
    showError('The component has no default export.');
    return;
  }
  const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  ReactDOMClient.createRoot(root, { onUncaughtError: (error) => showError(error instanceof Error ? error.message : String(error)) }).render(React.createElement(exported as React.ComponentType));
}

window.addEventListener('error', (event) => showError(event.message));
(globalThis as { meldArtifact?: unknown }).meldArtifact = { require: resolve, render };
