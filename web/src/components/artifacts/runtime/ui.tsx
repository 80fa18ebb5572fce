import type { ButtonHTMLAttributes, HTMLAttributes, InputHTMLAttributes } from 'react';

/**
 * The shadcn-style components a React artifact may import from "@/components/ui" (shadcn mode):
 * our own small set, styled with inline CSS because the sandboxed frame loads no stylesheet.
 */
const palette = { ink: '#2b2420', soft: '#6b5f57', line: '#e4d9cf', surface: '#fffdf9', accent: '#b4532a', accentInk: '#fff8f2' };

const buttonBase = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: 6, borderRadius: 10, fontWeight: 500, cursor: 'pointer', font: 'inherit', border: '1px solid transparent' } as const;
const buttonVariants = {
  default: { background: palette.accent, color: palette.accentInk },
  outline: { background: palette.surface, color: palette.ink, borderColor: palette.line },
  ghost: { background: 'transparent', color: palette.soft },
} as const;
const buttonSizes = { sm: { height: 32, padding: '0 12px', fontSize: 13 }, md: { height: 40, padding: '0 16px', fontSize: 14 }, lg: { height: 48, padding: '0 22px', fontSize: 16 } } as const;

export function Button({ variant = 'default', size = 'md', style, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonVariants; size?: keyof typeof buttonSizes }) {
  return <button type="button" style={{ ...buttonBase, ...buttonVariants[variant], ...buttonSizes[size], ...style }} {...props} />;
}

export function Card({ style, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div style={{ background: palette.surface, border: `1px solid ${palette.line}`, borderRadius: 16, boxShadow: '0 1px 3px rgba(43,36,32,.08)', color: palette.ink, ...style }} {...props} />;
}

export function CardHeader({ style, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div style={{ padding: '20px 20px 8px', ...style }} {...props} />;
}

export function CardTitle({ style, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 style={{ margin: 0, fontFamily: 'Georgia, serif', fontSize: 20, fontWeight: 600, ...style }} {...props} />;
}

export function CardContent({ style, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div style={{ padding: '8px 20px 20px', ...style }} {...props} />;
}

export function Input({ style, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input style={{ height: 40, width: '100%', boxSizing: 'border-box', borderRadius: 10, border: `1px solid ${palette.line}`, padding: '0 12px', font: 'inherit', color: palette.ink, background: palette.surface, ...style }} {...props} />;
}
