import { types } from 'node:util';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, type FormInstance, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppForm } from '../components/ui/app-form';
import { NumberInput } from '../components/ui/number-input';
import { setUpComponentTests } from '../testing/render';
import { parseFormValues } from './form';

/** Where each scrollIntoView was asked for, with the room kept above the item at that moment. */
let scrolls: { element: Element; marginTop: string }[] = [];
const nativeScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

function TwoFieldForm({
  formRef,
  onFinish,
}: {
  formRef?: (form: FormInstance) => void;
  onFinish?: () => void;
}) {
  const [form] = Form.useForm();
  formRef?.(form);
  return (
    <AppForm form={form} onFinish={onFinish}>
      <Form.Item name="account" label="Account" rules={[{ required: true, message: 'Account is required' }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="password"
        label="Password"
        rules={[{ required: true, message: 'Password is required' }]}
      >
        <Input />
      </Form.Item>
      <Button htmlType="submit">Register</Button>
    </AppForm>
  );
}

describe('revealing the first invalid field', () => {
  setUpComponentTests();
  beforeEach(() => {
    scrolls = [];
    // The test DOM does not scroll: record what the form asks for.
    Element.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolls.push({ element: this, marginTop: this.style.scrollMarginTop });
    });
  });
  afterEach(() => {
    if (nativeScrollIntoView) {
      Object.defineProperty(Element.prototype, 'scrollIntoView', nativeScrollIntoView);
    } else {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
    document.querySelector('.cv-header')?.remove();
  });

  it('a refused submit focuses the first invalid field and scrolls its item clear of the sticky header', async () => {
    const header = document.createElement('header');
    header.className = 'cv-header';
    header.style.position = 'sticky';
    header.getBoundingClientRect = () => ({ bottom: 92, top: 0 }) as DOMRect;
    document.body.prepend(header);
    const onFinish = vi.fn();
    render(<TwoFieldForm onFinish={onFinish} />);
    const register = screen.getByRole('button', { name: 'Register' });
    register.focus();
    fireEvent.click(register);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Account')));
    expect(onFinish).not.toHaveBeenCalled();
    expect(scrolls).toHaveLength(1);
    const [scroll] = scrolls;
    expect(scroll?.element).toBe(screen.getByLabelText('Account').closest('.ant-form-item'));
    // The header's 92 px plus the gap, only while scrolling: the item's own style is left as it was.
    expect(scroll?.marginTop).toBe('108px');
    expect((scroll?.element as HTMLElement | undefined)?.style.scrollMarginTop).toBe('');
  });

  it('a schema refusal inside onFinish reveals the first field in page order, not in the order of the errors', async () => {
    let form: FormInstance | undefined;
    const schema = z.object({ account: z.string().min(3), password: z.string().min(8) });
    render(
      <TwoFieldForm
        formRef={(instance) => {
          form = instance;
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    // The password's issue first: the field above it is still the one shown.
    const parsed = parseFormValues(
      form as FormInstance,
      schema,
      { password: 'short', account: 'ab' },
      ((key: string) => key) as never,
    );
    expect(parsed).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Account')));
    expect(scrolls.map((entry) => entry.element)).toEqual([
      screen.getByLabelText('Account').closest('.ant-form-item'),
    ]);
    expect(scrolls[0]?.marginTop).toBe('16px');
  });

  it('two number fields refused: the first one in page order is focused (their refs are proxies of the input)', async () => {
    const onFinish = vi.fn();
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    // Chromium's DOM methods take no Proxy for a Node (jsdom's do): rc-input-number's ref is a Proxy of its <input>.
    const nativeCompare = Node.prototype.compareDocumentPosition;
    Node.prototype.compareDocumentPosition = function (this: Node, other: Node) {
      if (types.isProxy(this) || types.isProxy(other)) {
        throw new TypeError(
          "Failed to execute 'compareDocumentPosition' on 'Node': parameter 1 is not of type 'Node'.",
        );
      }
      return nativeCompare.call(this, other);
    };
    try {
      render(
        <AppForm onFinish={onFinish} initialValues={{ buyMin: 600, buyMax: 50 }}>
          <Form.Item
            name="buyMin"
            label="Minimum"
            rules={[{ type: 'number', max: 500, message: 'At most 500' }]}
          >
            <NumberInput />
          </Form.Item>
          <Form.Item
            name="buyMax"
            label="Maximum"
            rules={[{ type: 'number', min: 600, message: 'Below the minimum' }]}
          >
            <NumberInput />
          </Form.Item>
          <Button htmlType="submit">Save</Button>
        </AppForm>,
      );
      const save = screen.getByRole('button', { name: 'Save' });
      save.focus();
      fireEvent.click(save);
      await screen.findByText('Below the minimum');
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Minimum' })),
      );
      expect(errors).toEqual([]);
      expect(onFinish).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('error', onError);
      Node.prototype.compareDocumentPosition = nativeCompare;
    }
  });

  it('only the password wrong: the password is focused', async () => {
    render(<TwoFieldForm />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'demobuyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    expect(scrolls[0]?.element).toBe(screen.getByLabelText('Password').closest('.ant-form-item'));
  });
});
