import type { Locator, Page } from 'playwright-core';
import { poll } from './harness';

/** The Ant Design Select around a combobox found by its label: its text is the chosen option's label. */
function selectRoot(combobox: Locator): Locator {
  return combobox.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
}

/**
 * Chooses an option of an Ant Design Select and waits until the Select shows it. On a loaded machine the
 * option list can close again (focus moves, the opening animation is still running) before the click on the
 * option lands, so the list is opened again until the choice shows; the test then goes on with the value
 * really chosen, never with an empty field.
 */
export async function chooseSelectOption(
  page: Page,
  combobox: Locator,
  option: string | RegExp,
): Promise<void> {
  const root = selectRoot(combobox);
  const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const matches = (text: string | null) =>
    typeof option === 'string' ? (text ?? '').includes(option) : option.test(text ?? '');
  await poll(
    async () => {
      if (matches(await root.textContent())) {
        return true;
      }
      if ((await openList.count()) === 0) {
        await combobox.click();
      }
      await openList
        .locator('.ant-select-item-option')
        .filter({ hasText: option })
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      return matches(await root.textContent());
    },
    { timeout: 30_000, interval: 500 },
  ).toBe(true);
}

/**
 * Types into a searchable Ant Design Select, takes the first match with Enter, and waits until the Select
 * shows it.
 */
export async function typeSelectOption(page: Page, combobox: Locator, text: string): Promise<void> {
  const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await poll(() => openList.count()).toBe(0);
  await combobox.click();
  await combobox.fill(text);
  await poll(() =>
    openList.locator('.ant-select-item-option').filter({ hasText: text }).count(),
  ).toBeGreaterThan(0);
  await combobox.press('Enter');
  await poll(() => openList.count()).toBe(0);
  await poll(async () => (await selectRoot(combobox).textContent()) ?? '').toContain(text);
}
