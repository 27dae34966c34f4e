import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { cssMediaBlock } from '../../testing/css-rules';
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

  it("puts a narrow screen's decisions on a line below the title, away from the close button (QA consoles 5)", () => {
    render(
      <EndDrawer
        open
        title="Harbour Lights Trading"
        rootClassName="cv-finance-drawer"
        extra={<Button>Reject</Button>}
      >
        Details
      </EndDrawer>,
    );
    const root = document.querySelector('.cv-end-drawer')!;
    // The caller's own class is kept beside it.
    expect(root.classList.contains('cv-finance-drawer')).toBe(true);
    expect(root.querySelector('.ant-drawer-header .ant-drawer-extra')?.textContent).toBe('Reject');
    const narrow = cssMediaBlock('apps/web/src/app/global.css', '(max-width: 767px)');
    expect(narrow).toMatch(/\.cv-end-drawer \.ant-drawer-header \{\s*flex-wrap: wrap;/);
    // The title takes a whole line too: with its basis of 0 it shared the line with the actions and got no width.
    expect(narrow).toMatch(
      /\.cv-end-drawer \.ant-drawer-header-title,\s*\.cv-end-drawer \.ant-drawer-extra \{\s*flex-basis: 100%;/,
    );
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
