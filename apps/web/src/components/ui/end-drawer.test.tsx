import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { EndDrawer } from './end-drawer';

function OrderRow() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Details</Button>
      <EndDrawer open={isOpen} title="Order" onClose={() => setIsOpen(false)}>
        <Button>Ship</Button>
      </EndDrawer>
    </>
  );
}

describe('EndDrawer', () => {
  setUpComponentTests();

  it('opens from the end of the reading direction: the right, and the left in right-to-left', () => {
    render(
      <EndDrawer open title="Order">
        Details
      </EndDrawer>,
    );
    expect(document.querySelector('.ant-drawer-right')).not.toBeNull();
    render(
      <ConfigProvider direction="rtl">
        <EndDrawer open title="الطلب">
          التفاصيل
        </EndDrawer>
      </ConfigProvider>,
    );
    expect(document.querySelector('.ant-drawer-left')).not.toBeNull();
  });

  it('gives the focus back to the button that opened it once it closes', async () => {
    render(<OrderRow />);
    const details = screen.getByRole('button', { name: 'Details' });
    details.focus();
    await act(async () => fireEvent.click(details));
    // In the drawer (Chromium moves the focus there as it opens; jsdom needs a hand).
    const ship = await screen.findByRole('button', { name: 'Ship' });
    ship.focus();
    await act(async () =>
      fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 }),
    );
    await waitFor(() => expect(document.activeElement).toBe(details));
  });
});
