import "@testing-library/jest-dom";

// jsdom lacks ResizeObserver, which Radix primitives (checkbox, switch, popover) use to measure themselves.
if (typeof window !== "undefined" && !("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// Every component test renders inside the English catalogue, as the root layout renders every page
// (app/layout.tsx); a test of another language puts its own NextIntlClientProvider inside.
jest.mock("@testing-library/react", () => {
  const actual = jest.requireActual("@testing-library/react");
  const { withIntl } = jest.requireActual("./intl-wrapper");
  return {
    ...actual,
    render: (ui: unknown, options: { wrapper?: unknown } = {}) => actual.render(ui, { ...options, wrapper: withIntl(options.wrapper) }),
    renderHook: (hook: unknown, options: { wrapper?: unknown } = {}) =>
      actual.renderHook(hook, { ...options, wrapper: withIntl(options.wrapper) }),
  };
});
