import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { EndDrawer } from './end-drawer';

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
});
