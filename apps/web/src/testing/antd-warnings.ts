import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';

/**
 * Fails each test of the file during which Ant Design warned (a deprecated prop, a misuse): it only prints them to
 * the console, where nobody reads them. Call once at the top of a `describe`.
 */
export function failOnAntdWarnings() {
  let spies: MockInstance[] = [];
  beforeEach(() => {
    spies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  });
  afterEach(() => {
    const warnings = spies
      .flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' ')))
      .filter((text) => text.includes('[antd'));
    for (const spy of spies) {
      spy.mockRestore();
    }
    expect(warnings).toEqual([]);
  });
}
