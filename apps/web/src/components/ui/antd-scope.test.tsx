import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Alert, DatePicker, Form, Input, Select, Tabs } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { namedPictures } from '../../testing/named-pictures';
import { setUpComponentTests } from '../../testing/render';
import { AntdScope } from './antd-scope';

/** A required reason of at most five letters, checked by the button. */
function ReasonForm() {
  const [form] = Form.useForm();
  return (
    <Form form={form}>
      <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, max: 5 }]}>
        <Input />
      </Form.Item>
      <button type="button" onClick={() => void form.validateFields().catch(() => undefined)}>
        Check
      </button>
    </Form>
  );
}

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

  it.each([
    ['spaces only', '   ', 'This field is required'],
    ['too long', 'x'.repeat(6), 'This text is too long'],
  ])("words Ant Design's own rule messages as the contract does: %s", async (_, value, message) => {
    render(
      <AntdScope>
        <ReasonForm />
      </AntdScope>,
    );
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check' })));
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
  });
});
