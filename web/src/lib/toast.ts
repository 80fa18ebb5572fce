/** A tiny toast store; the Toaster component renders it. Severity and 3000 ms default per spec 000. */
export type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  message: string;
  severity: ToastSeverity;
  duration: number;
  /** One follow-up the toast offers (e.g. open the page something was saved to). */
  action?: { label: string; onSelect: () => void };
}

export const DEFAULT_TOAST_MS = 3000;
const MAX_VISIBLE = 4;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function showToast(input: { message: string; severity?: ToastSeverity; duration?: number; action?: ToastItem['action'] }): number {
  const id = nextId++;
  const item: ToastItem = { id, message: input.message, severity: input.severity ?? 'info', duration: input.duration ?? DEFAULT_TOAST_MS, action: input.action };
  // The same message twice in a row (e.g. two failing queries) shows once.
  const withoutDuplicate = items.filter((existing) => existing.message !== item.message);
  emit([...withoutDuplicate, item].slice(-MAX_VISIBLE));
  return id;
}

export function dismissToast(id: number): void {
  emit(items.filter((item) => item.id !== id));
}

export function getToasts(): ToastItem[] {
  return items;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
