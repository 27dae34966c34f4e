import { act, fireEvent, render, screen } from '@testing-library/react';
import { Alert, DatePicker, Select, Tabs } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { namedPictures } from '../../testing/named-pictures';
import { setUpComponentTests } from '../../testing/render';
import { AntdScope } from './antd-scope';

describe('AntdScope', () => {
  setUpComponentTests();

  it("names the icons inside Ant Design's controls in the page's language or hides them", () => {
    const onChange = vi.fn();
    render(
      <AntdScope>
        <Alert type="info" showIcon title="Withdrawals are reviewed within a day" />
        <Select
          aria-label="Status"
          allowClear
          value="open"
          onChange={onChange}
          options={[{ value: 'open', label: 'Open' }]}
        />
        <DatePicker aria-label="Day" allowClear value={dayjs('2026-12-01')} />
      </AntdScope>,
    );
    // Before: "info-circle", "down", "close-circle" and "calendar", in English whatever the language.
    expect(namedPictures()).toEqual(['Clear', 'Clear']);
    fireEvent.mouseDown(screen.getAllByRole('img', { name: 'Clear' })[0] as Element);
    fireEvent.click(screen.getAllByRole('img', { name: 'Clear' })[0] as Element);
    expect(onChange).toHaveBeenCalledWith(undefined, undefined);
  });

  it("names the tab bar's overflow button", async () => {
    render(
      <AntdScope>
        <Tabs
          items={Array.from({ length: 3 }, (_, i) => ({ key: String(i), label: `Tab ${i}`, children: i }))}
        />
      </AntdScope>,
    );
    await act(async () => {});
    const more = document.querySelector('.ant-tabs-nav-more');
    expect(more?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('More');
  });
});
