import { render, screen } from '@testing-library/react';
import { Component as ReactComponent, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, lazyModule, useLazyModule } from './lazy-module.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A module whose import the test answers, and a component over it. */
function deferredGreeting() {
  let answer!: (code: { Greeting: typeof Greeting }) => void;
  const code = lazyModule(() => new Promise<{ Greeting: typeof Greeting }>((resolve) => (answer = resolve)));
  return { code, answer: (loaded: { Greeting: typeof Greeting }) => answer(loaded), Component: lazyComponent(code, (loaded) => loaded.Greeting) };
}

/** Shows the error a child threw, as the route's error screen does. */
class Caught extends ReactComponent<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

const page = (element: ReactNode) => render(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);

describe('lazyComponent', () => {
  it('shows the fallback while its code loads, then the component', async () => {
    const { answer, Component } = deferredGreeting();
    page(<Component name="Ada" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    answer({ Greeting });
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
  });

  it('renders at once, in the same pass as the page, when its code has already loaded (React.lazy shows the fallback first)', async () => {
    const { code, answer, Component } = deferredGreeting();
    const loading = code.load();
    answer({ Greeting });
    await loading;
    page(<Component name="Grace" />);
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('after a failed load shows the error, and the next mount loads again (React.lazy alone keeps the failure)', async () => {
    const importer = vi.fn().mockRejectedValue(new Error('chunk gone'));
    const code = lazyModule<{ Greeting: typeof Greeting }>(importer);
    const Component = lazyComponent(code, (loaded) => loaded.Greeting);
    const first = page(
      <Caught>
        <Component name="Ada" />
      </Caught>,
    );
    expect(await screen.findByText('Failed: chunk gone')).toBeInTheDocument();
    first.unmount();
    // The connection is back.
    importer.mockResolvedValue({ Greeting });
    page(
      <Caught>
        <Component name="Ada" />
      </Caught>,
    );
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
  });
});

describe('useLazyModule with a module asked for after the paint', () => {
  it('asks again for a component after one whose frame never came (CI: a test with fake timers left every later code block plain)', async () => {
    const module = lazyModule(() => Promise.resolve('loaded'), { afterPaint: true });
    function Show() {
      return <p>{useLazyModule(module, true) ?? 'waiting'}</p>;
    }
    vi.useFakeTimers();
    try {
      render(<Show />).unmount();
    } finally {
      vi.useRealTimers();
    }
    render(<Show />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });
});
