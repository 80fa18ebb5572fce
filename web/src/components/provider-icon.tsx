import clsx from 'clsx';
import type { SocialProvider } from '@meld/shared';

/** Simplified monochrome marks; they inherit the text colour so they suit both themes. */
const paths: Record<SocialProvider, string> = {
  google: 'M21.6 12.2c0-.7-.1-1.3-.2-1.9H12v3.7h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.8 3-4.4 3-7.3ZM12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Zm-5.6-8a6 6 0 0 1 0-3.9V7.5H3.1a10 10 0 0 0 0 9Zm5.6-8.1c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.7 9.4 5.9 12 5.9Z',
  facebook: 'M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12Z',
  openid: 'M11 3.5 14 2v18.6c-4.7-.4-8.5-3-8.5-6.4 0-3 3-5.4 7.1-6.1v2.2c-2.6.5-4.4 2.1-4.4 3.9 0 1.9 1.9 3.4 4.8 3.8Zm3.8 4.7c1.6.2 3 .7 4.2 1.4L21 8.5v5.4h-6.1l1.9-1.1a8 8 0 0 0-2-.9Z',
  github: 'M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.4-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.4 1.1 2.9.8.1-.6.4-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.2-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.7-1 2.7-1 .6 1.4.2 2.5.1 2.7.7.7 1 1.6 1 2.7 0 3.9-2.3 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2Z',
  discord: 'M19.3 5.3A16.5 16.5 0 0 0 15.2 4l-.5 1a15 15 0 0 0-5.4 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C2.1 9.2 1.4 13 1.8 16.8a16.6 16.6 0 0 0 5 2.5l1.1-1.7-1.7-.8.4-.3a11.8 11.8 0 0 0 10.8 0l.4.3-1.7.8 1.1 1.7a16.5 16.5 0 0 0 5-2.5c.4-4.4-.7-8.2-2.9-11.5ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z',
  apple: 'M16.4 12.6c0-2.5 2-3.7 2.1-3.8a4.6 4.6 0 0 0-3.6-2c-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.8a4.9 4.9 0 0 0-4.1 2.5c-1.8 3.1-.5 7.6 1.2 10.1.9 1.2 1.9 2.6 3.2 2.5 1.3 0 1.8-.8 3.3-.8s2 .8 3.3.8c1.4 0 2.3-1.3 3.1-2.5a10.9 10.9 0 0 0 1.4-2.9 4.4 4.4 0 0 1-2.8-4ZM14 5.1A4.5 4.5 0 0 0 15 1.8a4.6 4.6 0 0 0-3 1.6 4.3 4.3 0 0 0-1.1 3.2A3.8 3.8 0 0 0 14 5.1Z',
};

export function ProviderIcon({ provider, className = 'size-5' }: { provider: SocialProvider; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={clsx('shrink-0', className)} fill="currentColor" aria-hidden="true">
      <path d={paths[provider]} />
    </svg>
  );
}

/** Line marks for the kinds of model endpoint (spec 000 section 1), on the same 24×24 grid, drawn with a stroke. */
const endpointMarks: Record<string, string> = {
  // A hexagonal knot.
  openAI: 'M12 3 19.8 7.5v9L12 21l-7.8-4.5v-9zM12 8.5 15 10.25v3.5L12 15.5 9 13.75v-3.5zM12 3v5.5M19.8 16.5 15 13.75M4.2 16.5 9 13.75',
  // A lettered A and a slash.
  anthropic: 'M3.5 19.5 9 4.5h2l5.5 15M5.7 13.5h8.6M15 4.5l5.5 15',
  // Two sails.
  azureOpenAI: 'M10.5 4 3.5 19.5h6.5M10.5 4h3l7 15.5h-10.5l6-4.5',
  // Stacked layers of rock.
  bedrock: 'M12 4 20.5 8.5 12 13 3.5 8.5zM3.5 12.5 12 17l8.5-4.5M3.5 16 12 20.5l8.5-4.5',
  // A plug: any compatible provider.
  custom: 'M9 3.5v4M15 3.5v4M6.5 7.5h11v3a5.5 5.5 0 0 1-11 0zM12 16v4.5',
  // A spark: the offline demo.
  demo: 'M12 3.5c.6 4.2 2.3 5.9 6.5 6.5-4.2.6-5.9 2.3-6.5 6.5-.6-4.2-2.3-5.9-6.5-6.5 4.2-.6 5.9-2.3 6.5-6.5ZM18.5 16.5v4M16.5 18.5h4',
  // A face with an antenna: agents.
  agents: 'M12 3.5v3M6.5 6.5h11a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-11a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2ZM9.5 11.5v1.5M14.5 11.5v1.5M9.5 15.5h5',
};

/**
 * The mark of a model endpoint's kind (`openAI`, `anthropic`, `google`…); Google shares its
 * sign-in mark, and a kind without its own mark (custom endpoints) shows the plug.
 */
export function EndpointIcon({ kind, className = 'size-4' }: { kind: string; className?: string }) {
  if (kind === 'google') return <ProviderIcon provider="google" className={className} />;
  return (
    <svg viewBox="0 0 24 24" className={clsx('shrink-0', className)} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={endpointMarks[kind] ?? endpointMarks.custom} />
    </svg>
  );
}
