import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent, lazyModule } from './lazy-module.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A module whose import the test answers, and a component over it. */
function deferredGreeting() {
  let answer!: (code: { Greeting: typeof Greeting }) => void;
  const code = lazyModule(() => new Promise<{ Greeting: typeof Greeting }>((resolve) => (answer = resolve)));
  return { code, answer: (loaded: { Greeting: typeof Greeting }) => answer(loaded), Component: lazyComponent(code, (loaded) => loaded.Greeting) };
}

const page = (element: React.ReactNode) => render(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);

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

  it('loads its code once for every place that shows it', async () => {
    let imports = 0;
    const code = lazyModule(async () => (imports++, { Greeting }));
    const Component = lazyComponent(code, (loaded) => loaded.Greeting);
    page(
      <>
        <Component name="Ada" />
        <Component name="Grace" />
      </>,
    );
    expect(await screen.findByText('Hello, Grace')).toBeInTheDocument();
    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    expect(imports).toBe(1);
  });
});
