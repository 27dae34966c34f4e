import { describe, expect, it } from 'vitest';
import { captureRemovalPlace } from './removal-focus';

/** A marked list of three rows, each with its removing button, and a confirmation dialog holding a button. */
function setUp() {
  document.body.innerHTML = `
    <div data-removal-list tabindex="-1">
      <button data-removal-focus id="a">Delete A</button>
      <button data-removal-focus id="b">Delete B</button>
      <button data-removal-focus id="c">Delete C</button>
    </div>
    <div class="ant-modal-root"><div role="dialog"><button id="ok">OK</button></div></div>`;
  const byId = (id: string) => document.getElementById(id)!;
  return { byId };
}

const nextFrames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });

describe('captureRemovalPlace', () => {
  it('waits for a confirmation still holding the focus to close, then gives it to the next row (QA: banners)', async () => {
    const { byId } = setUp();
    const place = captureRemovalPlace(byId('b'));
    // The row goes while the confirmation still has the focus on its OK.
    byId('ok').focus();
    byId('b').remove();
    place!.focusNeighbourOnceRemoved();
    await nextFrames(2);
    expect(document.activeElement).toBe(byId('ok'));
    // The confirmation closes: its focus falls to the page, and the next row's button takes it.
    document.querySelector('.ant-modal-root')!.remove();
    await nextFrames(3);
    expect(document.activeElement).toBe(byId('c'));
  });

  it('leaves alone a focus the user moved elsewhere meanwhile', async () => {
    const { byId } = setUp();
    const place = captureRemovalPlace(byId('b'));
    byId('a').focus();
    byId('b').remove();
    place!.focusNeighbourOnceRemoved();
    await nextFrames(3);
    expect(document.activeElement).toBe(byId('a'));
  });
});
